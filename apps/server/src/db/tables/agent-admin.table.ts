import type { AgentLimits, ModelPrice, SpendingLimit } from '@parley/contracts';
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/** A company's agent settings (migration 0039); a company without a row has the defaults. */
export interface AgentSettingsTable {
  company_id: string;
  provider_base_url: string | null;
  /** Sealed (sealed-secrets.ts) and bound to the company; never sent back. */
  provider_key: string | null;
  provider_key_hint: string | null;
  provider_models: JSONColumnType<string[], string | undefined, string>;
  provider_checked_at: Date | null;
  default_model: Generated<string>;
  /** Null: the agents' own defaults (contracts' agentLimitsSchema). */
  default_limits: JSONColumnType<AgentLimits | null, string | null, string | null>;
  retention_days: Generated<number>;
  currency: Generated<string>;
  prices: JSONColumnType<ModelPrice[], string | undefined, string>;
  spending_limit: JSONColumnType<SpendingLimit, string | undefined, string>;
  updated_at: Generated<Date>;
}
export type AgentSettingsRow = Selectable<AgentSettingsTable>;

/** One agent's day (per source), added to as each run is kept. */
export interface AgentUsageDailyTable {
  company_id: string;
  agent_id: string;
  day: ColumnType<string, string, string>;
  source: 'playground' | 'conversation';
  conversations: Generated<number>;
  turns: Generated<number>;
  steps: Generated<number>;
  done: Generated<number>;
  handoff: Generated<number>;
  failed: Generated<number>;
  tool_calls: Generated<number>;
  tool_failures: Generated<number>;
  prompt_tokens: ColumnType<string, number, string>;
  completion_tokens: ColumnType<string, number, string>;
  cost_micros: ColumnType<string, number, string>;
  /** Step-time histogram (see features/agents/step-time-histogram.ts). */
  step_ms: ColumnType<number[], number[], string>;
}
