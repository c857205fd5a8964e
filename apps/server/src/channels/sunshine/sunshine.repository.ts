import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { PendingControl, SunshineConnectionRow } from '../../db/tables/sunshine.table';

type NewConnection = Omit<
  SunshineConnectionRow,
  'last_event_at' | 'last_error' | 'last_error_at' | 'ignored_events' | 'created_at'
>;

export async function findConnection(
  db: Queryable,
  companyId: string,
  deploymentId: string,
): Promise<SunshineConnectionRow | undefined> {
  return db
    .selectFrom('sunshine_connections')
    .selectAll()
    .where('deployment_id', '=', deploymentId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The connection of a deployment still in service (the webhook: no company known yet). */
export async function findWebhookConnection(db: Queryable, deploymentId: string) {
  return db
    .selectFrom('sunshine_connections as s')
    .innerJoin('deployments as d', 'd.id', 's.deployment_id')
    .selectAll('s')
    .select(['d.bot_id'])
    .where('s.deployment_id', '=', deploymentId)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Stores a connection and the ids the deployment keeps; false when one exists already. */
export async function insertConnection(db: Queryable, connection: NewConnection): Promise<boolean> {
  const inserted = await db
    .insertInto('sunshine_connections')
    .values(connection)
    .onConflict((oc) => oc.column('deployment_id').doNothing())
    .returning('deployment_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteConnection(
  db: Queryable,
  companyId: string,
  deploymentId: string,
): Promise<void> {
  await db
    .deleteFrom('sunshine_connections')
    .where('deployment_id', '=', deploymentId)
    .where('company_id', '=', companyId)
    .execute();
}

/**
 * Keeps the ids of a post's events not seen before and answers them; in the same statement, the
 * status settings show: when events last came, and how many new ones were of types Parley ignores
 * (`ignoredIds`).
 */
export async function recordEvents(
  db: Queryable,
  deploymentId: string,
  ids: string[],
  ignoredIds: string[],
): Promise<Set<string>> {
  const { rows } = await sql<{ event_id: string }>`
    with fresh as (
      insert into sunshine_events (deployment_id, event_id)
      select ${deploymentId}::uuid, unnest(${ids}::text[])
      on conflict (deployment_id, event_id) do nothing
      returning event_id
    ),
    noted as (
      update sunshine_connections set
        last_event_at = now(),
        ignored_events = ignored_events
          + (select count(*) from fresh where event_id = any(${ignoredIds}::text[]))::int
      where deployment_id = ${deploymentId}::uuid
      returning 1
    )
    select event_id from fresh
  `.execute(db);
  return new Set(rows.map((row) => row.event_id));
}

export async function noteError(db: Queryable, deploymentId: string, message: string): Promise<void> {
  await db
    .updateTable('sunshine_connections')
    .set({ last_error: message.slice(0, 500), last_error_at: sql`now()` })
    .where('deployment_id', '=', deploymentId)
    .execute();
}

export async function findScConversation(db: Queryable, deploymentId: string, scConversationId: string) {
  return db
    .selectFrom('sunshine_conversations')
    .select(['conversation_id', 'parley_in_control'])
    .where('deployment_id', '=', deploymentId)
    .where('sc_conversation_id', '=', scConversationId)
    .executeTakeFirst();
}

export async function insertScConversation(
  db: Queryable,
  row: {
    conversation_id: string;
    deployment_id: string;
    company_id: string;
    sc_conversation_id: string;
    parley_in_control: boolean;
  },
): Promise<void> {
  await db.insertInto('sunshine_conversations').values(row).execute();
}

/** Records who has control; true when that changed. */
export async function setParleyInControl(db: Queryable, conversationId: string, inControl: boolean) {
  const changed = await db
    .updateTable('sunshine_conversations')
    .set({ parley_in_control: inControl })
    .where('conversation_id', '=', conversationId)
    .where('parley_in_control', '=', !inControl)
    .returning('conversation_id')
    .executeTakeFirst();
  return changed !== undefined;
}

/**
 * Writes the messaging-suite context (`sc`) the conversation's next turn reads, on the Parley
 * conversation of a suite conversation; answers it, who is in control and its status (none: new).
 */
export async function updateScContext(
  db: Queryable,
  deploymentId: string,
  scConversationId: string,
  sc: Record<string, unknown>,
) {
  return db
    .updateTable('conversations')
    .from('sunshine_conversations')
    .set({ context: sql`jsonb_set(conversations.context, '{sc}', ${JSON.stringify(sc)}::jsonb)` })
    .whereRef('sunshine_conversations.conversation_id', '=', 'conversations.id')
    .where('sunshine_conversations.deployment_id', '=', deploymentId)
    .where('sunshine_conversations.sc_conversation_id', '=', scConversationId)
    .returning([
      'sunshine_conversations.conversation_id',
      'sunshine_conversations.parley_in_control',
      'conversations.status',
    ])
    .executeTakeFirst();
}

/** What sending a conversation's messages out needs: where, with what, and how far it got. */
export async function findOutbound(db: Queryable, conversationId: string) {
  return db
    .selectFrom('sunshine_conversations as sc')
    .innerJoin('sunshine_connections as s', 's.deployment_id', 'sc.deployment_id')
    .innerJoin('conversations as c', 'c.id', 'sc.conversation_id')
    .selectAll('s')
    .select([
      'sc.sc_conversation_id',
      'sc.parley_in_control',
      'sc.sent_seq',
      'sc.sending_seq',
      'sc.sent_parts',
      'sc.pending_control',
      'c.state',
      'c.status',
      'c.agent_id',
    ])
    .where('sc.conversation_id', '=', conversationId)
    .executeTakeFirst();
}

/** The reason the bot's last handoff gave (the handoff module's), for the agent taking over. */
export async function lastHandoffReason(db: Queryable, conversationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('conversation_events')
    .select(sql<string | null>`data->>'reason'`.as('reason'))
    .where('conversation_id', '=', conversationId)
    .where('name', '=', 'Handoff Requested')
    .orderBy('occurred_at', 'desc')
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.reason ?? null;
}

/** A change of control for the sender to make (see PendingControl). */
export async function setPendingControl(
  db: Queryable,
  conversationId: string,
  control: PendingControl,
): Promise<void> {
  await db
    .updateTable('sunshine_conversations')
    .set({ pending_control: control })
    .where('conversation_id', '=', conversationId)
    .execute();
}

/** The change of control `made` is done (or given up); one decided since it was read stays. */
export async function clearPendingControl(
  db: Queryable,
  conversationId: string,
  made: PendingControl,
): Promise<void> {
  await db
    .updateTable('sunshine_conversations')
    .set({ pending_control: null })
    .where('conversation_id', '=', conversationId)
    .where('pending_control', '=', made)
    .execute();
}

/**
 * Suite conversations (of connected deployments) with bot or agent messages not sent yet, or a
 * change of control not made: what a stopped process may have left without a queued send.
 */
export async function conversationsOwedSending(db: Queryable, limit = 10_000): Promise<string[]> {
  const rows = await db
    .selectFrom('sunshine_conversations as sc')
    .innerJoin('sunshine_connections as s', 's.deployment_id', 'sc.deployment_id')
    .select('sc.conversation_id')
    .where((eb) =>
      eb.or([
        eb('sc.pending_control', 'is not', null),
        eb.exists(
          eb
            .selectFrom('conversation_messages as m')
            .select(sql`1`.as('one'))
            .whereRef('m.conversation_id', '=', 'sc.conversation_id')
            .whereRef('m.seq', '>', 'sc.sent_seq')
            .where('m.role', 'in', ['bot', 'agent']),
        ),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.conversation_id);
}

/** Forgets received event ids older than `days` (the suite retries an event for a few days at most). */
export async function deleteEventIdsBefore(db: Queryable, days: number): Promise<number> {
  const result = await db
    .deleteFrom('sunshine_events')
    .where('received_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
