import type { AgentRun } from '@parley/contracts';
import type { Queryable } from '../../db/database';
import type { AgentTurnResult } from './agent-runner';
import { addRunToUsage, hasRunInConversation } from './agent-usage.repository';

/**
 * Keeps a run with its trace, and adds it to its agent's day (usage, spending limits and the
 * dashboard read that rollup); `costMicros` is what it cost at the company's model prices.
 */
export async function insertRun(
  db: Queryable,
  run: {
    companyId: string;
    agentId: string;
    version: number;
    source: 'playground' | 'conversation';
    conversationId: string | null;
    result: AgentTurnResult;
    costMicros?: number;
  },
): Promise<AgentRun> {
  const { result } = run;
  const newConversation =
    run.conversationId !== null && !(await hasRunInConversation(db, run.agentId, run.conversationId));
  const row = await db
    .insertInto('agent_runs')
    .values({
      company_id: run.companyId,
      agent_id: run.agentId,
      version: run.version,
      source: run.source,
      conversation_id: run.conversationId,
      outcome: result.outcome,
      failure: result.failure,
      steps: JSON.stringify(result.steps),
      step_count: result.steps.length,
      tool_calls: result.toolCalls,
      tool_failures: result.toolFailures,
      prompt_tokens: result.promptTokens,
      completion_tokens: result.completionTokens,
      duration_ms: result.durationMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addRunToUsage(db, {
    companyId: run.companyId,
    agentId: run.agentId,
    source: run.source,
    newConversation,
    result,
    costMicros: run.costMicros ?? 0,
  });
  return {
    id: row.id,
    version: run.version,
    outcome: result.outcome,
    reply: result.reply,
    failure: result.failure,
    steps: result.steps,
    variables: result.variables,
    promptTokens: result.promptTokens,
    completionTokens: result.completionTokens,
    toolCalls: result.toolCalls,
    toolFailures: result.toolFailures,
    durationMs: result.durationMs,
  };
}
