import { randomUUID } from 'node:crypto';
import type { BotDetail, Deployment, FlowFinding, LiteBot, LiteHome } from '@parley/contracts';
import { defaultLiteHours, starterFlow } from '@parley/flow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  mailDeliveredTo,
  registerOwner,
  rollUpNow,
  startChat,
  visitorSends,
} from '../../../test/fixtures';
import { callRoute, methodOf } from '../../../test/route-calls';
import { createTestApp, jobsSettled, type TestApp } from '../../../test/test-app';

const answers = {
  businessName: 'Casa Lola',
  website: 'https://casalola.example',
  purpose: 'leads',
  tone: 'friendly',
  language: 'en',
  greeting: '',
  hours: defaultLiteHours(),
  faqs: [{ question: 'Do you deliver?', answer: 'Yes, within 5 km of the shop.' }],
  contact: { email: 'hola@casalola.example', phone: '+34 600 123 456', handoff: 'inbox' },
};

/**
 * The routes a Lite company may not call: the canvas builder's own (debugger, intent predictions,
 * template previews, prompt tests, a blank bot), the agents area and the webhook marketplace.
 * Written out here apart from the routes' own declarations: changing either alone fails the test.
 */
const fullCompanyOnly = [
  /^POST \/api\/bots$/,
  /^POST \/api\/bots\/:id\/debugger\//,
  /^POST \/api\/bots\/:id\/nlu\/predictions$/,
  /^POST \/api\/templates\/render$/,
  /^POST \/api\/bots\/:id\/llm\/prompt-tests$/,
  /^\w+ \/api\/webhooks\//,
  // The whole agents area: agents, their tools and MCP servers, API keys.
  /^\w+ \/agents-api\//,
];

