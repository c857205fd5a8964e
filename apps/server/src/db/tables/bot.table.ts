import type { Flow } from '@parley/flow';
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export interface BotTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  language: string;
  draft_flow: JSONColumnType<Flow, string, string>;
  /** Counted from the draft when it is saved, so lists never read the document. */
  module_count: Generated<number>;
  intent_count: Generated<number>;
  global_connection_count: Generated<number>;
  published_version: number | null;
  /** When the bot's knowledge was last published (its sources' `published_file_id`); null: never. */
  knowledge_published_at: Generated<Date | null>;
  /** Counts the draft's saves; a save names the revision it started from (see saveDraft). */
  draft_revision: Generated<number>;
  draft_saved_by: string | null;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
  /** The web chat's look; parsed with the style schema, so missing fields take their defaults. */
  webchat_style: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** What a goal completion is worth (USD) when its module names no value (Revenue Impact). */
  default_goal_value: Generated<number>;
  /** Languages the bot speaks besides its own, through machine translation (codes such as `es`). */
  offered_languages: ColumnType<string[], string | undefined, string>;
  /** When a person's translation (or a "translate missing") last changed the bot's translations. */
  translations_updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Deleted bots stay for the reports of their conversations. */
  deleted_at: Date | null;
}
export type BotRow = Selectable<BotTable>;
