import type { ColumnType, Generated, Selectable } from 'kysely';

/** A deployment connected to a messaging-suite app (see migration 0028). */
export interface SunshineConnectionTable {
  deployment_id: string;
  company_id: string;
  app_id: string;
  key_id: string;
  /** Sealed (ctx.secrets), bound to the deployment. */
  key_secret: string;
  /** The webhook integration's shared secret, sealed: the suite sends it as `X-API-Key`. */
  webhook_secret: string;
  api_url: string;
  integration_id: string;
  switchboard_id: string;
  switchboard_integration_id: string;
  agent_switchboard_integration_id: string | null;
  last_event_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  ignored_events: Generated<number>;
  created_at: ColumnType<Date, never, never>;
}
export type SunshineConnectionRow = Selectable<SunshineConnectionTable>;

/** Event ids received per deployment (the suite retries: each is handled once; see migration 0054). */
export interface SunshineEventTable {
  deployment_id: string;
  event_id: string;
  received_at: Generated<Date>;
  /** When the suite says the event happened (its `createdAt`); null when it did not say. */
  created_at: Date | null;
  /** When it was handled; null while it waits (or failed). */
  handled_at: Date | null;
  /** When its last handling failed (the suite's retry of it is queued again). */
  failed_at: Date | null;
}

/**
 * A change of control the sender makes: pass to the switchboard's next integration (`next`), pass
 * back to Parley's own (`parley`), or accept control offered to Parley (`accept`).
 */
export type PendingControl = 'next' | 'parley' | 'accept';

export interface SunshineConversationTable {
  conversation_id: string;
  deployment_id: string;
  company_id: string;
  sc_conversation_id: string;
  parley_in_control: Generated<boolean>;
  sent_seq: Generated<number>;
  sending_seq: number | null;
  sent_parts: Generated<number>;
  /** A change of control to make once the messages before it are out (see migrations 0028, 0032). */
  pending_control: PendingControl | null;
  /** The time of the newest suite event applied to it: older ones change nothing (migration 0054). */
  last_event_at: Date | null;
}
export type SunshineConversationRow = Selectable<SunshineConversationTable>;