describe('lite companies', () => {
  let t: TestApp;
  let lite: Record<string, string>;
  let regular: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const liteOwner = await registerOwner(t, { email: 'lena@lite.example' });
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Lite' })
      .where('id', '=', claimsOf(liteOwner.auth.token).companyId)
      .execute();
    lite = authHeader(liteOwner.auth.token);
    regular = authHeader((await registerOwner(t, { email: 'rita@regular.example' })).auth.token);
  });
  afterAll(() => t.close());

  it('are refused exactly the full-company routes, each with a named 403; a full company is not', async () => {
    const routes = t.app.routeAccess.filter((route) => route.auth !== 'public');
    const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const declared = routes.filter((route) => route.fullCompanyOnly).map(name);
    expect(declared.length).toBeGreaterThan(20);
    expect(routes.map(name).filter((route) => fullCompanyOnly.some((rule) => rule.test(route)))).toEqual(
      declared,
    );

    const outcome = async (headers: Record<string, string>, route: { method: string; url: string }) => {
      const response = await callRoute(t.app, {
        method: methodOf(route.method),
        url: route.url.replace(/:\w+/g, () => randomUUID()),
        headers,
      });
      const reason =
        response.statusCode === 403 ? JSON.parse(response.body).error.details?.reason : undefined;
      return reason === 'lite-company' ? '403 lite-company' : 'not refused for being lite';
    };
    const expected: string[] = [];
    const actual: string[] = [];
    for (const route of routes) {
      const refused = route.fullCompanyOnly ? '403 lite-company' : 'not refused for being lite';
      expected.push(`lite ${name(route)}: ${refused}`, `regular ${name(route)}: not refused for being lite`);
      actual.push(
        `lite ${name(route)}: ${await outcome(lite, route)}`,
        `regular ${name(route)}: ${await outcome(regular, route)}`,
      );
    }
    expect(actual).toEqual(expected);
  });

  it('build a complete bot with the guided form, publish it and put it on a site', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/lite/bots',
      headers: lite,
      payload: answers,
    });
    expect(created.statusCode).toBe(201);
    const bot = created.json<LiteBot>();
    expect(bot.answers).toEqual(answers);
    expect(bot.bot).toMatchObject({ name: 'Casa Lola', status: 'draft', language: 'en' });

    const published = await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers: lite });
    expect(published.statusCode).toBe(201);
    const deployment = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/deployments`,
      headers: lite,
      payload: { channel: 'webchat' },
    });
    expect(deployment.statusCode).toBe(201);

    // A visitor leaves their details; the conversation waits in the inbox.
    const chat = await startChat(t, deployment.json<Deployment>().key);
    expect(chat.messages.map(({ message }) => (message.type === 'buttons' ? message.text : ''))).toContain(
      'Hi! 👋 Welcome to Casa Lola. How can I help you today?',
    );
    const say = (text: string) => visitorSends(t, chat, text);
    for (const text of ['Leave my details', 'Ana', 'ana@example.com', 'skip'])
      expect((await say(text)).statusCode).toBe(200);

    await rollUpNow(t);
    const home = (await t.request({ method: 'GET', url: '/api/lite/home', headers: lite })).json<LiteHome>();
    expect(home.bots).toEqual([
      expect.objectContaining({
        id: bot.id,
        status: 'published',
        live: true,
        on_site: true,
        lite: true,
        unpublished_changes: false,
        week: { conversations: 1, handovers: 1, goals: 1 },
        waiting: 1,
      }),
    ]);
    expect(home.totals).toEqual({ conversations: 1, handovers: 1, goals: 1, waiting: 1 });
  });

  it('mail leads and requests for a person to the address the form gave, once each, after the turn', async () => {
    const business = 'leads@lola-mail.example';
    const bot = (
      await t.request({
        method: 'POST',
        url: '/api/lite/bots',
        headers: lite,
        payload: { ...answers, contact: { email: business, phone: '', handoff: 'email' } },
      })
    ).json<LiteBot>();
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers: lite });
    const deployment = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/deployments`,
      headers: lite,
      payload: { channel: 'webchat' },
    });
    const chat = await startChat(t, deployment.json<Deployment>().key);
    const say = (text: string) => visitorSends(t, chat, text);
    for (const text of ['Leave my details', 'Ana <b>Ruiz</b>', 'ana@example.com', '+34 611 222 333'])
      expect((await say(text)).statusCode).toBe(200);
    const lead = await mailDeliveredTo(t, business, (mail) => mail.subject.includes('lead'));
    expect(lead.subject).toBe('New lead from your Casa Lola assistant');
    expect(lead.text).toBe(
      'A customer left their details with your assistant:\n\nName: Ana <b>Ruiz</b>\nEmail: ana@example.com\nPhone: 34611222333',
    );
    // What a visitor typed is text in the mail's HTML, never markup.
    expect(lead.html).toContain('Ana &#60;b&#62;Ruiz&#60;/b&#62;');

    // Back at the menu, a request for a person: the visitor leaves a message for the business.
    for (const text of ['Talk to a person', 'Ana', 'ana@example.com', 'Do you cater weddings?'])
      expect((await say(text)).statusCode).toBe(200);
    const handoff = await mailDeliveredTo(t, business, (mail) => mail.subject.includes('asked for a person'));
    expect(handoff.text).toContain('Message: Do you cater weddings?');
    await jobsSettled(t, ['mail-delivery']);
    expect(t.mails.filter((mail) => mail.to === business).map((mail) => mail.subject)).toEqual([
      'New lead from your Casa Lola assistant',
      'A customer of Casa Lola asked for a person',
    ]);
    const outbox = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status'])
      .where('to_address', '=', business)
      .execute();
    expect(outbox.map((row) => row.status)).toEqual(['logged', 'logged']);
  });

  it('change a bot through lite settings, and keep its shape whatever they send', async () => {
    const bot = (
      await t.request({ method: 'POST', url: '/api/lite/bots', headers: lite, payload: answers })
    ).json<LiteBot>();
    const saved = await t.request({
      method: 'PUT',
      url: `/api/lite/bots/${bot.id}`,
      headers: lite,
      payload: { answers: { ...answers, greeting: 'Welcome to Lola!' }, baseRevision: bot.draft_revision },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<LiteBot>().answers.greeting).toBe('Welcome to Lola!');

    // Someone else's newer save is never overwritten.
    const stale = await t.request({
      method: 'PUT',
      url: `/api/lite/bots/${bot.id}`,
      headers: lite,
      payload: { answers, baseRevision: bot.draft_revision },
    });
    expect(stale.json().error.name).toBe('ConflictException');

    const detail = (
      await t.request({ method: 'GET', url: `/api/bots/${bot.id}`, headers: lite })
    ).json<BotDetail>();
    const asIs = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers: lite,
      payload: { flow: detail.flow },
    });
    expect(
      asIs.json<{ findings: FlowFinding[] }>().findings.filter((finding) => finding.severity === 'error'),
    ).toEqual([]);
    const other = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers: lite,
      payload: { flow: starterFlow('en') },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({
      name: 'ForbiddenException',
      details: { reason: 'lite-shape' },
    });
    const relanguage = await t.request({
      method: 'PATCH',
      url: `/api/bots/${bot.id}`,
      headers: lite,
      payload: { language: 'es' },
    });
    expect(relanguage.json().error).toMatchObject({
      name: 'ForbiddenException',
      details: { reason: 'lite-shape' },
    });
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/bots/${bot.id}`,
      headers: lite,
      payload: { name: 'Lola' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('refuse bad answers with the field each is about, and keep nothing of them', async () => {
    const refused = await t.request({
      method: 'POST',
      url: '/api/lite/bots',
      headers: lite,
      payload: {
        ...answers,
        website: 'casalola',
        contact: { email: 'not-an-email', phone: '+34 600 123 456 789', handoff: 'inbox' },
      },
    });
    expect(refused.statusCode).toBe(400);
    const error = refused.json().error;
    expect(error.name).toBe('ValidationException');
    expect(JSON.stringify(error.details)).toContain('website');
    expect(JSON.stringify(error.details)).toContain('phone');
    expect(JSON.stringify(error.details)).toContain('email');
  });

  it('say so for a bot built on the canvas, and answer 404 for another company’s bot', async () => {
    const canvas = (
      await t.request({
        method: 'POST',
        url: '/api/bots',
        headers: regular,
        payload: { name: 'Canvas', language: 'en' },
      })
    ).json<BotDetail>();
    const read = await t.request({ method: 'GET', url: `/api/lite/bots/${canvas.id}`, headers: regular });
    expect(read.statusCode).toBe(409);
    expect(read.json().error.details).toEqual({ reason: 'not-lite' });
    expect(
      (await t.request({ method: 'GET', url: `/api/lite/bots/${canvas.id}`, headers: lite })).statusCode,
    ).toBe(404);
    // A full company may use the guided form too; its bots stay editable on the canvas.
    const theirs = await t.request({
      method: 'POST',
      url: '/api/lite/bots',
      headers: regular,
      payload: answers,
    });
    expect(theirs.statusCode).toBe(201);
    const home = (
      await t.request({ method: 'GET', url: '/api/lite/home', headers: regular })
    ).json<LiteHome>();
    expect(home.bots.map((bot) => [bot.name, bot.lite, bot.status])).toEqual([
      ['Casa Lola', true, 'draft'],
      ['Canvas', false, 'draft'],
    ]);
  });
});
