import { describe, expect, it } from 'vitest';
import type { AgentCall, AgentCallResult } from '../kit/module-kit';
import { testContext } from '../kit/testing';
import { agentRuntime } from './execute';
import { agentDefinition } from './schema';

const content = { agent: { id: 'a1', name: 'Orders', version: 2 }, variables: ['order_id', 'status'] };
const result = (extra: Partial<AgentCallResult>): AgentCallResult => ({
  runId: 'run-1',
  agentName: 'Orders',
  outcome: 'answered',
  reply: 'Which order?',
  failure: null,
  variables: {},
  steps: [],
  ...extra,
});

describe('agent module', () => {
  it('hands the transcript and shared variables to the agent, answers, and waits', async () => {
    const calls: AgentCall[] = [];
    const { context, sent, events } = testContext({
      variables: { order_id: 'A1', secret: 'x' },
      transcript: [
        { role: 'bot', utterance: 'Hi!' },
        { role: 'user', utterance: 'Where is my order?' },
      ],
      agent: async (call) => {
        calls.push(call);
        return result({});
      },
    });
    expect(await agentRuntime.enter(content, context)).toEqual({ kind: 'wait' });
    expect(calls).toEqual([
      {
        agentId: 'a1',
        version: 2,
        messages: [
          { role: 'assistant', content: 'Hi!' },
          { role: 'user', content: 'Where is my order?' },
        ],
        variables: { order_id: 'A1', status: null },
      },
    ]);
    expect(sent).toEqual([{ type: 'text', text: 'Which order?' }]);
    expect(events[0]).toMatchObject({ name: 'Agent Turn', data: { outcome: 'answered', runId: 'run-1' } });
  });

  it('keeps talking (reprompt), then leaves by its exit with the shared variables it set', async () => {
    const answers = [
      result({}),
      result({
        outcome: 'handoff',
        reply: 'A colleague will help.',
        variables: { status: 'lost', secret: 'changed' },
        steps: [{ kind: 'tool', name: 'order_status', status: 'ok', result: { status: 'lost' } }],
      }),
    ];
    const { context, variables, events } = testContext({ agent: async () => answers.shift() ?? result({}) });
    expect(await agentRuntime.receive?.(content, { kind: 'text', text: 'A1' }, context, 1)).toEqual({
      kind: 'reprompt',
    });
    expect(await agentRuntime.receive?.(content, { kind: 'text', text: 'hmm' }, context, 2)).toEqual({
      kind: 'continue',
      port: 'handoff',
    });
    expect(variables.get('status')).toBe('lost');
    expect(variables.has('secret')).toBe(false);
    expect(events[1]).toMatchObject({ data: { outcome: 'handoff', steps: [{ name: 'order_status' }] } });
  });

  it('takes Failed when the agent cannot run or none is chosen', async () => {
    const { context, events } = testContext({ agent: () => Promise.reject(new Error('boom')) });
    expect(await agentRuntime.enter(content, context)).toEqual({ kind: 'continue', port: 'failed' });
    expect(events[0]).toMatchObject({ data: { outcome: 'failed', failure: 'boom' } });
    expect(await agentRuntime.enter({ agent: null, variables: [] }, context)).toEqual({
      kind: 'continue',
      port: 'failed',
    });
    expect(agentDefinition.ports(content).map((port) => port.id)).toEqual(['done', 'handoff', 'failed']);
  });
});
