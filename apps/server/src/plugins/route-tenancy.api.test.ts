import { randomUUID } from 'node:crypto';
import {
  type BotDetail,
  DEFAULT_GENERATIVE_SETTINGS,
  type Deployment,
  defaultLiteHours,
} from '@parley/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, deployedBot, registerOwner, startChat, teammate } from '../../test/fixtures';
import { callRoute, methodOf } from '../../test/route-calls';
import { createTestApp, type TestApp } from '../../test/test-app';
import { permissionsFor } from '../features/users/permissions';

/**
 * Driven by the route table, so a route added later is covered without touching this file: every
 * route outside this list refuses an anonymous call, and every route that names a company's
 * resource answers another company as it answers for a resource that does not exist.
 */
const publicByDesign: Record<string, string> = {
  'GET /api/health': 'load balancers and uptime checks call it without an account',
  'GET /api/health/ready': 'load balancers ask it whether to send a process traffic, without an account',
  'POST /api/auth/register': 'signing up is how a person gets an account',
  'POST /api/chat/unsubscribe': 'a contact proves who they are with the server-signed link of a broadcast',
  'POST /api/chat/conversations/:id/seen': 'a visitor proves the conversation is theirs with its token',
  'POST /api/auth/register/confirm': 'the mailed sign-up link is the proof of who calls',
  'POST /api/auth/login': 'signing in',
  'POST /api/auth/password-reset': 'whoever forgot their password is not signed in',
  'POST /api/auth/recover': 'the mailed reset link is the proof of who calls',
  'POST /api/auth/invitation': 'the mailed invitation link is the proof of who calls',
  'POST /api/auth/invitation/accept': 'the mailed invitation link is the proof of who calls',
  'GET /api/frontend/config': 'the sign-in page needs the deployment’s settings before anyone signs in',
  'POST /telemetry': 'the web app reports page views and errors before sign-in too',
  'GET /api/chat/deployments/:key/config': 'web chat on any page: a deployment key is public',
  'POST /api/chat/conversations': 'a visitor starts a chat with the public deployment key',
  'POST /api/chat/conversations/:id/messages': 'a visitor proves the conversation is theirs with its token',
  'PUT /api/chat/conversations/:id/language': 'a visitor proves the conversation is theirs with its token',
  'GET /api/chat/conversations/:id/events': 'a visitor proves the conversation is theirs with its token',
  'GET /api/chat/v3/conversations/:id/history': 'a visitor proves the conversation is theirs with its token',
  'POST /api/channels/sunshine/deployments/:id/events':
    'the messaging suite proves it is the caller with the integration’s shared secret (X-API-Key)',
  'GET /api/channels/messenger/deployments/:id/webhook':
    'Meta’s webhook verification proves itself with the connection’s verify token',
  'POST /api/channels/messenger/deployments/:id/webhook':
    'Meta proves it is the caller with the app secret’s signature of the body (X-Hub-Signature-256)',
  'POST /api/channels/zendesk/companies/:id/webhook':
    'Zendesk proves it is the caller with the webhook secret’s signature of timestamp and body (X-Zendesk-Webhook-Signature)',
};

/** Routes outside the API scope (the authentication hook does not run there), with why. */
const outsideApiScope: Record<string, string> = {
  'GET /api/docs': 'the API reference is public documentation',
  'GET /api/docs/': 'the API reference is public documentation',
  'GET /api/docs/static/index.html': 'the API reference is public documentation',
  'GET /api/docs/static/swagger-initializer.js': 'the API reference is public documentation',
  'GET /api/docs/*': 'the API reference’s assets',
  'GET /api/docs/json': 'the OpenAPI document',
  'GET /api/docs/yaml': 'the OpenAPI document',
  'OPTIONS *': 'CORS preflights carry no credentials by the browser’s rules',
};

/** Every route Fastify knows, as `METHOD /path` (HEAD aside: Fastify adds it to every GET). */
function allRoutes(printed: string): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = at / 4;
    const match = /^(\S+) \(([^)]+)\)$/.exec(line.slice(at + 3).trim());
    if (!match) continue;
    const [, segment = '', methods = ''] = match;
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

