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

/** An event of a webhook post as it is recorded: its id, when it happened, whether Parley ignores its type. */
export interface ReceivedEvent {
  id: string;
  /** The suite's `createdAt`; null when it gave none (or none that reads as a time). */
  createdAt: Date | null;
  ignored: boolean;
}

/**
 * Records a post's events and answers the ids to handle: those not seen before, and those seen
 * whose handling failed (the suite's retry of a failed event is handled again, not dropped). An
 * event of a type Parley ignores is recorded as handled. In the same statement, the status
 * settings show: when events last came, and how many new ones were of ignored types (`ignored`).
 * The ids must be distinct.
 */
export async function recordEvents(
  db: Queryable,
  deploymentId: string,
  events: ReceivedEvent[],
): Promise<{ toHandle: Set<string>; ignored: number }> {
  const { rows } = await sql<{ event_id: string; ignored: boolean }>`
    with input as (
      select * from unnest(${events.map((event) => event.id)}::text[],
        ${events.map((event) => event.createdAt?.toISOString() ?? null)}::timestamptz[],
        ${events.map((event) => event.ignored)}::boolean[]) as i(event_id, created_at, ignored)
    ),
    recorded as (
      insert into sunshine_events as e (deployment_id, event_id, created_at, handled_at)
      select ${deploymentId}::uuid, i.event_id, i.created_at, case when i.ignored then now() end from input i
      on conflict (deployment_id, event_id) do update set failed_at = null
        where e.handled_at is null and e.failed_at is not null
      returning e.event_id, e.handled_at is not null as ignored, xmax = 0 as inserted
    ),
    noted as (
      update sunshine_connections set
        last_event_at = now(),
        ignored_events = ignored_events
          + (select count(*) from recorded where ignored and inserted)::int
      where deployment_id = ${deploymentId}::uuid
      returning 1
    )
    select event_id, ignored from recorded
  `.execute(db);
  return {
    toHandle: new Set(rows.filter((row) => !row.ignored).map((row) => row.event_id)),
    ignored: rows.filter((row) => row.ignored).length,
  };
}

/** Of a job's events, those still to handle (not handled yet), each with when it happened. */
export async function eventsToHandle(
  db: Queryable,
  deploymentId: string,
  ids: string[],
): Promise<Map<string, Date | null>> {
  const rows = await db
    .selectFrom('sunshine_events')
    .select(['event_id', 'created_at'])
    .where('deployment_id', '=', deploymentId)
    .where('event_id', 'in', ids)
    .where('handled_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.event_id, row.created_at]));
}

/** The event is handled: the suite's retries of it are duplicates from now on. */
export async function markEventHandled(db: Queryable, deploymentId: string, id: string): Promise<void> {
  await db
    .updateTable('sunshine_events')
    .set({ handled_at: sql`now()`, failed_at: null })
    .where('deployment_id', '=', deploymentId)
    .where('event_id', '=', id)
    .execute();
}

/** These events' handling failed (or waits behind one that did): a retry of them handles them. */
export async function markEventsFailed(db: Queryable, deploymentId: string, ids: string[]): Promise<void> {
  await db
    .updateTable('sunshine_events')
    .set({ failed_at: sql`now()` })
    .where('deployment_id', '=', deploymentId)
    .where('event_id', 'in', ids)
    .where('handled_at', 'is', null)
    .execute();
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
    last_event_at: Date | null;
  },
): Promise<void> {
  await db.insertInto('sunshine_conversations').values(row).execute();
}

/** A suite conversation as an event found it (see applyEvent). */
export type AppliedEvent =
  | { conversationId: string; applied: false }
  | { conversationId: string; applied: true; wasInControl: boolean; inControl: boolean; status: string };

/**
 * Applies an event to the Parley conversation of a suite conversation, if the event is at least
 * as new (`at`) as the newest applied to it: its time becomes the newest, `inControl` (when not
 * null) who is in control, and `sc` the context the conversation's next turn reads, in one
 * statement, so of events applied at once the newest one's control stands. An event the suite
 * gave no time (`at` null) is applied without moving that time. Answers whether it applied (not:
 * a late event, which changes nothing), who was in control before and is now, and the status;
 * undefined for a suite conversation Parley does not hold.
 */
export async function applyEvent(
  db: Queryable,
  deploymentId: string,
  scConversationId: string,
  event: { at: Date | null; inControl: boolean | null; sc: Record<string, unknown> },
): Promise<AppliedEvent | undefined> {
  const at = event.at?.toISOString() ?? null;
  const { rows } = await sql<{
    conversation_id: string;
    applied: boolean;
    was_in_control: boolean;
    in_control: boolean;
    status: string;
  }>`
    with held as (
      select conversation_id, parley_in_control from sunshine_conversations
      where deployment_id = ${deploymentId}::uuid and sc_conversation_id = ${scConversationId}
      for update
    ),
    applied as (
      update sunshine_conversations s set
        last_event_at = coalesce(${at}::timestamptz, s.last_event_at),
        parley_in_control = coalesce(${event.inControl}::boolean, s.parley_in_control)
      from held h
      where s.conversation_id = h.conversation_id
        and (${at}::timestamptz is null or s.last_event_at is null or s.last_event_at <= ${at}::timestamptz)
      returning s.conversation_id, h.parley_in_control as was_in_control, s.parley_in_control as in_control
    ),
    context as (
      update conversations c set
        context = jsonb_set(c.context, '{sc}', ${JSON.stringify(event.sc)}::jsonb)
      from applied a
      where c.id = a.conversation_id
      returning c.status
    )
    select h.conversation_id, a.conversation_id is not null as applied, a.was_in_control, a.in_control,
      (select status from context) as status
    from held h left join applied a on true
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return row.applied
    ? {
        conversationId: row.conversation_id,
        applied: true,
        wasInControl: row.was_in_control,
        inControl: row.in_control,
        status: row.status,
      }
    : { conversationId: row.conversation_id, applied: false };
}

/**
 * Records who has control, when the suite says so outside any event's order (its own state, or
 * an event's change undone because the turn it brought failed); true when that changed. With
 * `at`, only while the newest event applied is still of that time.
 */
export async function setParleyInControl(
  db: Queryable,
  conversationId: string,
  inControl: boolean,
  at?: Date,
) {
  let query = db
    .updateTable('sunshine_conversations')
    .set({ parley_in_control: inControl })
    .where('conversation_id', '=', conversationId)
    .where('parley_in_control', '=', !inControl);
  if (at) query = query.where('last_event_at', '=', at);
  const changed = await query.returning('conversation_id').executeTakeFirst();
  return changed !== undefined;
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
