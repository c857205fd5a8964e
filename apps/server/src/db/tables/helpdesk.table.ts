import type { ColumnType, Generated } from 'kysely';

/** A company's helpdesk (Zendesk Support): where, as whom, the API token and webhook secret sealed. */
export interface HelpdeskConnectionTable {
  company_id: string;
  provider: string;
  subdomain: string;
  email: string;
  sealed_token: string;
  token_hint: string;
  /** The Zendesk webhook's signing secret, sealed: agents' comments come back only when it is set. */
  sealed_signing_secret: string | null;
  signing_secret_hint: string | null;
  /** The Zendesk user the token belongs to (its name), as the last check found it. */
  agent_name: string;
  checked_at: Date;
  problem: ColumnType<unknown, string | null, string | null>;
  problem_at: Date | null;
  updated_at: Generated<Date>;
}

/** A ticket opened for a handed-off conversation. */
export interface HelpdeskTicketTable {
  /** `parley:<conversation>:<handoff>`: the ticket's `external_id` in Zendesk. */
  external_id: string;
  company_id: string;
  conversation_id: string;
  ticket_id: ColumnType<string, number | string, number | string>;
  requester_id: ColumnType<string | null, number | string | null, number | string | null>;
  url: string;
  /** The id of the last agent comment brought back to the visitor (Zendesk's ids only grow). */
  last_comment_id: ColumnType<string, number | string | undefined, number | string>;
  /** The visitor's last message added to the ticket (the handoff's note holds those before it). */
  forwarded_seq: ColumnType<number, number | undefined, number>;
  /** The visitor's message being added (claimed before its call, so it is never added twice). */
  forwarding_seq: ColumnType<number | null, number | null | undefined, number | null>;
  solved_at: Date | null;
  created_at: Generated<Date>;
}
