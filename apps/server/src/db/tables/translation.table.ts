import type { ColumnType, Generated } from 'kysely';

/** A company's translation provider: its key sealed (see sealed-secrets.ts), what its last check found. */
export interface CompanyTranslationTable {
  company_id: string;
  provider: string;
  sealed_key: string;
  key_hint: string;
  plan: string;
  character_count: ColumnType<string | number, number, number>;
  character_limit: ColumnType<string | number, number, number>;
  checked_at: Date;
  /** The last failure of a translation (spent quota, refused key, …); cleared by a working check. */
  problem: ColumnType<unknown, string | null, string | null>;
  problem_at: Date | null;
  updated_at: Generated<Date>;
}

/** Machine translations shared by a company's bots: one row per text, source and target. */
export interface TranslationCacheTable {
  company_id: string;
  source_language: string;
  target_language: string;
  /** SHA-256 of the source text (hex). */
  text_hash: string;
  translated: string;
  created_at: Generated<Date>;
}

/** Characters sent to the provider per bot and month (its first day). */
export interface TranslationUsageTable {
  company_id: string;
  bot_id: string;
  month: ColumnType<Date | string, string, string>;
  characters: ColumnType<string | number, number, number>;
  requests: ColumnType<number, number, number>;
}

/** A translation a person wrote or checked, for one text of a bot (by its place in the flow). */
export interface BotTranslationTable {
  company_id: string;
  bot_id: string;
  language: string;
  /** Where the text is in the flow: `m1.text`, `m2.buttons.b1.label`, `settings.fallbackMessage`. */
  text_key: string;
  /** SHA-256 (hex) of the source text it translated: another hash means the source changed. */
  source_hash: string;
  source_text: string;
  translated: string;
  state: 'reviewed' | 'edited';
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** Where the background translation of a bot's texts into one language stands. */
export interface BotPretranslationTable {
  company_id: string;
  bot_id: string;
  language: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Texts the provider translated in the last run. */
  translated: Generated<number>;
  /** Runs tried since it was last queued. */
  attempts: Generated<number>;
  /** Why the last run failed (the provider's reason), null otherwise. */
  problem: string | null;
  updated_at: Generated<Date>;
}
