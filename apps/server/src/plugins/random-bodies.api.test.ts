import type { Deployment } from '@parley/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../test/fake-deepl';
import { fakeGraph } from '../../test/fake-graph';
import { fakeOpenAi } from '../../test/fake-openai';
import { authHeader, deployedBot, registerOwner, startChat } from '../../test/fixtures';
import {
  deeplyNested,
  type JsonSchema,
  objectWithKeys,
  randomJson,
  toJsonText,
  valueFor,
} from '../../test/random-json';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  /** What the route validates its body with (empty for routes that take none). */
  schema: JsonSchema;
}

const writeMethods = ['post', 'put', 'patch', 'delete'];

/** Every route that takes a body, from the route table the OpenAPI document is built from. */
function routesWithBodies(t: TestApp): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => writeMethods.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        schema: operation.requestBody?.content?.['application/json']?.schema ?? {},
      })),
  );
  // Deleting last, so the other routes meet the bot and deployment they name.
  return routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

describe('random JSON bodies never make the server fail', () => {
  // Prompt tests reach a model, so the AI routes answer rather than report they are not set up. A
  // prompt that asks for JSON (the lite form's drafts) gets JSON, as a model told so writes it.
  const model = fakeOpenAi({
    tokens: (body) =>
      JSON.stringify(body).includes('Answer with JSON only') ? ['{"faqs":[]}'] : ['Green', ' tea', '.'],
  });
  let t: TestApp;
  let routes: Route[];
  let owner: Record<string, string>;
  let visitor: Record<string, string>;
  const ids: Record<string, string> = {};

  // Vendors answer as theirs do (a random key is refused by DeepL, by name), never from the internet.
  const deeplFree = fakeDeepL('free', {});
  const deeplPro = fakeDeepL('pro', {});
  const graph = fakeGraph();

  beforeAll(async () => {
    // Limits high enough that every request reaches its handler.
    t = await createTestApp({
      DEEPL_FREE_URL: await deeplFree.listen(),
      DEEPL_PRO_URL: await deeplPro.listen(),
      GRAPH_API_URL: await graph.listen(),
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: await model.listen(),
      AUTH_RATE_LIMIT_PER_IP: '100000',
      CHAT_RATE_LIMIT_PER_CONVERSATION: '100000',
      CHAT_RATE_LIMIT_PER_IP: '100000',
    });
    const { auth } = await registerOwner(t);
    owner = authHeader(auth.token);
    const { bot, key } = await deployedBot(t, owner, 'Random bodies', (flow) => flow);
    const chat = await startChat(t, key);
    visitor = authHeader(chat.token, 'Bearer');
    const deployments = await t.request({
      method: 'GET',
      url: `/api/bots/${bot.id}/deployments`,
      headers: owner,
    });
    const debug = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/debugger/conversations`,
      headers: owner,
      payload: {},
    });
    Object.assign(ids, {
      bot: bot.id,
      deployment: deployments.json<Deployment[]>()[0]?.id ?? '',
      conversation: chat.conversationId,
      debugConversation: debug.json<{ conversationId: string }>().conversationId,
    });
    routes = routesWithBodies(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([deeplFree.close(), deeplPro.close(), graph.close(), model.close()]);
  });

  /** The route's address with real ids, so requests get past "not found" into the handler. */
  function urlOf(path: string): string {
    const id = path.startsWith('/api/bots/')
      ? ids.bot
      : path.startsWith('/api/deployments/')
        ? ids.deployment
        : ids.conversation;
    return path
      .replace('{id}', id ?? '')
      .replace('{conversationId}', ids.debugConversation ?? '')
      .replace('{version}', '1');
  }

  it('finds the routes to try', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain('POST /api/chat/conversations');
  });

  it('answers every random body to every route with a status under 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const keys = Object.keys(route.schema.properties ?? {});
      const body = fc.oneof(
        { arbitrary: valueFor(route.schema), weight: 4 },
        { arbitrary: objectWithKeys(keys), weight: 2 },
        { arbitrary: randomJson, weight: 1 },
        { arbitrary: deeplyNested(objectWithKeys(keys)), weight: 1 },
      );
      const headers = route.path.startsWith('/api/chat/') ? visitor : owner;
      await fc
        .assert(
          fc.asyncProperty(body, async (value) => {
            const response = await t.request({
              method: route.method as 'POST',
              url: urlOf(route.path),
              headers: { ...headers, 'content-type': 'application/json' },
              body: toJsonText(value),
            });
            if (response.statusCode >= 500)
              failures.push(
                `${route.method} ${route.path} ${response.statusCode} ${toJsonText(value).slice(0, 300)}`,
              );
            return response.statusCode < 500;
          }),
          // Deterministic: the same bodies on every run; no shrinking (one failing body is enough).
          { seed: 20261124, numRuns: 30, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
