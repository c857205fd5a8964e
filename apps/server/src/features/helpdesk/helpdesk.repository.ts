import {
  type ConversationEventData,
  EVENT,
  type HelpdeskProblem,
  helpdeskProblemSchema,
} from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export interface StoredHelpdesk {
  provider: 'zendesk';
  subdomain: string;
  email: string;
  sealedToken: string;
  tokenHint: string;
  sealedSigningSecret: string | null;
  signingSecretHint: string | null;
  agentName: string;
  checkedAt: Date;
  problem: Omit<HelpdeskProblem, 'at'> | null;
  problemAt: Date | null;
}

const problemSchema = helpdeskProblemSchema.omit({ at: true });

export async function findHelpdesk(db: Queryable, companyId: string): Promise<StoredHelpdesk | undefined> {
  const row = await db
    .selectFrom('helpdesk_connections')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    provider: 'zendesk',
    subdomain: row.subdomain,
    email: row.email,
    sealedToken: row.sealed_token,
    tokenHint: row.token_hint,
    sealedSigningSecret: row.sealed_signing_secret,
    signingSecretHint: row.signing_secret_hint,
    agentName: row.agent_name,
    checkedAt: row.checked_at,
    // A problem stored by an older server that no longer fits is not shown.
    problem: problemSchema.safeParse(row.problem).data ?? null,
    problemAt: row.problem_at,
  };
}

/** Saves a checked connection (replacing the account and token, keeping a signing secret set before). */
export async function saveHelpdesk(
  db: Queryable,
  companyId: string,
  helpdesk: Pick<StoredHelpdesk, 'subdomain' | 'email' | 'sealedToken' | 'tokenHint' | 'agentName'>,
): Promise<void> {
  const values = {
    provider: 'zendesk',
    subdomain: helpdesk.subdomain,
    email: helpdesk.email,
    sealed_token: helpdesk.sealedToken,
    token_hint: helpdesk.tokenHint,
    agent_name: helpdesk.agentName,
    checked_at: new Date(),
    problem: null,
    problem_at: null,
    updated_at: new Date(),
  };
  await db
    .insertInto('helpdesk_connections')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}

