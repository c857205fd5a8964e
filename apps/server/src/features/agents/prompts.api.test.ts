import type {
  Agent,
  AgentRun,
  BotDetail,
  KnowledgeSource,
  Prompt,
  PromptRunResult,
  PromptVersion,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';

type Body = Record<string, unknown>;
const messagesOf = (body: Body) => body.messages as { role: string; content?: string }[];
const visitorSaid = (body: Body) =>
  messagesOf(body).findLast((message) => message.role === 'user')?.content ?? '';

/** The model searches the knowledge when asked about a price, then answers. */
function script(body: Body) {
  if (messagesOf(body).some((message) => message.role === 'tool')) return undefined;
  if (visitorSaid(body).includes('price'))
    return [{ name: 'search_knowledge', arguments: '{"query":"rain jacket"}' }];
  return undefined;
}

const support = {
  name: 'Support voice',
  description: 'How we talk to customers',
  template: 'You work for {{ shop }}. Answer in {{ tone }} words.',
  variables: [
    { name: 'shop', description: 'The shop’s name', sample: 'Tea Shop' },
    { name: 'tone', description: '', sample: 'friendly' },
  ],
};

describe('the prompt library, streamed playground turns and knowledge sources', () => {
  const model = fakeOpenAi({ tokens: ['Hello', ' there.'], toolCalls: script });
  let t: TestApp;
  let bearer: Record<string, string>;
  let jwt: Record<string, string>;
  let other: Record<string, string>;
  let prompt: Prompt;

  beforeAll(async () => {
    t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: await model.listen() });
    const registered = await registerOwner(t);
    bearer = authHeader(registered.auth.token, 'Bearer');
    jwt = authHeader(registered.auth.token);
    other = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token, 'Bearer');
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('keeps every version of a prompt, any of which can be read back to compare', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/agents-api/prompts',
      headers: bearer,
      payload: { definition: support },
    });
    expect(created.statusCode).toBe(201);
    prompt = created.json<Prompt>();
    expect(prompt).toMatchObject({ name: 'Support voice', version: 1, definition: support });

    const saved = await t.request({
      method: 'PUT',
      url: `/agents-api/prompts/${prompt.id}`,
      headers: bearer,
      payload: {
        definition: { ...support, template: 'You work for {{ shop }}.\nNever promise a date.' },
        baseVersion: 1,
      },
    });
    expect(saved.json<Prompt>().version).toBe(2);
    const stale = await t.request({
      method: 'PUT',
      url: `/agents-api/prompts/${prompt.id}`,
      headers: bearer,
      payload: { definition: support, baseVersion: 1 },
    });
    expect(stale.statusCode).toBe(409);

    const versions = await t.request({ url: `/agents-api/prompts/${prompt.id}/versions`, headers: bearer });
    expect(versions.json<{ versions: { version: number }[] }>().versions.map((v) => v.version)).toEqual([
      2, 1,
    ]);
    const first = await t.request({ url: `/agents-api/prompts/${prompt.id}/versions/1`, headers: bearer });
    expect(first.json<PromptVersion>().definition.template).toBe(support.template);

    const listed = await t.request({ url: '/agents-api/prompts?search=voice', headers: bearer });
    expect(listed.json<{ prompts: { id: string }[] }>().prompts.map((p) => p.id)).toEqual([prompt.id]);
    // Another company sees none of it.
    expect((await t.request({ url: `/agents-api/prompts/${prompt.id}`, headers: other })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ url: `/agents-api/prompts/${prompt.id}/versions/1`, headers: other })).statusCode,
    ).toBe(404);
    expect((await t.request({ url: '/agents-api/prompts', headers: other })).json()).toEqual({ prompts: [] });

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'target_type'])
      .where('target_id', '=', prompt.id)
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['agent.prompt-created', 'agent.prompt-saved']);
  });

  it('test-runs a version with sample values against the configured model', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/agents-api/prompts/${prompt.id}/test`,
      headers: bearer,
      payload: { version: 1, values: { tone: 'short' }, message: 'Hi' },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<PromptRunResult>();
    expect(result).toMatchObject({
      version: 1,
      rendered: 'You work for Tea Shop. Answer in short words.',
      reply: 'Hello there.',
    });
    expect(result.promptTokens).toBeGreaterThan(0);
    const sent = model.requests.at(-1)?.body;
    expect(messagesOf(sent ?? {})[0]).toEqual({
      role: 'system',
      content: 'You work for Tea Shop. Answer in short words.',
    });

    const broken = await t.request({
      method: 'PUT',
      url: `/agents-api/prompts/${prompt.id}`,
      headers: bearer,
      payload: { definition: { ...support, template: '{% if %}' }, baseVersion: 2 },
    });
    expect(broken.statusCode).toBe(200);
    const failed = await t.request({
      method: 'POST',
      url: `/agents-api/prompts/${prompt.id}/test`,
      headers: bearer,
      payload: { message: 'Hi' },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.name).toBe('ValidationException');
  });

  it('runs an agent with a library prompt and a knowledge source, streaming its answer', async () => {
    const bot = (
      await t.request({
        method: 'POST',
        url: '/api/bots',
        headers: jwt,
        payload: { name: 'Shop', language: 'en' },
      })
    ).json<BotDetail>();
    const upload = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/knowledge/datasets?fileName=prices.csv`,
      headers: { ...jwt, 'content-type': 'text/csv' },
      payload: 'SKU,Product,Price\nSKU-1,Blue rain jacket,89.00\nSKU-2,Red shoes,59.90\n',
    });
    const source = upload.json<KnowledgeSource>();
    await eventually(async () => {
      const listed = await t.request({
        url: `/api/bots/${bot.id}/knowledge/datasets/${source.id}`,
        headers: jwt,
      });
      return listed.json<{ source: KnowledgeSource }>().source.live?.state === 'ready' ? true : undefined;
    }, 30_000);
    const sources = await t.request({ url: '/agents-api/knowledge-sources', headers: bearer });
    expect(sources.json()).toEqual({
      sources: [
        {
          id: source.id,
          name: 'prices',
          kind: 'csv',
          botId: bot.id,
          botName: 'Shop',
          state: 'ready',
          error: null,
        },
      ],
    });
    expect((await t.request({ url: '/agents-api/knowledge-sources', headers: other })).json()).toEqual({
      sources: [],
    });

    const agent = (
      await t.request({
        method: 'POST',
        url: '/agents-api/agents',
        headers: bearer,
        payload: {
          definition: {
            name: 'Prices',
            prompt: { id: prompt.id, name: prompt.name, version: 1 },
            instructions: 'not used: the prompt is',
            builtInTools: ['search_knowledge'],
            knowledgeSourceIds: [source.id],
          },
        },
      })
    ).json<Agent>();
    const response = await t.request({
      method: 'POST',
      url: `/agents-api/agents/${agent.id}/playground/stream`,
      headers: bearer,
      payload: {
        messages: [{ role: 'user', content: 'What is the price of a rain jacket?' }],
        variables: { shop: 'Rain Co' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = response.body
      .split('\n\n')
      .filter((block) => block.includes('event: '))
      .map((block) => ({
        event: /event: (\w+)/.exec(block)?.[1],
        data: JSON.parse(/data: (.*)/.exec(block)?.[1] ?? 'null'),
      }));
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Hello there.');
    const run = events.find((e) => e.event === 'run')?.data as AgentRun;
    expect(run).toMatchObject({ outcome: 'answered', reply: 'Hello there.', toolCalls: 1, toolFailures: 0 });
    const search = run.steps.find((step) => step.kind === 'tool');
    expect(search).toMatchObject({ name: 'search_knowledge', status: 'ok' });
    expect(JSON.stringify(search?.kind === 'tool' ? search.result : null)).toContain('Blue rain jacket');
    // The pinned version of the prompt is the system prompt, rendered with the conversation's variables.
    const first = model.requests.find((request) => visitorSaid(request.body).includes('rain jacket'));
    expect(messagesOf(first?.body ?? {})[0]?.content).toContain('You work for Rain Co. Answer in  words.');

    // A turn that cannot start answers its error instead of a stream.
    const missing = await t.request({
      method: 'POST',
      url: `/agents-api/agents/${agent.id}/playground/stream`,
      headers: other,
      payload: { messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('fails an agent’s turn by name once its prompt is deleted', async () => {
    const agent = (
      await t.request({
        method: 'POST',
        url: '/agents-api/agents',
        headers: bearer,
        payload: { definition: { name: 'Orphan', prompt: { id: prompt.id, name: prompt.name, version: 2 } } },
      })
    ).json<Agent>();
    const deleted = await t.request({
      method: 'DELETE',
      url: `/agents-api/prompts/${prompt.id}`,
      headers: bearer,
    });
    expect(deleted.statusCode).toBe(204);
    const run = await t.request({
      method: 'POST',
      url: `/agents-api/agents/${agent.id}/playground`,
      headers: bearer,
      payload: { messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(run.json<AgentRun>()).toMatchObject({
      outcome: 'failed',
      failure: 'The prompt “Support voice” (version 2) no longer exists',
    });
  });
});
