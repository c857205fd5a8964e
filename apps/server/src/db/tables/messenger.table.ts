import type { ColumnType, Generated, Selectable } from 'kysely';

/** A deployment connected to a Facebook Page (see migration 0033). */
export interface MessengerConnectionTable {
  deployment_id: string;
  company_id: string;
  page_id: string;
  page_name: string;
  /** Sealed (ctx.secrets), bound to the deployment. */
  page_access_token: string;
  /** Sealed: signs Meta's webhook posts (`X-Hub-Signature-256`). */
  app_secret: string;
  /** Sealed: what Meta's verification handshake must send. */
  verify_token: string;
  disconnected_at: Date | null;
  disconnected_reason: string | null;
  last_event_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
export type MessengerConnectionRow = Selectable<MessengerConnectionTable>;

/** Message ids received per deployment (Meta retries: each is handled once). */
export interface MessengerEventTable {
  deployment_id: string;
  mid: string;
  received_at: Generated<Date>;
}

export interface MessengerConversationTable {
  conversation_id: string;
  deployment_id: string;
  company_id: string;
  /** The Page-scoped id of the person writing. */
  psid: string;
  /** When they last wrote: the 24-hour window for sending starts there. */
  last_user_message_at: Date;
  sent_seq: Generated<number>;
  sending_seq: number | null;
  sent_parts: Generated<number>;
  /** The app holding the person's thread in the handover protocol (the Page inbox…); null: Parley (see migration 0053). */
  thread_owner_app_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the handover event that set it happened (Meta's timestamp). */
  thread_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