interface Resources {
  company: string;
  bot: string;
  version: number;
  deployment: string;
  conversation: string;
  debugConversation: string;
  webhookTemplate: string;
  webhookInstance: string;
  webhookDelivery: string;
  dataset: string;
  member: string;
  invitation: string;
  agent: string;
  apiKey: string;
  audience: string;
  broadcast: string;
  agentTool: string;
  agentPrompt: string;
  agentRun: string;
}

/**
 * Which resource each path parameter names, by the segment before it. A route with a parameter not
 * listed here fails the test until someone says what it names.
 */
const parameterNames: Record<string, keyof Resources> = {
  'companies/:id': 'company',
  'bots/:id': 'bot',
  'versions/:version': 'version',
  'deployments/:id': 'deployment',
  'conversations/:id': 'conversation',
  'conversations/:conversationId': 'debugConversation',
  'templates/:id': 'webhookTemplate',
  'instances/:id': 'webhookInstance',
  'deliveries/:id': 'webhookDelivery',
  'datasets/:sourceId': 'dataset',
  'documents/:sourceId': 'dataset',
  'members/:id': 'member',
  'invitations/:id': 'invitation',
  'agents/:id': 'agent',
  'api-keys/:id': 'apiKey',
  'audiences/:id': 'audience',
  'broadcasts/:id': 'broadcast',
  'tools/:id': 'agentTool',
  'prompts/:id': 'agentPrompt',
  'runs/:id': 'agentRun',
};

function fillPath(url: string, resources: Resources): string {
  return url.replace(/([\w-]+)\/:(\w+)/g, (_, segment: string, param: string) => {
    const resource = parameterNames[`${segment}/:${param}`];
    if (!resource) throw new Error(`${url}: say in parameterNames which resource ${segment}/:${param} names`);
    return `${segment}/${resources[resource]}`;
  });
}

/** What routes need in the query besides ids: report periods, funnel steps, where changes start. */
const reportQuery: Record<string, string> = {
  from: '2026-11-01',
  to: '2026-11-25',
  steps: 'start,next',
  moduleId: 'start',
};
const otherQuery = (url: string): Record<string, string> =>
  url.startsWith('/api/reports/')
    ? reportQuery
    : url.endsWith('/changes')
      ? { afterSeq: '0', afterEvent: '0' }
      : url.includes('/knowledge/datasets') || url.endsWith('/catalogue')
        ? { fileName: 'taken.csv' }
        : url.includes('/knowledge/documents')
          ? { fileName: 'taken.txt' }
          : url.includes('/translations')
            ? { language: 'es', format: 'csv' }
            : {};
const queryOf = (route: { url: string; query: string[] }, ids: Record<string, string> = {}) =>
  new URLSearchParams(
    Object.entries({ ...otherQuery(route.url), ...ids }).filter(([key]) => route.query.includes(key)),
  ).toString();

/** An answer without the clock in it (`asOf`). */
const withoutTimes = (body: string) => body.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '(time)');

