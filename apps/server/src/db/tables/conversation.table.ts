import type { Flow } from '@parley/flow';
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/** A message in another language than it was shown or written in (see migration 0020). */
export interface MessageTranslation {
  language: string;
  text: string;
}

type CreatedAt = ColumnType<Date, never, never>;
type Json = JSONColumnType<Record<string, unknown>, string, string>;

export interface BotVersionTable {
  id: Generated<string>;
  bot_id: string;
  company_id: string;
  version: number;
  flow: JSONColumnType<Flow, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DeploymentTable {
  id: Generated<string>;
  company_id: string;
  bot_id: string;
  /** The public key a web page embeds (`data-deployment`). */
  key: string;
  channel: 'webchat' | 'test';
  /** The published version it serves; null for a test deployment, which follows the draft. */
  version: number | null;
  sunshine_parley_integration_id: string | null;
  sunshine_parley_switchboardIntegration_id: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}
export type DeploymentRow = Selectable<DeploymentTable>;

export interface ConversationTable {
  id: Generated<string>;
  company_id: string;
  bot_id: string;
  deployment_id: string;
  /** SHA-256 of the conversation's token, which only its visitor holds. */
  token_hash: string;
  status: string;
  state: Json;
  channel: string;
  user_info: Json;
  context: Json;
  page_domain: string | null;
  url: string | null;
  /** The visitor's language (from the widget, the page or the SDK); null: the bot's own. */
  language: Generated<string | null>;
  /** The visitor's country (ISO 3166 alpha-2) as the widget's start told it (migration 0042); null: unknown. */
  country: Generated<string | null>;
  message_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  last_message_at: Generated<Date>;
  /** When it expires if nothing happens (the inbox shows it). */
  expires_at: Date | null;
  expired_at: Date | null;
  /** The agent who has control; null while the bot has it (or while a handoff waits for one). */
  agent_id: string | null;
  /** When the bot asked for an agent; cleared when control goes back to the bot. */
  handoff_requested_at: Date | null;
  has_handoff: Generated<boolean>;
  has_fallback: Generated<boolean>;
  /** Who it is with (filed by a trigger, see migration 0035); null for the tester's. */
  contact_id: Generated<string | null>;
  /** The last message the team has read (unread: message_count beyond it). */
  read_seq: Generated<number>;
  last_message_text: string | null;
  /** A turn waiting on an outside call (see migration 0012 and pending-turn.ts); null otherwise. */
  pending_turn: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  /** The server process working that turn out, and until when it may (its lease). */
  pending_owner: string | null;
  pending_until: Date | null;
}
export type ConversationRow = Selectable<ConversationTable>;

/**
 * The conversations with a turn pending (a row while `pending_owner` is set; see migration 0049):
 * what the abandoned-turn sweep reads, kept apart so that a claim updates no indexed column.
 */
export interface PendingConversationTable {
  conversation_id: string;
}

/** What the inbox's user search looks in: the visitor's name, email and id, as the page gave them. */
export interface ConversationVisitorTable {
  conversation_id: string;
  search: string;
}

/** Keyed by (conversation_id, seq). */
export interface ConversationMessageTable {
  conversation_id: string;
  company_id: string;
  bot_id: string;
  seq: number;
  role: 'user' | 'bot' | 'agent';
  message: Json;
  text: string;
  /** The id the client sent the turn's message with (on each message of that turn; see migration 0019). */
  client_message_id: string | null;
  /** The message in the other language: a visitor's as the bot read it, a bot's as it was written. */
  translation: ColumnType<MessageTranslation | null, string | undefined, string | null>;
  created_at: Generated<Date>;
}
export type ConversationMessageRow = Selectable<ConversationMessageTable>;

/** A turn's events, in one row (see migration 0006). */
export interface ConversationEventLogTable {
  id: Generated<string>;
  conversation_id: string;
  company_id: string;
  bot_id: string;
  deployment_id: string;
  occurred_at: Generated<Date>;
  /** `{ name, at, afterOutputs, dimensions (without the ids above), data }`, in order. */
  events: Json;
  /** The last message stored before the turn's bot messages (its user's or agent's message). */
  after_seq: Generated<number>;
}

/** The `conversation_events` view: one row per event, every spec §3 dimension. Read-only. */
export interface ConversationEventTable {
  log_id: string;
  position: number;
  conversation_id: string;
  company_id: string;
  bot_id: string;
  deployment_id: string;
  name: string;
  dimensions: Json;
  data: Json;
  occurred_at: Date;
  /** The message it came after. */
  after_seq: number;
}
