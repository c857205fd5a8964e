import type {
  AgentDefinition,
  AgentStep,
  ApiKeyScope,
  PromptDefinition,
  SpendingLimit,
} from '@parley/contracts';
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { SealedField } from './webhook.table';

export interface AgentTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  goal: string;
  version: Generated<number>;
  definition: JSONColumnType<AgentDefinition, string, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
  /** The kill switch (0039): set, the agent's turns fail at once. */
  disabled_at: ColumnType<Date | null, never, Date | null>;
  disabled_reason: ColumnType<string | null, never, string | null>;
  spending_limit: JSONColumnType<SpendingLimit, never, string>;
}
export type AgentRow = Selectable<AgentTable>;

export interface AgentVersionTable {
  agent_id: string;
  version: number;
  definition: JSONColumnType<AgentDefinition, string, string>;
  created_by: string | null;
  /** Kept with the version: the history says who saved it even after they leave. */
  created_by_name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface AgentToolTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  description: string;
  definition: JSONColumnType<Record<string, unknown>, string, string>;
  /** Header values, sealed (bound to the tool and key), with the hint screens show. */
  secrets: JSONColumnType<Record<string, SealedField>, string, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}
export type AgentToolRow = Selectable<AgentToolTable>;

export interface AgentApiKeyTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  scopes: JSONColumnType<ApiKeyScope[], string, string>;
  /** SHA-256 of the key: the key itself is shown once and never stored. */
  token_hash: string;
  /** The key's first characters, to recognise it by in the list. */
  hint: string;
  created_by: string;
  created_by_name: string;
  created_at: ColumnType<Date, never, never>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}
export type AgentApiKeyRow = Selectable<AgentApiKeyTable>;

export interface AgentRunTable {
  id: Generated<string>;
  company_id: string;
  agent_id: string;
  version: number;
  source: 'playground' | 'conversation';
  conversation_id: string | null;
  outcome: 'answered' | 'done' | 'handoff' | 'failed';
  failure: string | null;
  steps: JSONColumnType<AgentStep[], string, string>;
  step_count: number;
  tool_calls: number;
  tool_failures: number;
  prompt_tokens: number;
  completion_tokens: number;
  duration_ms: number;
  created_at: ColumnType<Date, never, never>;
}
export type AgentRunRow = Selectable<AgentRunTable>;

export interface AgentPromptTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  description: string;
  version: Generated<number>;
  definition: JSONColumnType<PromptDefinition, string, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}
export type AgentPromptRow = Selectable<AgentPromptTable>;

export interface AgentPromptVersionTable {
  prompt_id: string;
  version: number;
  definition: JSONColumnType<PromptDefinition, string, string>;
  created_by: string | null;
  created_by_name: string;
  created_at: ColumnType<Date, never, never>;
}
