import {
  DATASET_MAX_BYTES,
  type GenerativeTab,
  type KnowledgeSource,
  type LiteBot,
  type LiteCsv,
  type LiteDraft,
} from '@parley/contracts';
import { defaultLiteHours } from '@parley/flow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, claimsOf, registerOwner } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';
import { usageOf } from '../llm/llm-usage.repository';

const answers = {
  businessName: 'Casa Lola',
  website: 'https://casalola.example',
  purpose: 'questions',
  tone: 'friendly',
  language: 'en',
  greeting: '',
  hours: defaultLiteHours(),
  faqs: [{ question: 'Do you deliver?', answer: 'Yes, within 5 km of the shop.' }],
  contact: { email: 'hola@casalola.example', phone: '', handoff: 'inbox' },
};

const catalogue = [
  'SKU,Product,Price,Category',
  'SKU-1042,Red running shoes,59.90,Shoes',
  'SKU-2001,Blue rain jacket,89.00,Jackets',
].join('\n');

/** What the fake model writes: answers in order, suggestions, or (for "Garbled") no JSON at all. */
function modelWrites(body: Record<string, unknown>): string[] {
  const messages = body.messages as { role: string; content: string }[];
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  if (user.includes('Garbled')) return ['Sorry, ', 'I cannot help.'];
  const drafted = user.includes('Answer each')
    ? {
        faqs: [
          { question: 'Do you deliver?', answer: 'Yes, we deliver nearby; ask the team for your area.' },
          { question: 'Can I pay by card?', answer: 'Yes, {{ all }} cards are welcome.' },
        ],
      }
    : {
        faqs: [
          { question: 'What do you sell?', answer: 'Fresh flowers and plants.' },
          { question: 'Do you make bouquets to order?', answer: 'Yes: tell us the occasion.' },
          { question: '', answer: 'A pair without a question is dropped.' },
        ],
      };
  const text = `\`\`\`json\n${JSON.stringify(drafted)}\n\`\`\``;
  return [text.slice(0, 20), text.slice(20)];
}

