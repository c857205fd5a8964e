import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;

/** A person a company's bots met on one channel (see migration 0035); conversations point at it. */
export interface ContactTable {
  id: Generated<string>;
  company_id: string;
  channel: string;
  /** The page's user id, or `conversation:<id>` for a visitor the page did not name. */
  external_key: string;
  first_seen_at: Generated<Date>;
  /** Said a stop word or unsubscribed: never sent another broadcast. */
  opted_out_at: Date | null;
  opt_out_reason: string | null;
  // What audiences filter on, kept from the contact's conversations (see migration 0046).
  conversations: Generated<number>;
  last_seen_at: Date | null;
  bot_ids: Generated<string[]>;
  languages: Generated<string[]>;
  countries: Generated<string[]>;
  /** The module ids of the goals reached ('' for a goal logged without one). */
  goals: Generated<string[]>;
  handed_off: Generated<boolean>;
  /** The variables of the conversation written last. */
  variables: unknown;
}

/** One top-level variable of a contact's `variables`, typed for the audiences (migration 0051). */
export interface ContactVariableTable {
  contact_id: string;
  name: string;
  company_id: string;
  /** `lower(value #>> '{}')`; null when longer than 200 characters. */
  text_value: string | null;
  /** The value as a number (also a number written as text), if it is one. */
  number_value: string | null;
}

/** A contact whose `variables` changed since its typed variables were last written (migration 0051). */
export interface ContactVariableStaleTable {
  contact_id: string;
  company_id: string;
}

/** A saved filter over a company's contacts: the `audienceFilterSchema` document. */
export interface AudienceTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  filter: JSONColumnType<Record<string, unknown>, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}
export type AudienceRow = Selectable<AudienceTable>;

/** A company's words that opt a contact out of broadcasts (defaults until it sets its own). */
export interface BroadcastSettingsTable {
  company_id: string;
  stop_words: string[];
}

export type BroadcastState = 'scheduled' | 'sending' | 'paused' | 'cancelled' | 'done';

export interface BroadcastTable {
  id: Generated<string>;
  company_id: string;
  bot_id: string;
  audience_id: string | null;
  name: string;
  message: JSONColumnType<Record<string, unknown>, string, string>;
  channels: string[];
  reply_module_id: string | null;
  throttle_per_minute: number | null;
  send_at: Date | null;
  time_zone: string | null;
  goal_window_hours: Generated<number>;
  state: BroadcastState;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}
export type BroadcastRow = Selectable<BroadcastTable>;

export type RecipientState = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

/** Who a broadcast goes to, fixed when it starts, and how it went for each. */
export interface BroadcastRecipientTable {
  broadcast_id: string;
  contact_id: string;
  company_id: string;
  conversation_id: string;
  channel: string;
  state: Generated<RecipientState>;
  reason: string | null;
  /** The claim's lease: past it, a process that stopped mid-send lets another take the recipient. */
  claimed_until: Date | null;
  attempts: Generated<number>;
  message_seq: number | null;
  sent_at: Date | null;
  replied_at: Date | null;
  /** When the contact saw it (the widget showed it; the channel said it was read); see migration 0042. */
  opened_at: Date | null;
  /** When the channel's sender began handing it to the vendor (Messenger); see migration 0047. */
  handed_at: Date | null;
  /** When the channel said the contact's device has it (Messenger's delivery receipt). */
  delivered_at: Date | null;
}
