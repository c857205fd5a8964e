import type { Agent, AgentRun, CreatedApiKey } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, claimsOf, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { usageOf } from '../llm/llm-usage.repository';

type Body = Record<string, unknown>;
const messagesOf = (body: Body) => body.messages as { role: string; content?: string }[];
const visitorSaid = (body: Body) =>
  messagesOf(body).findLast((message) => message.role === 'user')?.content ?? '';
const toolResults = (body: Body) => messagesOf(body).filter((message) => message.role === 'tool');

/** The model's script, chosen by what the visitor said; it answers once it has read a tool result. */
function script(body: Body) {
  const said = visitorSaid(body);
  const answered = toolResults(body).length > 0;
  if (said.includes('loop')) return [{ name: 'get_variable', arguments: '{"name":"order"}' }];
  if (answered) return undefined;
  if (said.includes('order')) return [{ name: 'set_variable', arguments: '{"name":"order","value":"123"}' }];
  if (said.includes('bad'))
    return [
      { name: 'launch_rocket', arguments: '{}' },
      { name: 'set_variable', arguments: '{"name": "order",' },
      { name: 'set_variable', arguments: '{"name":"order","value":"1","extra":true}' },
    ];
  if (said.includes('person')) return [{ name: 'hand_off', arguments: '{"reason":"wants a refund"}' }];
  if (said.includes('bye')) return [{ name: 'end', arguments: '{"summary":"order found"}' }];
  return undefined;
}

