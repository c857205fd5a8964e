import type { AgentRun, playgroundRequestSchema } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, NotFoundException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { recordUsage } from '../llm/llm-usage.repository';
import { consumeLimit } from '../rate-limits/rate-limit.service';
import { admitTurn } from './agent-admission';
import { type AgentToolRunner, runAgentTurn } from './agent-runner';
import { findAgent } from './agents.repository';
import { builtInTools } from './built-in-tools';
import { companyToolRunners } from './company-tools';
import { insertRun } from './runs.repository';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Runs one turn of an agent's current version in the playground: the agent is read, the
 * connection given back, the model and tools called, then the run and its tokens stored.
 */
export async function runPlayground(
  ctx: AppContext,
  session: Session,
  agentId: string,
  request: z.output<typeof playgroundRequestSchema>,
): Promise<AgentRun> {
  const { db } = ctx.database;
  const agent = await findAgent(db, session.companyId, agentId);
  if (!agent) throw new NotFoundException('Agent not found');
  const admission = await admitTurn(ctx, agent, agent.definition, request.variables);
  if (!admission.configured) {
    throw new AppError(
      'NotConfiguredException',
      'No language model is configured for this Parley server (set OPENAI_API_KEY)',
    );
  }
  await consumeLimit(db, `agent-runs:company:${session.companyId}`, {
    max: ctx.config.llm.completionsPerCompany,
    windowMs: FIFTEEN_MINUTES,
  });
  const { definition } = admission;
  const tools: AgentToolRunner[] = [
    ...definition.builtInTools.map((name) => builtInTools[name]),
    ...(await companyToolRunners(ctx, session.companyId, definition.toolIds)),
  ];
  const result =
    admission.refused ??
    (await runAgentTurn(
      { definition, messages: request.messages, variables: request.variables, tools },
      admission.llm,
    ));
  const run = await db.transaction().execute(async (trx) => {
    if (result.promptTokens + result.completionTokens > 0) {
      await recordUsage(trx, {
        companyId: session.companyId,
        botId: null,
        purpose: 'agent',
        promptTokens: result.promptTokens,
        completionTokens: result.completionTokens,
      });
    }
    return insertRun(trx, {
      companyId: session.companyId,
      agentId,
      version: agent.version,
      source: 'playground',
      conversationId: null,
      result,
      costMicros: admission.costMicros(result),
    });
  });
  return run;
}