export async function saveSigningSecret(
  db: Queryable,
  companyId: string,
  sealed: string,
  hint: string,
): Promise<boolean> {
  const result = await db
    .updateTable('helpdesk_connections')
    .set({ sealed_signing_secret: sealed, signing_secret_hint: hint, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteHelpdesk(db: Queryable, companyId: string): Promise<void> {
  await db.deleteFrom('helpdesk_connections').where('company_id', '=', companyId).execute();
}

/** Notes why Zendesk stopped answering, only for the token it was sealed with (a reconnect wins). */
export async function recordHelpdeskProblem(
  db: Queryable,
  companyId: string,
  sealedToken: string,
  problem: Omit<HelpdeskProblem, 'at'>,
): Promise<void> {
  await db
    .updateTable('helpdesk_connections')
    .set({ problem: JSON.stringify(problem), problem_at: new Date() })
    .where('company_id', '=', companyId)
    .where('sealed_token', '=', sealedToken)
    .execute();
}

export interface StoredTicket {
  externalId: string;
  companyId: string;
  conversationId: string;
  ticketId: string;
  requesterId: string | null;
  url: string;
  lastCommentId: string;
  /** The visitor's last message added to the ticket. */
  forwardedSeq: number;
  /** The visitor's message whose adding was under way (see `claimForwarding`). */
  forwardingSeq: number | null;
  solvedAt: Date | null;
}

const ticketOf = (row: {
  external_id: string;
  company_id: string;
  conversation_id: string;
  ticket_id: string;
  requester_id: string | null;
  url: string;
  last_comment_id: string;
  forwarded_seq: number;
  forwarding_seq: number | null;
  solved_at: Date | null;
}): StoredTicket => ({
  externalId: row.external_id,
  companyId: row.company_id,
  conversationId: row.conversation_id,
  ticketId: String(row.ticket_id),
  requesterId: row.requester_id === null ? null : String(row.requester_id),
  url: row.url,
  lastCommentId: String(row.last_comment_id),
  forwardedSeq: row.forwarded_seq,
  forwardingSeq: row.forwarding_seq,
  solvedAt: row.solved_at,
});

export async function findTicketByExternalId(db: Queryable, externalId: string) {
  const row = await db
    .selectFrom('helpdesk_tickets')
    .selectAll()
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row && ticketOf(row);
}

export async function findTicket(db: Queryable, companyId: string, ticketId: string) {
  const row = await db
    .selectFrom('helpdesk_tickets')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
  return row && ticketOf(row);
}

/** The conversation's latest ticket (a conversation handed off again gets a new one). */
export async function latestTicketOf(db: Queryable, conversationId: string) {
  const row = await db
    .selectFrom('helpdesk_tickets')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && ticketOf(row);
}

/** Keeps the ticket opened for a handoff; false when it was kept already (a retried job). */
export async function insertTicket(
  db: Queryable,
  ticket: Omit<StoredTicket, 'lastCommentId' | 'forwardingSeq' | 'solvedAt'>,
): Promise<boolean> {
  const result = await db
    .insertInto('helpdesk_tickets')
    .values({
      external_id: ticket.externalId,
      company_id: ticket.companyId,
      conversation_id: ticket.conversationId,
      ticket_id: ticket.ticketId,
      requester_id: ticket.requesterId,
      url: ticket.url,
      forwarded_seq: ticket.forwardedSeq,
    })
    .onConflict((conflict) => conflict.column('external_id').doNothing())
    .returning('external_id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Moves the ticket's cursor of comments brought back (only forward). */
export async function noteCommentDelivered(db: Queryable, externalId: string, commentId: string) {
  await db
    .updateTable('helpdesk_tickets')
    .set({ last_comment_id: sql`greatest(last_comment_id, ${commentId}::bigint)` })
    .where('external_id', '=', externalId)
    .execute();
}

/** Marks the ticket solved; false when it was already. */
export async function markTicketSolved(db: Queryable, externalId: string): Promise<boolean> {
  const result = await db
    .updateTable('helpdesk_tickets')
    .set({ solved_at: sql`now()` })
    .where('external_id', '=', externalId)
    .where('solved_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What a ticket's internal note tells the agent, read in one query: who, where, what was said. */
/** The visitor's messages after `seq`, oldest first (a bounded batch). */
export async function visitorMessagesAfter(db: Queryable, conversationId: string, seq: number) {
  return db
    .selectFrom('conversation_messages')
    .select(['seq', 'text'])
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', seq)
    .where('role', '=', 'user')
    .orderBy('seq')
    .limit(50)
    .execute();
}

/** Claims a visitor's message for adding to the ticket (its call is about to be made); false when taken. */
export async function claimForwarding(db: Queryable, externalId: string, seq: number): Promise<boolean> {
  const claimed = await db
    .updateTable('helpdesk_tickets')
    .set({ forwarding_seq: seq })
    .where('external_id', '=', externalId)
    .where('forwarding_seq', 'is', null)
    .where('forwarded_seq', '<', seq)
    .returning('external_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The claimed message is on the ticket (or given up): the next one may go. */
export async function finishForwarding(db: Queryable, externalId: string, seq: number): Promise<void> {
  await db
    .updateTable('helpdesk_tickets')
    .set({ forwarded_seq: seq, forwarding_seq: null })
    .where('external_id', '=', externalId)
    .execute();
}

/** The claimed message was not added (Zendesk asked to wait): the next attempt adds it. */
export async function releaseForwarding(db: Queryable, externalId: string): Promise<void> {
  await db
    .updateTable('helpdesk_tickets')
    .set({ forwarding_seq: null })
    .where('external_id', '=', externalId)
    .execute();
}

export async function handoffMaterial(db: Queryable, conversationId: string) {
  const conversation = await db
    .selectFrom('conversations as c')
    .innerJoin('bots as b', 'b.id', 'c.bot_id')
    .select([
      'c.id',
      'c.company_id',
      'c.bot_id',
      'c.channel',
      'c.user_info',
      'c.state',
      'c.page_domain',
      'c.url',
      'c.status',
      'b.name as bot_name',
    ])
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
  if (!conversation) return undefined;
  const messages = await db
    .selectFrom('conversation_messages')
    .select(['seq', 'role', 'text', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('seq', 'desc')
    .limit(200)
    .execute();
  return { conversation, messages: messages.reverse() };
}

/**
 * Logs a helpdesk event in the conversation, after its latest message (so the transcript shows it
 * in its place); the company and bot it belongs to, for the live notice.
 */
export async function insertHelpdeskEvent(
  db: Queryable,
  conversationId: string,
  data: ConversationEventData<typeof EVENT.HelpdeskTicket>,
): Promise<{ companyId: string; botId: string } | undefined> {
  const event = { name: EVENT.HelpdeskTicket, at: Date.now(), afterOutputs: 0, dimensions: {}, data };
  const result = await sql<{ company_id: string; bot_id: string }>`
    insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, events, after_seq)
    select id, company_id, bot_id, deployment_id, ${JSON.stringify([event])}::jsonb, message_count
    from conversations where id = ${conversationId}
    returning company_id, bot_id`.execute(db);
  const row = result.rows[0];
  return row && { companyId: row.company_id, botId: row.bot_id };
}
