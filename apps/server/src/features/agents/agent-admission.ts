import type { AgentDefinition, SpendingLimit } from '@parley/contracts';
import type { EngineServices } from '@parley/engine';
import type { AppContext } from '../../context';
import type { AgentRow } from '../../db/tables/agent.table';
import type { AgentSettingsRow } from '../../db/tables/agent-admin.table';
import { companyLlm } from './agent-provider';
import type { AgentTurnResult } from './agent-runner';
import { findAgentSettings } from './agent-settings.repository';
import { monthSpend } from './agent-usage.repository';

/** What a turn of an agent runs with, or why it may not run. */
export interface TurnAdmission {
  /** The company's own provider when it set one, else the server's. */
  llm: EngineServices['llm'];
  /** Whether any model is set up (the company's or the server's). */
  configured: boolean;
  /** The definition with its model named (the company's default model when it names none). */
  definition: AgentDefinition;
  /** Set when the turn must not run (switched off, a spending limit reached): the failed turn to keep. */
  refused: AgentTurnResult | null;
  /** What a run cost, in millionths of the company's currency, at its model prices. */
  costMicros(result: Pick<AgentTurnResult, 'promptTokens' | 'completionTokens'>): number;
}

function refusal(
  variables: Record<string, unknown>,
  message: string,
  limitReached: boolean,
): AgentTurnResult {
  return {
    outcome: 'failed',
    reply: '',
    failure: message,
    steps: [
      ...(limitReached ? [{ kind: 'limit' as const, limit: 'spending' as const, message }] : []),
      { kind: 'exit', exit: 'failed', reason: message },
    ],
    variables,
    promptTokens: 0,
    completionTokens: 0,
    toolCalls: 0,
    toolFailures: 0,
    durationMs: 0,
  };
}

const capped = (limit: SpendingLimit) => limit.monthlyTokens !== null || limit.monthlyCost !== null;

/** Which monthly cap, if any, this month's spend has reached, said for the trace. */
async function spendingStop(
  ctx: AppContext,
  agent: AgentRow,
  settings: AgentSettingsRow | undefined,
): Promise<string | null> {
  const companyLimit = settings?.spending_limit;
  if (!capped(agent.spending_limit) && !(companyLimit && capped(companyLimit))) return null;
  const spend = await monthSpend(ctx.database.db, agent.company_id, agent.id);
  const currency = settings?.currency ?? 'USD';
  const over = (limit: SpendingLimit | undefined, used: { tokens: number; costMicros: number }) => {
    if (!limit) return null;
    if (limit.monthlyTokens !== null && used.tokens >= limit.monthlyTokens)
      return `${limit.monthlyTokens} tokens`;
    if (limit.monthlyCost !== null && used.costMicros >= limit.monthlyCost * 1e6)
      return `${limit.monthlyCost} ${currency}`;
    return null;
  };
  const agentOver = over(agent.spending_limit, spend.agent);
  if (agentOver) return `${agent.name} reached its monthly spending limit (${agentOver})`;
  const companyOver = over(companyLimit, spend.company);
  if (companyOver) return `The company’s agents reached their monthly spending limit (${companyOver})`;
  return null;
}

/**
 * Decides how an agent's turn runs (before any model call, holding no connection after): the
 * kill switch and the spending limits first, each a failed turn with a clear, named step; then the
 * company's provider, default model and prices.
 */
export async function admitTurn(
  ctx: AppContext,
  agent: AgentRow,
  definition: AgentDefinition,
  variables: Record<string, unknown>,
): Promise<TurnAdmission> {
  const settings = await findAgentSettings(ctx.database.db, agent.company_id);
  const model = definition.model.model || settings?.default_model || ctx.config.llm.defaultModel;
  const price = settings?.prices.find((each) => each.model === model);
  const serverLlm = ctx.conversations.engineServices.llm;
  const admission = (llm: EngineServices['llm'], configured: boolean, refused: AgentTurnResult | null) => ({
    llm,
    configured,
    definition: { ...definition, model: { ...definition.model, model } },
    refused,
    costMicros: (result: Pick<AgentTurnResult, 'promptTokens' | 'completionTokens'>) =>
      price
        ? Math.round(
            result.promptTokens * price.promptPerMillion +
              result.completionTokens * price.completionPerMillion,
          )
        : 0,
  });
  if (agent.disabled_at) {
    const message = `${agent.name} is switched off by an admin${agent.disabled_reason ? `: ${agent.disabled_reason}` : ''}`;
    return admission(serverLlm, true, refusal(variables, message, false));
  }
  const stop = await spendingStop(ctx, agent, settings);
  if (stop) return admission(serverLlm, true, refusal(variables, stop, true));
  try {
    const own = await companyLlm(ctx, settings);
    return admission(own ?? serverLlm, own !== null || Boolean(ctx.config.llm.apiKey), null);
  } catch (error) {
    // An address no longer allowed, or a key the server cannot open: the model step fails, named.
    return admission({ complete: () => Promise.reject(error) }, true, null);
  }
}
