import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { MessengerConnectionRow } from '../../db/tables/messenger.table';

type NewConnection = Pick<
  MessengerConnectionRow,
  | 'deployment_id'
  | 'company_id'
  | 'page_id'
  | 'page_name'
  | 'page_access_token'
  | 'app_secret'
  | 'verify_token'
>;

export async function findConnection(
  db: Queryable,
  companyId: string,
  deploymentId: string,
): Promise<MessengerConnectionRow | undefined> {
  return db
    .selectFrom('messenger_connections')
    .selectAll()
    .where('deployment_id', '=', deploymentId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Another deployment of the company connected to the same Page (it would answer twice). */
export async function findPageElsewhere(
  db: Queryable,
  companyId: string,
  deploymentId: string,
  pageId: string,
) {
  return db
    .selectFrom('messenger_connections')
    .select('deployment_id')
    .where('company_id', '=', companyId)
    .where('page_id', '=', pageId)
    .where('deployment_id', '!=', deploymentId)
    .executeTakeFirst();
}

/** The connection of a deployment still in service (the webhook: no company known yet). */
export async function findWebhookConnection(db: Queryable, deploymentId: string) {
  return db
    .selectFrom('messenger_connections as m')
    .innerJoin('deployments as d', 'd.id', 'm.deployment_id')
    .selectAll('m')
    .select(['d.bot_id'])
    .where('m.deployment_id', '=', deploymentId)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Stores a connection, or replaces the Page, token and secrets of one (which connects it again). */
export async function upsertConnection(db: Queryable, connection: NewConnection): Promise<void> {
  await db
    .insertInto('messenger_connections')
    .values(connection)
    .onConflict((oc) =>
      oc.column('deployment_id').doUpdateSet({
        page_id: connection.page_id,
        page_name: connection.page_name,
        page_access_token: connection.page_access_token,
        app_secret: connection.app_secret,
        verify_token: connection.verify_token,
        disconnected_at: null,
        disconnected_reason: null,
        last_error: null,
        last_error_at: null,
      }),
    )
    .execute();
}

export async function deleteConnection(db: Queryable, companyId: string, deploymentId: string) {
  await db
    .deleteFrom('messenger_connections')
    .where('deployment_id', '=', deploymentId)
    .where('company_id', '=', companyId)
    .execute();
}

/** Keeps the message ids not seen before; answers them. */
export async function recordMids(db: Queryable, deploymentId: string, mids: string[]): Promise<Set<string>> {
  if (mids.length === 0) return new Set();
  const rows = await db
    .insertInto('messenger_events')
    .values(mids.map((mid) => ({ deployment_id: deploymentId, mid })))
    .onConflict((oc) => oc.columns(['deployment_id', 'mid']).doNothing())
    .returning('mid')
    .execute();
  return new Set(rows.map((row) => row.mid));
}

export async function noteEvent(db: Queryable, deploymentId: string): Promise<void> {
  await db
    .updateTable('messenger_connections')
    .set({ last_event_at: sql`now()` })
    .where('deployment_id', '=', deploymentId)
    .execute();
}

export async function noteError(db: Queryable, deploymentId: string, message: string): Promise<void> {
  await db
    .updateTable('messenger_connections')
    .set({ last_error: message.slice(0, 500), last_error_at: sql`now()` })
    .where('deployment_id', '=', deploymentId)
    .execute();
}

/** Graph refused the Page's token: the channel shows it disconnected, and why, until it is replaced. */
export async function markDisconnected(db: Queryable, deploymentId: string, reason: string): Promise<void> {
  await db
    .updateTable('messenger_connections')
    .set({ disconnected_at: sql`now()`, disconnected_reason: reason.slice(0, 500) })
    .where('deployment_id', '=', deploymentId)
    .where('disconnected_at', 'is', null)
    .execute();
}

/** The Parley conversation of a person writing to the Page, its status; the time they wrote noted. */
export async function touchPsidConversation(
  db: Queryable,
  deploymentId: string,
  psid: string,
  wroteAt: Date,
) {
  return db
    .updateTable('messenger_conversations as mc')
    .from('conversations as c')
    .set({ last_user_message_at: sql`greatest(mc.last_user_message_at, ${wroteAt})` })
    .whereRef('c.id', '=', 'mc.conversation_id')
    .where('mc.deployment_id', '=', deploymentId)
    .where('mc.psid', '=', psid)
    .returning(['mc.conversation_id', 'c.status', 'mc.thread_owner_app_id', 'mc.thread_changed_at'])
    .executeTakeFirst();
}

/** The person's conversation, its status and who holds its thread (for handover events). */
export async function findPsidConversation(db: Queryable, deploymentId: string, psid: string) {
  return db
    .selectFrom('messenger_conversations as mc')
    .innerJoin('conversations as c', 'c.id', 'mc.conversation_id')
    .select(['mc.conversation_id', 'c.status', 'mc.thread_owner_app_id', 'mc.thread_changed_at'])
    .where('mc.deployment_id', '=', deploymentId)
    .where('mc.psid', '=', psid)
    .executeTakeFirst();
}

/**
 * Notes who holds the person's thread (null: Parley), as an event of time `at` says; an event
 * older than the one that last moved it changes nothing (false).
 */
export async function noteThreadOwner(
  db: Queryable,
  conversationId: string,
  ownerAppId: string | null,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('messenger_conversations')
    .set({ thread_owner_app_id: ownerAppId, thread_changed_at: at })
    .where('conversation_id', '=', conversationId)
    .where((eb) => eb.or([eb('thread_changed_at', 'is', null), eb('thread_changed_at', '<=', at)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Links a new conversation to the person; false when another post linked one first. */
export async function insertPsidConversation(
  db: Queryable,
  row: {
    conversation_id: string;
    deployment_id: string;
    company_id: string;
    psid: string;
    last_user_message_at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('messenger_conversations')
    .values(row)
    .onConflict((oc) => oc.columns(['deployment_id', 'psid']).doNothing())
    .returning('conversation_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** What sending a conversation's messages needs: the Page, the person, how far it got. */
export async function findOutbound(db: Queryable, conversationId: string) {
  return db
    .selectFrom('messenger_conversations as mc')
    .innerJoin('messenger_connections as m', 'm.deployment_id', 'mc.deployment_id')
    .innerJoin('conversations as c', 'c.id', 'mc.conversation_id')
    .selectAll('m')
    .select([
      'mc.psid',
      'mc.last_user_message_at',
      'mc.sent_seq',
      'mc.sending_seq',
      'mc.sent_parts',
      'mc.thread_owner_app_id',
      'c.bot_id',
    ])
    .where('mc.conversation_id', '=', conversationId)
    .executeTakeFirst();
}

/** Messenger conversations with bot or agent messages not sent yet (for the sweep on start). */
export async function conversationsOwedSending(db: Queryable, limit = 10_000): Promise<string[]> {
  const rows = await db
    .selectFrom('messenger_conversations as mc')
    .innerJoin('messenger_connections as m', 'm.deployment_id', 'mc.deployment_id')
    .select('mc.conversation_id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversation_messages as cm')
          .select(sql`1`.as('one'))
          .whereRef('cm.conversation_id', '=', 'mc.conversation_id')
          .whereRef('cm.seq', '>', 'mc.sent_seq')
          .where('cm.role', 'in', ['bot', 'agent']),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.conversation_id);
}
