import { EVENT } from '@parley/kit';
import { callFailureOf } from '../kit/call-failure';
import type { AgentCallResult, ExecutionContext, ModuleRuntime } from '../kit/module-kit';
import type { AgentContent } from './schema';

/** How much of the conversation the agent reads. */
const TRANSCRIPT_MESSAGES = 40;

/**
 * One agent turn over the conversation so far: the variables it set are written back (only those
 * the module shares), its answer is sent, and its steps are logged for the debugger and the inbox.
 * Answers `answered` while the agent keeps talking, or the port it leaves by.
 */
async function agentTurn(
  content: AgentContent,
  context: ExecutionContext,
): Promise<AgentCallResult['outcome']> {
  const { agent } = content;
  if (!agent) return 'failed';
  const messages = context
    .transcript()
    .slice(-TRANSCRIPT_MESSAGES)
    .filter((message) => message.utterance.trim())
    .map((message) => ({
      role: message.role === 'user' ? ('user' as const) : ('assistant' as const),
      content: message.utterance,
    }));
  const variables = Object.fromEntries(
    content.variables.map((name) => [name, context.getVariable(name) ?? null]),
  );
  const base = { agentId: agent.id, agent: agent.name, version: agent.version };
  let result: AgentCallResult;
  try {
    result = await context.agent({ agentId: agent.id, version: agent.version, messages, variables });
  } catch (error) {
    const failure = callFailureOf(error);
    context.emit(EVENT.AgentTurn, {
      ...base,
      runId: null,
      outcome: 'failed',
      failure: failure.message,
      steps: [],
      reason: failure.reason,
    });
    return 'failed';
  }
  for (const name of content.variables)
    if (Object.hasOwn(result.variables, name)) context.setVariable(name, result.variables[name]);
  context.emit(EVENT.AgentTurn, {
    ...base,
    agent: result.agentName || agent.name,
    runId: result.runId,
    outcome: result.outcome,
    failure: result.failure,
    steps: result.steps,
  });
  if (result.reply.trim()) context.send({ type: 'text', text: result.reply.trim() });
  return result.outcome;
}

export const agentRuntime: ModuleRuntime<AgentContent> = {
  async enter(content, context) {
    const outcome = await agentTurn(content, context);
    return outcome === 'answered' ? { kind: 'wait' } : { kind: 'continue', port: outcome };
  },
  async receive(content, _input, context) {
    const outcome = await agentTurn(content, context);
    return outcome === 'answered' ? { kind: 'reprompt' } : { kind: 'continue', port: outcome };
  },
};