describe('the guided form’s knowledge: a CSV of questions, a catalogue, drafted answers', () => {
  const model = fakeOpenAi({
    tokens: modelWrites,
    beforeAnswer: async (body) => {
      if (JSON.stringify(body).includes('Slow Shop'))
        await new Promise((resolve) => setTimeout(resolve, 1500));
    },
  });
  let t: TestApp;
  let unconfigured: TestApp;
  let lite: Record<string, string>;
  let companyId: string;
  let plainLite: Record<string, string>;

  const liteOwner = async (app: TestApp, email: string) => {
    const owner = await registerOwner(app, { email });
    const id = claimsOf(owner.auth.token).companyId;
    await app.database.db
      .updateTable('companies')
      .set({ company_type: 'Lite' })
      .where('id', '=', id)
      .execute();
    return { headers: authHeader(owner.auth.token), companyId: id };
  };

  beforeAll(async () => {
    const baseUrl = await model.listen();
    [t, unconfigured] = await Promise.all([
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl, LLM_TIMEOUT_MS: '1000' }),
      createTestApp(),
    ]);
    ({ headers: lite, companyId } = await liteOwner(t, 'lena@lite.example'));
    plainLite = (await liteOwner(unconfigured, 'nora@lite.example')).headers;
  });
  afterAll(async () => {
    await Promise.all([t.close(), unconfigured.close()]);
    await model.close();
  });

  const readCsv = (body: string | Buffer, query = 'fileName=faqs.csv', app = t, headers = lite) =>
    app.request({
      method: 'POST',
      url: `/api/lite/csv?${query}`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });

  it('reads a two-column CSV as questions and answers to review, with the knowledge reader', async () => {
    const read = await readCsv(
      'Question,Answer\nDo you deliver?,"Yes, within 5 km."\n"Open on Sundays?","No; ""Sunday"" is rest day."\n',
    );
    expect(read.statusCode).toBe(200);
    expect(read.json<LiteCsv>()).toEqual({
      kind: 'faqs',
      rowCount: 2,
      faqs: [
        { question: 'Do you deliver?', answer: 'Yes, within 5 km.' },
        { question: 'Open on Sundays?', answer: 'No; "Sunday" is rest day.' },
      ],
    });

    // Semicolons and Windows-1252, as a Spanish spreadsheet saves it: sniffed as an upload is.
    const spanish = Buffer.from('pregunta;respuesta\n¿Abrís el domingo?;No, cerramos.\n', 'latin1');
    expect((await readCsv(spanish)).json<LiteCsv>()).toMatchObject({
      faqs: [{ question: '¿Abrís el domingo?', answer: 'No, cerramos.' }],
    });

    // A lite bot keeps twelve questions: the first twelve come back, with how many the file has.
    const many = ['question,answer', ...Array.from({ length: 20 }, (_, i) => `Q${i + 1}?,A${i + 1}`)].join(
      '\n',
    );
    const first = (await readCsv(many)).json<LiteCsv>();
    expect(first.kind === 'faqs' && [first.faqs.length, first.rowCount, first.faqs[11]]).toEqual([
      12,
      20,
      { question: 'Q12?', answer: 'A12' },
    ]);
  });

  it('refuses an empty, broken, too large or wrongly shaped file by name, storing nothing', async () => {
    const refusal = async (body: string | Buffer, query?: string) => {
      const response = await readCsv(body, query);
      const { error } = response.json<{ error: { name: string; details?: { reason?: string } } }>();
      return `${response.statusCode} ${error.name} ${error.details?.reason ?? ''}`.trim();
    };
    expect(await refusal('')).toBe('400 ValidationException empty');
    expect(await refusal('\n\n')).toBe('400 ValidationException empty');
    expect(await refusal('question,answer\n')).toBe('400 ValidationException empty');
    expect(await refusal('question,answer\n"Open?,Yes\n')).toBe('400 ValidationException bad-csv');
    expect(await refusal('question,answer\nOpen?,Yes,Always\n')).toBe('400 ValidationException bad-csv');
    expect(await refusal('name,email,phone\nAda,ada@example.com,1\n')).toBe(
      '400 ValidationException wrong-columns',
    );
    expect(await refusal('question\nOpen?\n', 'fileName=one.csv&catalogue=true')).toBe(
      '400 ValidationException wrong-columns',
    );
    expect(await refusal(Buffer.alloc(DATASET_MAX_BYTES + 1, 'a'))).toBe('413 PayloadTooLargeException');
    const wrong = (await readCsv('name,email,phone\nAda,ada@example.com,1\n')).json<{
      error: { message: string; details: { columns: string[] } };
    }>().error;
    expect(wrong.message).toMatch(/two columns, question and answer; this one has 3 \(name, email, phone\)/);
    expect(wrong.details.columns).toEqual(['name', 'email', 'phone']);
    expect(await t.database.db.selectFrom('knowledge_sources').select('id').execute()).toEqual([]);
  });

  it('attaches a catalogue to the new bot as a dataset, with generative answers on; lite settings keep it', async () => {
    const read = (await readCsv(catalogue, 'fileName=prices.csv&catalogue=true')).json<LiteCsv>();
    expect(read).toEqual({
      kind: 'catalogue',
      fileName: 'prices.csv',
      columns: ['SKU', 'Product', 'Price', 'Category'],
      rowCount: 2,
    });
    const bot = (
      await t.request({ method: 'POST', url: '/api/lite/bots', headers: lite, payload: answers })
    ).json<LiteBot>();
    const attached = await t.request({
      method: 'POST',
      url: `/api/lite/bots/${bot.id}/catalogue?fileName=prices.csv`,
      headers: { ...lite, 'content-type': 'text/csv' },
      payload: catalogue,
    });
    expect(attached.statusCode).toBe(202);
    const source = attached.json<KnowledgeSource>();
    await eventually(async () => {
      const shown = (
        await t.request({
          method: 'GET',
          url: `/api/bots/${bot.id}/knowledge/datasets/${source.id}`,
          headers: lite,
        })
      ).json<{ source: KnowledgeSource }>().source;
      return shown.live?.state === 'ready' ? shown : undefined;
    }, 30_000);
    const tab = async () =>
      (
        await t.request({ method: 'GET', url: `/api/bots/${bot.id}/generative`, headers: lite })
      ).json<GenerativeTab>();
    expect((await tab()).settings).toMatchObject({ enabled: true, allSources: true });

    // Still a lite bot: its settings open, and saving new answers keeps the generative answers on.
    const opened = (
      await t.request({ method: 'GET', url: `/api/lite/bots/${bot.id}`, headers: lite })
    ).json<LiteBot>();
    const saved = await t.request({
      method: 'PUT',
      url: `/api/lite/bots/${bot.id}`,
      headers: lite,
      payload: { answers: { ...answers, greeting: 'Hi there!' }, baseRevision: opened.draft_revision },
    });
    expect(saved.statusCode).toBe(200);
    expect((await tab()).settings.enabled).toBe(true);

    // The tester answers a question the menus do not from the catalogue.
    const tested = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/generative/test`,
      headers: lite,
      payload: { question: 'How much are the red running shoes?', settings: (await tab()).settings },
    });
    expect(tested.json()).toMatchObject({
      retrieved: expect.arrayContaining([expect.objectContaining({ sent: true })]),
    });
  });

  it('refuses a catalogue without a configured model, and another company’s bot', async () => {
    const bot = (
      await unconfigured.request({
        method: 'POST',
        url: '/api/lite/bots',
        headers: plainLite,
        payload: answers,
      })
    ).json<LiteBot>();
    const attach = (app: TestApp, headers: Record<string, string>, botId: string) =>
      app.request({
        method: 'POST',
        url: `/api/lite/bots/${botId}/catalogue?fileName=prices.csv`,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: catalogue,
      });
    const refused = await attach(unconfigured, plainLite, bot.id);
    expect([refused.statusCode, refused.json().error.name]).toEqual([503, 'NotConfiguredException']);
    const foreign = await attach(t, lite, bot.id);
    expect([foreign.statusCode, foreign.json().error.name]).toEqual([404, 'NotFoundException']);
  });

  const draft = (payload: object, app = t, headers = lite) =>
    app.request({ method: 'POST', url: '/api/lite/answer-drafts', headers, payload });
  const business = { businessName: 'Casa Lola', purpose: 'questions', tone: 'friendly', language: 'en' };

  it('drafts answers to the questions typed in, in order, without template markup; tokens counted', async () => {
    const drafted = await draft({ ...business, questions: ['Do you deliver?', 'Can I pay by card?'] });
    expect(drafted.statusCode).toBe(200);
    expect(drafted.json<LiteDraft>()).toEqual({
      model: expect.any(String),
      faqs: [
        { question: 'Do you deliver?', answer: 'Yes, we deliver nearby; ask the team for your area.' },
        { question: 'Can I pay by card?', answer: 'Yes, { all }} cards are welcome.' },
      ],
    });
    const sent = model.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.map((message) => message.content).join('\n')).toMatch(
      /Casa Lola[\s\S]*1\. Do you deliver\?\n2\. Can I pay by card\?/,
    );
    expect(await usageOf(t.database.db, companyId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'lite-draft', calls: 1 })]),
    );
  });

  it('suggests common questions with answers when none is typed in', async () => {
    const drafted = (
      await draft({ ...business, businessName: 'Flores Ana', questions: [] })
    ).json<LiteDraft>();
    expect(drafted.faqs).toEqual([
      { question: 'What do you sell?', answer: 'Fresh flowers and plants.' },
      { question: 'Do you make bouquets to order?', answer: 'Yes: tell us the occasion.' },
    ]);
  });

  it('names what went wrong: no model, a model answering nonsense or too slowly, bad input', async () => {
    const named = async (response: Awaited<ReturnType<typeof draft>>) =>
      `${response.statusCode} ${response.json().error.name}`;
    expect(await named(await draft(business, unconfigured, plainLite))).toBe('503 NotConfiguredException');
    expect(await named(await draft({ ...business, businessName: 'Garbled' }))).toBe('502 UpstreamException');
    expect(await named(await draft({ ...business, businessName: 'Slow Shop' }))).toBe(
      '502 UpstreamException',
    );
    expect(await named(await draft({ ...business, businessName: '' }))).toBe('400 ValidationException');
    expect(await named(await draft({ ...business, questions: Array(13).fill('Open?') }))).toBe(
      '400 ValidationException',
    );
  });
});