describe('the route table’s tenancy', () => {
  let t: TestApp;
  let ownerA: Record<string, string>;
  let ownerB: Record<string, string>;
  let ofA: Resources;
  let bodies: Record<string, object>;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await registerOwner(t, { company_name: 'Company A' });
    ownerA = authHeader(a.auth.token);
    ownerB = authHeader((await registerOwner(t, { company_name: 'Company B' })).auth.token);
    const { bot, key } = await deployedBot(t, ownerA, 'A’s bot', (flow) => flow);
    const deployments = await t.request({
      method: 'GET',
      url: `/api/bots/${bot.id}/deployments`,
      headers: ownerA,
    });
    const debug = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/debugger/conversations`,
      headers: ownerA,
      payload: {},
    });
    const style = await t.request({
      method: 'GET',
      url: `/api/bots/${bot.id}/webchat-style`,
      headers: ownerA,
    });
    const webhookTemplate = {
      definition: {
        name: 'A’s CRM',
        summary: 'Private to A',
        category: 'crm',
        request: { method: 'POST', url: 'https://crm.example.com/leads' },
      },
      visibility: 'private',
    };
    const template = await t.request({
      method: 'POST',
      url: '/api/webhooks/templates',
      headers: ownerA,
      payload: webhookTemplate,
    });
    const instance = await t.request({
      method: 'POST',
      url: '/api/webhooks/instances',
      headers: ownerA,
      payload: { templateId: template.json<{ id: string }>().id, name: 'A’s CRM' },
    });
    const invitation = await t.request({
      method: 'POST',
      url: '/api/team/invitations',
      headers: ownerA,
      payload: { email: 'invited-to-a@example.com', role: 'agent' },
    });
    // A delivery of A's webhook, as a failed test send leaves one.
    const delivery = await t.database.db
      .insertInto('webhook_deliveries')
      .values({
        company_id: claimsOf(a.auth.token).companyId,
        instance_id: instance.json<{ id: string }>().id,
        bot_id: null,
        conversation_id: null,
        module_id: null,
        kind: 'test',
        replay_of: null,
        input: null,
        request: JSON.stringify({
          method: 'POST',
          url: 'https://crm.example.com/leads',
          headers: {},
          body: '',
        }),
        ok: false,
        status: null,
        failure_reason: 'unreachable',
        failure_message: 'crm.example.com did not answer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agent = await t.request({
      method: 'POST',
      url: '/agents-api/agents',
      headers: ownerA,
      payload: { definition: { name: 'A’s agent' } },
    });
    const apiKey = await t.request({
      method: 'POST',
      url: '/agents-api/api-keys',
      headers: ownerA,
      payload: { name: 'A’s key', scopes: ['agents:read'] },
    });
    const audience = await t.request({
      method: 'POST',
      url: '/api/audiences',
      headers: ownerA,
      payload: { name: 'A’s audience', filter: { conditions: [] } },
    });
    await startChat(t, key);
    const broadcast = await t.request({
      method: 'POST',
      url: '/api/broadcasts',
      headers: ownerA,
      payload: {
        name: 'A’s broadcast',
        botId: bot.id,
        audienceId: audience.json<{ id: string }>().id,
        channels: ['webchat'],
        message: { type: 'text', text: 'Hello' },
        sendAt: '2099-01-01T09:00',
      },
    });
    ofA = {
      audience: audience.json<{ id: string }>().id,
      broadcast: broadcast.json<{ id: string }>().id,
      agent: agent.json<{ id: string }>().id,
      apiKey: apiKey.json<{ key: { id: string } }>().key.id,
      agentTool: (
        await t.request({
          method: 'POST',
          url: '/agents-api/tools',
          headers: ownerA,
          payload: { name: 'a_tool', definition: { kind: 'http', url: 'http://127.0.0.1:9/a' } },
        })
      ).json<{ id: string }>().id,
      agentPrompt: (
        await t.request({
          method: 'POST',
          url: '/agents-api/prompts',
          headers: ownerA,
          payload: { definition: { name: 'A’s prompt', template: 'Hi' } },
        })
      ).json<{ id: string }>().id,
      agentRun: (
        await t.database.db
          .insertInto('agent_runs')
          .values({
            company_id: claimsOf(a.auth.token).companyId,
            agent_id: agent.json<{ id: string }>().id,
            version: 1,
            source: 'playground',
            conversation_id: null,
            outcome: 'failed',
            failure: 'A’s failure',
            steps: '[]',
            step_count: 0,
            tool_calls: 0,
            tool_failures: 0,
            prompt_tokens: 0,
            completion_tokens: 0,
            duration_ms: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
      member: claimsOf(a.auth.token).userId,
      webhookDelivery: delivery.id,
      invitation: invitation.json<{ id: string }>().id,
      webhookTemplate: template.json<{ id: string }>().id,
      webhookInstance: instance.json<{ id: string }>().id,
      company: claimsOf(a.auth.token).companyId,
      bot: bot.id,
      version: 1,
      deployment: deployments.json<Deployment[]>().find((deployment) => deployment.key === key)?.id ?? '',
      conversation: (await startChat(t, key)).conversationId,
      debugConversation: debug.json<{ conversationId: string }>().conversationId,
      dataset: (
        await t.request({
          method: 'POST',
          url: `/api/bots/${bot.id}/knowledge/datasets?fileName=a.csv`,
          headers: { ...ownerA, 'content-type': 'text/csv' },
          payload: 'a,b\n1,2\n',
        })
      ).json<{ id: string }>().id,
    };
    // Valid bodies, so a request reaches the route's own checks rather than stopping at validation.
    bodies = {
      'PATCH /api/bots/:id': { name: 'Taken' },
      'PUT /agents-api/agents/:id': { definition: { name: 'Taken' }, baseVersion: 1 },
      'POST /agents-api/agents/:id/playground': { messages: [{ role: 'user', content: 'Taken' }] },
      'PUT /agents-api/tools/:id': {
        name: 'taken',
        definition: { kind: 'http', url: 'http://127.0.0.1:9/b' },
      },
      'POST /agents-api/tools/:id/test': { arguments: {} },
      'POST /agents-api/agents/:id/playground/stream': { messages: [{ role: 'user', content: 'Taken' }] },
      'PUT /agents-api/prompts/:id': { definition: { name: 'Taken' }, baseVersion: 1 },
      'POST /agents-api/prompts/:id/test': { message: 'Taken' },
      'PUT /agents-api/agents/:id/switch': { enabled: false, reason: 'Taken' },
      'PUT /agents-api/agents/:id/spending-limit': { spendingLimit: { monthlyTokens: 1, monthlyCost: null } },
      'PATCH /api/companies/:id': { name: 'Taken' },
      'PATCH /api/team/members/:id': { status: 'disabled' },
      'PUT /api/bots/:id/flow': { flow: bot.flow },
      'PUT /api/lite/bots/:id': {
        answers: {
          businessName: 'Taken',
          website: '',
          purpose: 'support',
          tone: 'friendly',
          language: 'en',
          greeting: '',
          hours: defaultLiteHours(),
          faqs: [],
          contact: { email: 'taken@example.com', phone: '', handoff: 'inbox' },
        },
      },
      'POST /api/bots/:id/deployments': { channel: 'webchat' },
      'PATCH /api/deployments/:id': { version: 1 },
      'PUT /api/deployments/:id/sunshine': {
        appId: 'app',
        keyId: 'key',
        keySecret: 'secret',
        region: 'custom',
        apiUrl: 'http://127.0.0.1:9',
      },
      'PUT /api/deployments/:id/messenger': {
        pageId: '1234567890',
        pageAccessToken: 'EAAG-a-page-access-token-of-enough-length',
        appSecret: 'app-secret-0123',
      },
      'PUT /api/bots/:id/webchat-style': style.json(),
      'PUT /api/bots/:id/translation': { offeredLanguages: ['es'] },
      'PUT /api/bots/:id/translations': { language: 'es', key: 'start.text', translation: 'Hola' },
      'POST /api/bots/:id/translations/reset': { language: 'es', key: 'start.text' },
      'POST /api/bots/:id/translations/translate-missing': { language: 'es' },
      'POST /api/bots/:id/translations/import': {
        language: 'es',
        format: 'csv',
        content: 'key,translation\nstart.text,Hola\n',
      },
      'POST /api/conversations/:id/delayed-move': { moduleId: 'start', delaySeconds: 0 },
      'POST /api/conversations/:id/pass-control': { to: 'agent' },
      'POST /api/conversations/:id/agent-messages': { text: 'Taken' },
      'POST /api/conversations/:id/notes': { text: 'Taken' },
      'POST /api/inbox/conversations/:id/read': { afterSeq: 0, afterEvent: 0 },
      'POST /api/bots/:id/debugger/conversations': {},
      'PUT /api/webhooks/templates/:id': webhookTemplate,
      'PATCH /api/webhooks/instances/:id': { name: 'Taken' },
      'POST /api/webhooks/instances/:id/test': {},
      'PUT /api/audiences/:id': { name: 'Taken', filter: { conditions: [] } },
      'POST /api/bots/:id/debugger/conversations/:conversationId/messages': { text: 'hi' },
      'POST /api/bots/:id/nlu/predictions': { text: 'hi' },
      'PATCH /api/bots/:id/knowledge/datasets/:sourceId': { name: 'Taken' },
      'POST /api/bots/:id/knowledge/search': { query: 'hi' },
      'POST /api/bots/:id/knowledge/documents/qa': { name: 'Taken', pairs: [{ question: 'q', answer: 'a' }] },
      'PUT /api/bots/:id/generative': { settings: DEFAULT_GENERATIVE_SETTINGS, baseRevision: 1 },
      'POST /api/bots/:id/generative/test': { question: 'hi', settings: DEFAULT_GENERATIVE_SETTINGS },
      'POST /api/bots/:id/llm/prompt-tests': {
        model: '',
        systemPrompt: '',
        userPrompt: 'hi',
        temperature: 0,
        maxTokens: 10,
      },
    };
  });
  afterAll(() => t.close());

  const routes = () => t.app.routeAccess;

  const call = (options: InjectOptions) => callRoute(t.app, options);
  const nobody: Resources = {
    company: randomUUID(),
    bot: randomUUID(),
    version: 999,
    deployment: randomUUID(),
    conversation: randomUUID(),
    debugConversation: randomUUID(),
    webhookTemplate: randomUUID(),
    webhookInstance: randomUUID(),
    webhookDelivery: randomUUID(),
    dataset: randomUUID(),
    member: randomUUID(),
    invitation: randomUUID(),
    agent: randomUUID(),
    apiKey: randomUUID(),
    audience: randomUUID(),
    broadcast: randomUUID(),
    agentTool: randomUUID(),
    agentPrompt: randomUUID(),
    agentRun: randomUUID(),
  };

  it('lists every public route here, with its reason', () => {
    const open = routes()
      .filter((route) => route.auth === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual(Object.keys(publicByDesign).sort());
  });

  it('knows every route the server has: in the API scope, or listed as outside it', () => {
    const inApi = new Set(routes().map((route) => `${route.method} ${route.url}`));
    const unknown = allRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => !inApi.has(route),
    );
    expect(unknown.sort()).toEqual(Object.keys(outsideApiScope).sort());
  });

  it('refuses every route that is not public to an anonymous caller with 401', async () => {
    const answers: string[] = [];
    for (const route of routes().filter((route) => route.auth !== 'public')) {
      const response = await call({
        method: methodOf(route.method),
        url: fillPath(route.url, nobody),
      });
      answers.push(`${route.method} ${route.url} ${response.statusCode} ${response.name}`);
    }
    expect(answers).toEqual(
      routes()
        .filter((route) => route.auth !== 'public')
        .map((route) => `${route.method} ${route.url} 401 UnauthorizedException`),
    );
  });

  it('answers another company’s ids as it answers ids that do not exist: 403 or 404, never the resource', async () => {
    const asB = (url: string, route: { method: string; url: string }) =>
      call({
        method: methodOf(route.method),
        url,
        headers: ownerB,
        payload: bodies[`${route.method} ${route.url}`],
      });
    const scoped = routes().filter((route) => route.auth !== 'public' && route.url.includes(':'));
    expect(scoped.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const route of scoped) {
      const taken = await asB(`${fillPath(route.url, ofA)}?${queryOf(route)}`, route);
      const missing = await asB(`${fillPath(route.url, nobody)}?${queryOf(route)}`, route);
      if (![403, 404].includes(taken.statusCode) || taken.statusCode !== missing.statusCode) {
        wrong.push(`${route.method} ${route.url}: ${taken.statusCode} ${taken.body.slice(0, 200)}`);
      } else if (taken.name !== missing.name) {
        wrong.push(`${route.method} ${route.url}: ${taken.name}, ${missing.name} for a missing one`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers another company’s ids before reading the body: a body that is not valid changes nothing', async () => {
    const withBody = routes().filter(
      (route) => route.auth !== 'public' && route.url.includes(':') && route.method !== 'GET',
    );
    expect(withBody.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const route of withBody) {
      // No route's body is a bare number (every body schema refuses it), and none is broken JSON.
      for (const payload of ['42', '{"unfinished": ']) {
        const asB = (resources: Resources) =>
          call({
            method: methodOf(route.method),
            url: `${fillPath(route.url, resources)}?${queryOf(route)}`,
            headers: { ...ownerB, 'content-type': 'application/json' },
            payload,
          });
        const [taken, missing] = [await asB(ofA), await asB(nobody)];
        if (![403, 404].includes(taken.statusCode) || taken.statusCode !== missing.statusCode) {
          wrong.push(
            `${route.method} ${route.url} ${payload}: ${taken.statusCode} ${taken.body.slice(0, 120)}`,
          );
        } else if (taken.name !== missing.name) {
          wrong.push(
            `${route.method} ${route.url} ${payload}: ${taken.name}, ${missing.name} for a missing one`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to act for another company named in the query', async () => {
    const named = routes().filter((route) => route.auth !== 'public' && route.query.includes('companyId'));
    expect(named.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const route of named) {
      const response = await call({
        method: methodOf(route.method),
        url: `${fillPath(route.url, ofA)}?${queryOf(route, { companyId: ofA.company, botId: ofA.bot })}`,
        headers: ownerB,
        payload: bodies[`${route.method} ${route.url}`],
      });
      if (![403, 404].includes(response.statusCode)) {
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers another company’s bot in the query as it answers a bot that does not exist', async () => {
    const named = routes().filter((route) => route.auth !== 'public' && route.query.includes('botId'));
    expect(named.length).toBeGreaterThan(4);
    const wrong: string[] = [];
    for (const route of named) {
      const asB = (botId: string) =>
        call({
          method: methodOf(route.method),
          url: `${fillPath(route.url, ofA)}?${queryOf(route, { botId })}`,
          headers: ownerB,
        });
      const taken = await asB(ofA.bot);
      const missing = await asB(nobody.bot);
      const sameAnswer =
        withoutTimes(taken.body) === withoutTimes(missing.body.replaceAll(nobody.bot, ofA.bot));
      if (taken.statusCode !== missing.statusCode || !sameAnswer) {
        wrong.push(`${route.method} ${route.url}: ${taken.statusCode} ${taken.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a member limited to other bots as it answers ids that do not exist, on every route they may call', async () => {
    const companyId = ofA.company;
    const { bot: allowed } = await deployedBot(t, ownerA, 'A’s other bot', (flow) => flow);
    const limited = {} as Record<'agent' | 'viewer' | 'analyst', Record<string, string>>;
    for (const role of ['agent', 'viewer', 'analyst'] as const) {
      const email = `limited-${role}@example.com`;
      limited[role] = await teammate(
        t,
        { companyId },
        { email, first_name: role, last_name: 'Limited', role },
      );
      const team = await t.request({ method: 'GET', url: '/api/team', headers: ownerA });
      const id = team
        .json<{ members: { id: string; email: string }[] }>()
        .members.find((m) => m.email === email)?.id;
      const limitedTo = await t.request({
        method: 'PATCH',
        url: `/api/team/members/${id}`,
        headers: ownerA,
        payload: { bot_ids: [allowed.id] },
      });
      expect(limitedTo.statusCode).toBe(200);
    }
    const namesABot = (route: { url: string; query: string[] }) =>
      /\/(bots|conversations|deployments)\/:id\b/.test(route.url) || route.query.includes('botId');
    const wrong: string[] = [];
    let checked = 0;
    for (const role of ['agent', 'viewer', 'analyst'] as const) {
      const may = (route: { permission: string | undefined }) =>
        route.permission === 'signed-in' || permissionsFor(role).some((p) => p === route.permission);
      for (const route of routes().filter((each) => each.auth !== 'public' && namesABot(each) && may(each))) {
        const as = (resources: Resources) =>
          call({
            method: methodOf(route.method),
            url: `${fillPath(route.url, resources)}?${queryOf(route, { botId: resources.bot })}`,
            headers: limited[role],
            payload: bodies[`${route.method} ${route.url}`],
          });
        const [taken, missing] = [await as(ofA), await as(nobody)];
        checked += 1;
        if (
          taken.statusCode < 400 ||
          taken.statusCode !== missing.statusCode ||
          taken.name !== missing.name
        ) {
          wrong.push(`${role} ${route.method} ${route.url}: ${taken.statusCode} ${taken.body.slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('left company A’s bot, deployment and conversation as they were', async () => {
    const bot = await t.request({ method: 'GET', url: `/api/bots/${ofA.bot}`, headers: ownerA });
    expect(bot.json<BotDetail>()).toMatchObject({ name: 'A’s bot', draft_revision: 1 });
    const deployment = await t.request({
      method: 'GET',
      url: `/api/deployments/${ofA.deployment}`,
      headers: ownerA,
    });
    expect(deployment.statusCode).toBe(200);
    const transcript = await t.request({
      method: 'GET',
      url: `/api/inbox/conversations/${ofA.conversation}`,
      headers: ownerA,
    });
    expect(transcript.body).not.toContain('Taken');
    const company = await t.request({ method: 'GET', url: `/api/companies/${ofA.company}`, headers: ownerA });
    expect(company.json()).toMatchObject({ name: 'Company A' });
  });
});