describe('the agent playground', () => {
  const model = fakeOpenAi({ tokens: ['Your order', ' ships today.'], toolCalls: script });
  const failing = fakeOpenAi({
    refuse: { status: 500, message: 'The server had an error', type: 'server_error' },
  });
  let t: TestApp;
  let broken: TestApp;
  let unconfigured: TestApp;
  let owner: Record<string, string>;
  let companyId: string;
  let agent: Agent;

  beforeAll(async () => {
    const [modelUrl, failingUrl] = await Promise.all([model.listen(), failing.listen()]);
    [t, broken, unconfigured] = await Promise.all([
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: modelUrl }),
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: failingUrl }),
      createTestApp(),
    ]);
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token, 'Bearer');
    companyId = claimsOf(registered.auth.token).companyId;
    agent = await createAgent(t, owner);
  });
  afterAll(async () => {
    await Promise.all([t.close(), broken.close(), unconfigured.close()]);
    await Promise.all([model.close(), failing.close()]);
  });

  async function createAgent(app: TestApp, headers: Record<string, string>, limits = {}) {
    const response = await app.request({
      method: 'POST',
      url: '/agents-api/agents',
      headers,
      payload: {
        definition: {
          name: 'Order status',
          goal: 'Tell visitors where their order is',
          instructions: 'Greet {{ first_name }} by name.',
          builtInTools: ['get_variable', 'set_variable', 'hand_off', 'end'],
          limits: { maxSteps: 4, maxSeconds: 20, maxTokens: 20_000, ...limits },
        },
      },
    });
    return response.json<Agent>();
  }
  const play = (text: string, app = t, headers = owner, id = agent.id) =>
    app.request({
      method: 'POST',
      url: `/agents-api/agents/${id}/playground`,
      headers,
      payload: { messages: [{ role: 'user', content: text }], variables: { first_name: 'Ada' } },
    });

  it('calls a tool, reads its result, answers, and keeps the trace and the tokens', async () => {
    const response = await play('Where is my order?');
    expect(response.statusCode).toBe(200);
    const run = response.json<AgentRun>();
    expect(run).toMatchObject({
      outcome: 'answered',
      reply: 'Your order ships today.',
      variables: { first_name: 'Ada', order: '123' },
      toolCalls: 1,
      toolFailures: 0,
      version: 1,
    });
    expect(run.steps.map((step) => step.kind)).toEqual(['model', 'tool', 'model', 'answer']);
    expect(run.steps[0]).toMatchObject({
      kind: 'model',
      toolCalls: [{ name: 'set_variable' }],
      promptTokens: 20,
    });
    expect(run.steps[1]).toMatchObject({
      kind: 'tool',
      name: 'set_variable',
      arguments: { name: 'order', value: '123' },
      status: 'ok',
      result: { stored: 'order' },
    });
    expect(run.promptTokens).toBeGreaterThan(20);
    // The model was told the goal and the rendered instructions, and offered the tools.
    const first =
      model.requests.find((request) => visitorSaid(request.body) === 'Where is my order?')?.body ?? {};
    expect(messagesOf(first)[0]?.content).toContain('Greet Ada by name.');
    expect((first.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([
      'get_variable',
      'set_variable',
      'hand_off',
      'end',
    ]);
    const stored = await t.database.db
      .selectFrom('agent_runs')
      .selectAll()
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ outcome: 'answered', tool_calls: 1, source: 'playground' });
    expect(await usageOf(t.database.db, companyId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'agent', calls: 1 })]),
    );
  });

  it('names a made-up tool, arguments that are not JSON or break the schema, and goes on', async () => {
    const run = (await play('bad calls')).json<AgentRun>();
    expect(run.outcome).toBe('answered');
    const failures = run.steps.filter((step) => step.kind === 'tool').map((step) => step.error?.name);
    expect(failures).toEqual(['UnknownTool', 'InvalidArguments', 'InvalidArguments']);
    expect(run.toolFailures).toBe(3);
    // The model read each error and answered.
    expect(run.reply).toBe('Your order ships today.');
  });

  it('stops a loop of tool calls at the step limit, as a named step', async () => {
    const run = (await play('loop forever')).json<AgentRun>();
    expect(run).toMatchObject({ outcome: 'failed', failure: 'Stopped after 4 steps' });
    expect(run.steps.at(-2)).toMatchObject({ kind: 'limit', limit: 'steps' });
    expect(run.steps.at(-1)).toMatchObject({ kind: 'exit', exit: 'failed' });
    expect(run.steps.filter((step) => step.kind === 'model')).toHaveLength(4);
  });

  it('stops at the token limit', async () => {
    const thrifty = await createAgent(t, owner, { maxSteps: 10, maxTokens: 100 });
    const run = (await play('loop forever', t, owner, thrifty.id)).json<AgentRun>();
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run.steps.find((step) => step.kind === 'limit')).toMatchObject({ limit: 'tokens' });
  });

  it('leaves by the done and hand-off exits when the model says so', async () => {
    expect((await play('bye then')).json<AgentRun>()).toMatchObject({
      outcome: 'done',
      steps: expect.arrayContaining([{ kind: 'exit', exit: 'done', reason: 'order found' }]),
    });
    expect((await play('a person please')).json<AgentRun>()).toMatchObject({ outcome: 'handoff' });
  });

  it('turns a failing model into a failed run, and a missing model into 503', async () => {
    const brokenOwner = authHeader((await registerOwner(broken)).auth.token, 'Bearer');
    const brokenAgent = await createAgent(broken, brokenOwner);
    const run = (await play('Where is my order?', broken, brokenOwner, brokenAgent.id)).json<AgentRun>();
    expect(run.outcome).toBe('failed');
    expect(run.steps[0]).toMatchObject({ kind: 'model', error: { name: 'ModelFailed' } });
    const plainOwner = authHeader((await registerOwner(unconfigured)).auth.token, 'Bearer');
    const plainAgent = await createAgent(unconfigured, plainOwner);
    const missing = await play('Hi', unconfigured, plainOwner, plainAgent.id);
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({ error: { name: 'NotConfiguredException' } });
  });

  it('refuses bad input, another company, and keys without the run scope', async () => {
    const bad = await t.request({
      method: 'POST',
      url: `/agents-api/agents/${agent.id}/playground`,
      headers: owner,
      payload: { messages: [{ role: 'assistant', content: 'Hi' }] },
    });
    expect(bad.statusCode).toBe(400);
    const other = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token, 'Bearer');
    expect((await play('Hi', t, other)).statusCode).toBe(404);
    const key = async (scopes: string[]) =>
      (
        await t.request({
          method: 'POST',
          url: '/agents-api/api-keys',
          headers: owner,
          payload: { name: 'k', scopes },
        })
      ).json<CreatedApiKey>().secret;
    const reader = await key(['agents:read']);
    expect((await play('Hi', t, { authorization: `Bearer ${reader}` })).statusCode).toBe(403);
    const runner = await key(['agents:run']);
    expect((await play('Hi', t, { authorization: `Bearer ${runner}` })).statusCode).toBe(200);
  });
});
