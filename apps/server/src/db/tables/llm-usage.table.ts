import type { ColumnType, Generated } from 'kysely';

/**
 * Tokens used per company, bot, day and purpose. `bot_key` is the bot's id, or the zero uuid for
 * calls made for no bot (a key column cannot be null).
 */
export interface LlmUsageTable {
  company_id: string;
  bot_key: Generated<string>;
  day: ColumnType<string, string, string>;
  purpose: string;
  calls: Generated<number>;
  prompt_tokens: ColumnType<string, number, number>;
  completion_tokens: ColumnType<string, number, number>;
}
