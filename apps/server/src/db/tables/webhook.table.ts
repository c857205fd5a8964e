import type { RenderedWebhookRequest, WebhookTemplateDefinition } from '@parley/contracts';
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export interface WebhookTemplateTable {
  id: Generated<string>;
  /** Names a built-in template across versions (null for the ones people write). */
  slug: string | null;
  /** Null: public, offered to every company. */
  company_id: string | null;
  built_in: Generated<boolean>;
  version: Generated<number>;
  name: string;
  category: string;
  definition: JSONColumnType<WebhookTemplateDefinition, string, string>;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}
export type WebhookTemplateRow = Selectable<WebhookTemplateTable>;

export interface SealedField {
  sealed: string;
  hint: string;
}

export interface WebhookInstanceTable {
  id: Generated<string>;
  company_id: string;
  template_id: string;
  name: string;
  /** The plain `instance` fields' values, by key. */
  fields: JSONColumnType<Record<string, string>, string, string>;
  /** The secret fields' values, sealed (bound to the instance and key), with the hint screens show. */
  secrets: JSONColumnType<Record<string, SealedField>, string, string>;
  /** Sealed; X-Parley-Signature is computed with it. */
  signing_secret: string;
  asynchronous: Generated<boolean>;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}
export type WebhookInstanceRow = Selectable<WebhookInstanceTable>;

/** What a delivery was made from: the conversation's variables and the `bot` fields. */
export type DeliveryInputRecord =
  | { variables: Record<string, unknown>; botFields: Record<string, string> }
  | { variables: Record<string, unknown>; renderedFields: Record<string, string> };

export interface WebhookDeliveryTable {
  id: Generated<string>;
  company_id: string;
  instance_id: string | null;
  bot_id: string | null;
  conversation_id: string | null;
  module_id: string | null;
  kind: 'live' | 'test' | 'replay';
  replay_of: string | null;
  /** A later attempt of an asynchronous delivery: the first attempt's id. */
  retry_of: Generated<string | null>;
  attempt: Generated<number>;
  /** What it was made from (variables, `bot` fields), for replays; null before replays were kept. */
  input: JSONColumnType<DeliveryInputRecord | null, string | null, string | null>;
  /** As sent, secrets masked. */
  request: JSONColumnType<RenderedWebhookRequest, string, string>;
  ok: boolean;
  status: number | null;
  duration_ms: Generated<number>;
  response_body: Generated<string>;
  failure_reason: string | null;
  failure_message: string | null;
  /** What the log's search finds (address and failure, lower-cased); written by the database. */
  search: ColumnType<string, never, never>;
  created_at: Generated<Date>;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
