import type { AgentCall, AgentCallResult } from '@parley/modules';
import { describe, expect, it } from 'vitest';
import { flowOf, runBot, testServices } from './testing/run-bot';

const lookup = {
  kind: 'tool',
  name: 'order_status',
  status: 'ok',
  arguments: { order: 'A-17' },
  result: { status: 'shipped' },
  durationMs: 14,
};
const model = { kind: 'model', name: 'gpt-test', durationMs: 120, promptTokens: 310, completionTokens: 22 };

/** An order-status bot: a greeting, then the agent, with a port for each way it can leave. */
const flow = flowOf([
  ['start', 'text', { text: 'Hi! I can look up your order.' }, { next: 'agent' }],
  [
    'agent',
    'agent',
    { agent: { id: 'agent-1', name: 'Orders', version: 3 }, variables: ['order', 'status'] },
    { done: 'thanks', handoff: 'human', failed: 'sorry' },
  ],
  ['thanks', 'text', { text: 'Glad I could help ({{ status }}).' }],
  ['human', 'handoff', {}],
  ['sorry', 'text', { text: 'Something went wrong.' }],
]);

/** A scripted agent: each call answers the next result, and every call is kept. */
function scripted(...results: Partial<AgentCallResult>[]) {
  const calls: AgentCall[] = [];
  const { services } = testServices({
    agents: async (call) => {
      calls.push(call);
      const next = results.shift();
      if (!next) throw new Error('the agent was called more often than scripted');
      return {
        runId: `run-${calls.length}`,
        agentName: 'Orders',
        outcome: 'answered',
        reply: '',
        failure: null,
        variables: call.variables,
        steps: [],
        ...next,
      };
    },
  });
  return { services, calls };
}

describe('the Agent module in a conversation', () => {
  it('talks over several turns, shows its steps in the trace, and leaves by done with its variables', async () => {
    const { services, calls } = scripted(
      { reply: 'Which order?', steps: [model, { kind: 'answer', text: 'Which order?' }] },
      {
        outcome: 'done',
        reply: 'Order A-17 has shipped.',
        variables: { order: 'A-17', status: 'shipped' },
        steps: [model, lookup, { kind: 'exit', name: 'done', text: 'Answered' }],
      },
    );
    const run = await runBot(flow, services)
      .start()
      .expectReply('Hi! I can look up your order.', 'Which order?')
      .expectTrace('start', 'module', 'agent')
      .expectState({ status: 'waiting', waitingFor: { moduleId: 'agent' } })
      .say('It is A-17')
      .expectReply('Order A-17 has shipped.', 'Glad I could help (shipped).')
      .expectTrace('agent', 'module', 'module')
      .expectVariable('order', 'A-17')
      .expectEvent('Agent Turn', {
        data: expect.objectContaining({ outcome: 'done', runId: 'run-2', steps: expect.any(Array) }),
      });
    // The agent read the conversation so far and only the variables the module shares.
    expect(calls[1]).toMatchObject({
      agentId: 'agent-1',
      version: 3,
      messages: [
        { role: 'assistant', content: 'Hi! I can look up your order.' },
        { role: 'assistant', content: 'Which order?' },
        { role: 'user', content: 'It is A-17' },
      ],
      variables: { order: null, status: null },
    });
    // The debugger's step carries the model call's tokens and the tool call as it happened.
    const step = run.last?.trace[0];
    expect(step).toMatchObject({ kind: 'agent', from: 'agent', to: null });
    expect(step?.agent?.steps).toEqual([model, lookup, { kind: 'exit', name: 'done', text: 'Answered' }]);
    expect(run.last?.trace[1]).toMatchObject({ kind: 'module', from: 'agent', port: 'done', to: 'thanks' });
  });

  it('hands the conversation to a person by the handoff port', async () => {
    const { services } = scripted({
      outcome: 'handoff',
      reply: 'Let me get a colleague.',
      steps: [model, { kind: 'exit', name: 'handoff', text: 'Asked for a person' }],
    });
    await runBot(flow, services)
      .start()
      .expectReply('Hi! I can look up your order.', 'Let me get a colleague.', /.+/)
      .expectTrace('start', 'module', 'agent', 'module')
      .expectState({ status: 'human' })
      .expectEvent('Handoff Requested');
  });

  it('leaves by failed when the agent cannot be reached, and says why in the trace', async () => {
    const { services } = testServices({
      agents: () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    const run = await runBot(flow, services)
      .start()
      .expectReply('Hi! I can look up your order.', 'Something went wrong.')
      .expectTrace('start', 'module', 'agent', 'module', 'module');
    expect(run.last?.trace[2]?.agent).toMatchObject({ outcome: 'failed', steps: [] });
    expect(run.last?.trace[3]).toMatchObject({ port: 'failed', to: 'sorry' });
  });
});
