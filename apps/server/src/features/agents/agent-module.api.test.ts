import type { AddressInfo } from 'node:net';
import type { Agent, ChatMessage, Tool } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { fakeToolServer } from '../../../test/fake-tool-server';
import { authHeader, deployedBot, registerOwner, startChat, visitorSays } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

type Body = Record<string, unknown>;
const messagesOf = (body: Body) => body.messages as { role: string; content?: string }[];
const lastSaid = (body: Body) =>
  messagesOf(body).findLast((message) => message.role === 'user')?.content ?? '';
const toolResults = (body: Body) => messagesOf(body).filter((message) => message.role === 'tool');

/** The model looks the order up when given a number, then hands off when asked for a person. */
function script(body: Body) {
  const said = lastSaid(body);
  if (said.includes('person')) return [{ name: 'hand_off', arguments: '{"reason":"wants a person"}' }];
  if (toolResults(body).length > 0) return undefined;
  if (said.includes('A1')) return [{ name: 'order_status', arguments: '{"order_id":"A1"}' }];
  return undefined;
}

describe('the AI agent module in a live conversation', () => {
  const model = fakeOpenAi({ tokens: ['Your order A1 has shipped.'], toolCalls: script });
  const shop = fakeToolServer();
  let t: TestApp;
  const base = (server: typeof shop.server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  beforeAll(async () => {
    const [modelUrl] = await Promise.all([
      model.listen(),
      new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve)),
    ]);
    t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: modelUrl });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([model.close(), new Promise<void>((resolve) => shop.server.close(() => resolve()))]);
  });

  it('talks over turns, calls its tool, hands off by its port, and logs its steps', async () => {
    const registered = await registerOwner(t);
    const bearer = authHeader(registered.auth.token, 'Bearer');
    const tool = (
      await t.request({
        method: 'POST',
        url: '/agents-api/tools',
        headers: bearer,
        payload: {
          name: 'order_status',
          definition: {
            kind: 'http',
            url: `${base(shop.server)}/orders/{{ order_id }}`,
            headers: [{ name: 'Authorization', value: 'Bearer shop-secret', secret: true }],
            parameters: {
              type: 'object',
              properties: { order_id: { type: 'string' } },
              required: ['order_id'],
            },
            response: [{ key: 'status', path: 'order.status' }],
          },
        },
      })
    ).json<Tool>();
    const agent = (
      await t.request({
        method: 'POST',
        url: '/agents-api/agents',
        headers: bearer,
        payload: {
          definition: { name: 'Orders', toolIds: [tool.id], builtInTools: ['set_variable', 'hand_off'] },
        },
      })
    ).json<Agent>();
    const flow = flowFixture()
      .module('start', 'text', { text: 'Hi! Ask me about your order.' }, { next: 'orders' })
      .module(
        'orders',
        'agent',
        { agent: { id: agent.id, name: 'Orders', version: 1 }, variables: ['order_id'] },
        {
          handoff: 'human',
          failed: 'sorry',
        },
      )
      .module('human', 'handoff', { message: 'Connecting you with a person…' })
      .module('sorry', 'text', { text: 'Sorry, something went wrong.' });
    const { key } = await deployedBot(t, authHeader(registered.auth.token), 'Shop', flow, 'test');
    const conversation = await startChat(t, key);
    const texts = (messages: ChatMessage[]) =>
      messages.map((message) => ('text' in message.message ? message.message.text : undefined));
    const first = await visitorSays(t, conversation, 'Where is order A1?');
    expect(texts(first)).toContain('Your order A1 has shipped.');
    const second = await visitorSays(t, conversation, 'I want a person');
    expect(texts(second)).toContain('Connecting you with a person…');
    const events = await t.database.db
      .selectFrom('conversation_events')
      .select(['name', 'data'])
      .where('conversation_id', '=', conversation.conversationId)
      .where('name', 'in', ['Agent Turn', 'Handoff Requested'])
      .execute();
    expect(events.map((event) => event.name)).toContain('Handoff Requested');
    const turns = events.filter((event) => event.name === 'Agent Turn').map((event) => event.data as Body);
    expect(turns.map((turn) => turn.outcome)).toContain('handoff');
    const looked = turns.find((turn) => (turn.steps as Body[]).some((step) => step.kind === 'tool'));
    expect(looked?.steps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'tool',
          name: 'order_status',
          status: 'ok',
          result: { status: 'shipped' },
        }),
      ]),
    );
    const runs = await t.database.db
      .selectFrom('agent_runs')
      .selectAll()
      .where('source', '=', 'conversation')
      .execute();
    expect(runs.every((run) => run.conversation_id === conversation.conversationId)).toBe(true);
    expect(runs.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the agent’s steps in the builder’s debugger: model calls with tokens, tool calls', async () => {
    const registered = await registerOwner(t);
    const bearer = authHeader(registered.auth.token, 'Bearer');
    const jwt = authHeader(registered.auth.token);
    const tool = (
      await t.request({
        method: 'POST',
        url: '/agents-api/tools',
        headers: bearer,
        payload: {
          name: 'order_status',
          definition: {
            kind: 'http',
            url: `${base(shop.server)}/orders/{{ order_id }}`,
            headers: [{ name: 'Authorization', value: 'Bearer shop-secret', secret: true }],
            parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
            response: [{ key: 'status', path: 'order.status' }],
          },
        },
      })
    ).json<Tool>();
    const agent = (
      await t.request({
        method: 'POST',
        url: '/agents-api/agents',
        headers: bearer,
        payload: { definition: { name: 'Orders', toolIds: [tool.id] } },
      })
    ).json<Agent>();
    const flow = flowFixture().module(
      'start',
      'agent',
      { agent: { id: agent.id, name: 'Orders', version: 1 }, variables: [] },
      {},
    );
    const { bot } = await deployedBot(t, jwt, 'Debugged', flow, 'test');
    const started = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/debugger/conversations`,
      headers: jwt,
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    const { conversationId } = started.json<{ conversationId: string }>();
    const turn = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/debugger/conversations/${conversationId}/messages`,
      headers: jwt,
      payload: { text: 'Where is order A1?' },
    });
    expect(turn.statusCode).toBe(200);
    const steps = turn.json<{ steps: Body[] }>().steps;
    const agentStep = steps.find((step) => step.kind === 'agent');
    expect(agentStep).toMatchObject({
      from: 'start',
      to: null,
      agent: { agent: 'Orders', outcome: 'answered' },
    });
    const agentSteps = turn
      .json<{ steps: { agent?: { steps: Body[] } }[] }>()
      .steps.find((step) => step.agent)?.agent?.steps;
    expect(agentSteps).toBeDefined();
    expect(agentSteps?.[0]).toMatchObject({ kind: 'model', promptTokens: expect.any(Number) });
    expect(agentSteps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'tool',
          name: 'order_status',
          status: 'ok',
          arguments: { order_id: 'A1' },
          result: { status: 'shipped' },
          durationMs: expect.any(Number),
        }),
        { kind: 'answer', text: 'Your order A1 has shipped.' },
      ]),
    );
  });
});
