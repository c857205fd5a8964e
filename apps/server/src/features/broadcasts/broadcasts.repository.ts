import type { AudienceFilter, BroadcastFigures } from '@parley/contracts';
import { EVENT } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { BroadcastRow, BroadcastState } from '../../db/tables/broadcast.table';
import { audienceCondition } from '../audiences/audience-filter';

/** The words that opt a contact out until a company sets its own. */
// The same as the opt-out trigger's in migration 0035, which notes stop words as visitors say them.
export const DEFAULT_STOP_WORDS = ['stop', 'unsubscribe', 'baja'];

export async function insertBroadcast(
  db: Queryable,
  broadcast: Omit<
    BroadcastRow,
    'id' | 'created_at' | 'started_at' | 'finished_at' | 'goal_window_hours' | 'message'
  > & {
    message: unknown;
    goal_window_hours: number;
  },
): Promise<BroadcastRow> {
  return db
    .insertInto('broadcasts')
    .values({
      ...broadcast,
      message: JSON.stringify(broadcast.message),
      // One sent now begins now (a scheduled one when its time comes: `moveBroadcast`).
      ...(broadcast.state === 'sending' ? { started_at: sql<Date>`now()` } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBroadcast(db: Queryable, companyId: string, id: string) {
  return db
    .selectFrom('broadcasts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listBroadcasts(db: Queryable, companyId: string, limit = 200) {
  return db
    .selectFrom('broadcasts')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Moves a broadcast from one of `from` to `to`; answers the row, or nothing if it was elsewhere. */
export async function moveBroadcast(
  db: Queryable,
  companyId: string,
  id: string,
  from: BroadcastState[],
  to: BroadcastState,
) {
  return db
    .updateTable('broadcasts')
    .set({
      state: to,
      ...(to === 'sending' ? { started_at: sql<Date>`coalesce(started_at, now())` } : {}),
      ...(to === 'cancelled' || to === 'done' ? { finished_at: new Date() } : {}),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('state', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Fixes a broadcast's recipients in one statement: the audience's contacts who have a conversation
 * with the bot on one of the channels (their latest such conversation), less those who opted out.
 */
export async function insertRecipients(
  db: Queryable,
  broadcast: Pick<BroadcastRow, 'id' | 'company_id' | 'bot_id' | 'channels'>,
  filter: AudienceFilter,
): Promise<number> {
  const result = await sql`
    insert into broadcast_recipients (broadcast_id, contact_id, company_id, conversation_id, channel)
    select ${broadcast.id}::uuid, k.id, k.company_id, latest.id, latest.channel
    from contacts k
    join lateral (
      select c.id, c.channel from conversations c
      where c.contact_id = k.id and c.company_id = k.company_id and c.bot_id = ${broadcast.bot_id}
        and c.channel = any(${broadcast.channels}::text[])
      order by c.last_message_at desc limit 1) latest on true
    where k.company_id = ${broadcast.company_id} and k.opted_out_at is null
      and ${audienceCondition(filter)}
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface ClaimedRecipient {
  contact_id: string;
  conversation_id: string;
  channel: string;
}

/**
 * Claims up to `limit` recipients still to send for this process: queued ones, and ones whose
 * claim's lease ran out (a process that stopped mid-send). Rows another process is claiming are
 * skipped, never waited for.
 */
export async function claimRecipients(
  db: Queryable,
  broadcastId: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedRecipient[]> {
  const result = await sql<ClaimedRecipient>`
    update broadcast_recipients r set state = 'sending', attempts = r.attempts + 1,
      claimed_until = now() + ${leaseMs} * interval '1 millisecond'
    from (
      select contact_id from broadcast_recipients
      where broadcast_id = ${broadcastId}
        and (state = 'queued' or (state = 'sending' and claimed_until < now()))
      order by contact_id
      limit ${limit}
      for update skip locked) due
    where r.broadcast_id = ${broadcastId} and r.contact_id = due.contact_id
    returning r.contact_id, r.conversation_id, r.channel`.execute(db);
  return result.rows;
}

/** Leaves claimed recipients with their outcomes, in one statement (those still this claim's). */
export async function settleRecipients(
  db: Queryable,
  broadcastId: string,
  outcomes: { contactId: string; state: 'failed' | 'skipped' | 'queued'; reason: string | null }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    update broadcast_recipients r set state = x.state, reason = x.reason, claimed_until = null
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as x("contactId" uuid, state text, reason text)
    where r.broadcast_id = ${broadcastId}::uuid and r.contact_id = x."contactId" and r.state = 'sending'`.execute(
    db,
  );
}

export interface ConversationForBroadcast {
  id: string;
  company_id: string;
  bot_id: string;
  channel: string;
  variables: Record<string, unknown> | null;
  user_info: Record<string, unknown>;
  language: string | null;
  /** The deployment is gone, or its messaging-suite or Messenger connection is. */
  disconnected: boolean;
  opted_out: boolean;
  /** Messenger: when the person last wrote (a Page may answer within 24 hours of it). */
  messenger_wrote_at: Date | null;
}

export async function conversationForBroadcast(
  db: Queryable,
  companyId: string,
  conversationId: string,
): Promise<ConversationForBroadcast | undefined> {
  return (await conversationsForBroadcast(db, companyId, [conversationId]))[0];
}

/** The conversations a batch sends into, in one query. */
export async function conversationsForBroadcast(
  db: Queryable,
  companyId: string,
  conversationIds: string[],
): Promise<ConversationForBroadcast[]> {
  if (conversationIds.length === 0) return [];
  const result = await sql<ConversationForBroadcast>`
    select c.id, c.company_id, c.bot_id, c.channel, c.state->'variables' as variables, c.user_info, c.language,
      (d.deleted_at is not null or (c.channel = 'sunshine' and not exists (
        select 1 from sunshine_connections s where s.deployment_id = c.deployment_id))
        or (c.channel = 'messenger' and (mc.conversation_id is null or not exists (
          select 1 from messenger_connections m
          where m.deployment_id = mc.deployment_id and m.disconnected_at is null)))) as disconnected,
      coalesce(k.opted_out_at is not null, false) as opted_out,
      mc.last_user_message_at as messenger_wrote_at
    from conversations c
    join deployments d on d.id = c.deployment_id
    left join contacts k on k.id = c.contact_id
    left join messenger_conversations mc on c.channel = 'messenger' and mc.conversation_id = c.id
    where c.id = any(${conversationIds}::uuid[]) and c.company_id = ${companyId}`.execute(db);
  return result.rows;
}

/** One recipient's rendered message, for `storeBroadcastBatch`. */
export interface BatchDelivery {
  contactId: string;
  conversationId: string;
  message: unknown;
  text: string;
}

/**
 * A batch of `storeBroadcastMessage` in one statement: each message stored as its conversation's
 * next bot message and its recipient marked sent, only while the recipient is still claimed and the
 * broadcast still sending, and not into a conversation a turn waiting on an outside call holds.
 * Answers the ones stored; the others are for a later batch (or were cancelled).
 */
export async function storeBroadcastBatch(
  db: Queryable,
  batch: {
    broadcastId: string;
    companyId: string;
    replyModuleId: string | null;
    deliveries: BatchDelivery[];
  },
): Promise<{ contact_id: string; conversation_id: string; seq: number }[]> {
  if (batch.deliveries.length === 0) return [];
  const waiting = batch.replyModuleId ? JSON.stringify({ moduleId: batch.replyModuleId, attempts: 0 }) : null;
  const input = JSON.stringify(
    batch.deliveries.map((each) => ({
      contact_id: each.contactId,
      conversation_id: each.conversationId,
      message: each.message,
      text: each.text,
    })),
  );
  const result = await sql<{ contact_id: string; conversation_id: string; seq: number }>`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as x(contact_id uuid, conversation_id uuid, message jsonb, text text)
    ),
    allowed as (
      select r.contact_id from broadcast_recipients r
      where r.broadcast_id = ${batch.broadcastId}::uuid and r.state = 'sending'
        and r.contact_id in (select contact_id from input)
        and exists (select 1 from broadcasts b where b.id = ${batch.broadcastId}::uuid and b.state = 'sending')
      for update of r
    ),
    conversation as (
      update conversations c set
        message_count = c.message_count + 1,
        last_message_at = now(),
        updated_at = now(),
        last_message_text = left(i.text, 280),
        state = case when ${waiting}::jsonb is null
          then jsonb_set(c.state, '{turns}', to_jsonb((c.state->>'turns')::int + 1))
          else jsonb_set(jsonb_set(jsonb_set(c.state, '{turns}', to_jsonb((c.state->>'turns')::int + 1)),
                 '{waitingFor}', ${waiting}::jsonb), '{status}', '"waiting"'::jsonb) end
      from input i join allowed a on a.contact_id = i.contact_id
      where c.id = i.conversation_id and c.company_id = ${batch.companyId} and c.pending_owner is null
      returning c.id, c.company_id, c.bot_id, c.message_count as seq, i.contact_id, i.message, i.text
    ),
    inserted as (
      insert into conversation_messages (conversation_id, company_id, bot_id, seq, role, message, text)
      select id, company_id, bot_id, seq, 'bot', message, text from conversation
      returning conversation_id
    ),
    sent as (
      update broadcast_recipients r set state = 'sent', sent_at = now(), claimed_until = null,
        message_seq = c.seq
      from conversation c
      where r.broadcast_id = ${batch.broadcastId}::uuid and r.contact_id = c.contact_id
      returning 1
    ),
    -- A message in the conversation is its last one: the contact's last seen follows (migration 0046).
    seen as (
      update contacts k set last_seen_at = greatest(k.last_seen_at, now())
      from conversation c where k.id = c.contact_id
      returning 1
    )
    select contact_id, id as conversation_id, seq from conversation`.execute(db);
  return result.rows;
}

/**
 * Stores the broadcast's message as the bot's next message of the conversation and marks the
 * recipient sent, in one statement: both happen or neither, and only while the recipient is still
 * claimed and the broadcast still sending. The conversation's turn count moves on so a turn worked
 * out before it (or a process's cached copy) is redone on top of it; a conversation with a turn
 * waiting on an outside call is left for the next batch. Answers the message's seq, or null.
 */
export async function storeBroadcastMessage(
  db: Queryable,
  delivery: {
    broadcastId: string | null;
    contactId: string | null;
    conversationId: string;
    companyId: string;
    message: unknown;
    text: string;
    replyModuleId: string | null;
  },
): Promise<number | null> {
  const waiting = delivery.replyModuleId
    ? JSON.stringify({ moduleId: delivery.replyModuleId, attempts: 0 })
    : null;
  const result = await sql<{ seq: number }>`
    with allowed as (
      select 1 where ${delivery.broadcastId}::uuid is null or exists (
        select 1 from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
        where r.broadcast_id = ${delivery.broadcastId}::uuid and r.contact_id = ${delivery.contactId}::uuid
          and r.state = 'sending' and b.state = 'sending'
        for update of r)
    ),
    conversation as (
      update conversations c set
        message_count = c.message_count + 1,
        last_message_at = now(),
        updated_at = now(),
        last_message_text = ${delivery.text.slice(0, 280)},
        state = case when ${waiting}::jsonb is null
          then jsonb_set(c.state, '{turns}', to_jsonb((c.state->>'turns')::int + 1))
          else jsonb_set(jsonb_set(jsonb_set(c.state, '{turns}', to_jsonb((c.state->>'turns')::int + 1)),
                 '{waitingFor}', ${waiting}::jsonb), '{status}', '"waiting"'::jsonb) end
      where c.id = ${delivery.conversationId} and c.company_id = ${delivery.companyId}
        and c.pending_owner is null and exists (select 1 from allowed)
      returning c.id, c.company_id, c.bot_id, c.message_count as seq, c.contact_id
    ),
    seen as (
      update contacts k set last_seen_at = greatest(k.last_seen_at, now())
      from conversation c where k.id = c.contact_id
      returning 1
    ),
    inserted as (
      insert into conversation_messages (conversation_id, company_id, bot_id, seq, role, message, text)
      select c.id, c.company_id, c.bot_id, c.seq, 'bot', ${JSON.stringify(delivery.message)}::jsonb, ${delivery.text}
      from conversation c
      returning seq
    ),
    sent as (
      update broadcast_recipients r set state = 'sent', sent_at = now(), claimed_until = null,
        message_seq = (select seq from inserted)
      where ${delivery.broadcastId}::uuid is not null and r.broadcast_id = ${delivery.broadcastId}::uuid
        and r.contact_id = ${delivery.contactId}::uuid and exists (select 1 from inserted)
      returning 1
    )
    select seq from inserted`.execute(db);
  return result.rows[0]?.seq ?? null;
}

/**
 * The contact saw their conversation up to `seq` (the widget showed it, the channel said it was
 * read): the broadcasts sent into it by then are opened. Needs no lookup when none is unopened.
 */
export async function markOpened(db: Queryable, conversationId: string, seq: number | null): Promise<void> {
  await db
    .updateTable('broadcast_recipients')
    .set({ opened_at: new Date() })
    .where('conversation_id', '=', conversationId)
    .where('state', '=', 'sent')
    .where('opened_at', 'is', null)
    .$if(seq !== null, (query) => query.where('message_seq', '<=', seq ?? 0))
    .execute();
}

/**
 * A channel's sender is about to hand a conversation's message to the vendor: the broadcast sent
 * as that message (if it was one) went out at `at`, which receipts' watermarks are compared with.
 */
export async function noteHandedOver(
  db: Queryable,
  conversationId: string,
  seq: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable('broadcast_recipients')
    .set({ handed_at: at })
    .where('conversation_id', '=', conversationId)
    .where('message_seq', '=', seq)
    .where('state', '=', 'sent')
    .where('channel', '=', 'messenger')
    // Not handed over yet, so not delivered: the receipts' index (0047) finds it, for any message sent.
    .where('delivered_at', 'is', null)
    .execute();
}

/** Messenger did not deliver a conversation's message: the broadcast sent as it failed, and why. */
export async function noteNotDelivered(
  db: Queryable,
  conversationId: string,
  seq: number,
  reason: string,
): Promise<void> {
  await db
    .updateTable('broadcast_recipients')
    .set({ state: 'failed', reason: reason.slice(0, 500), handed_at: null })
    .where('conversation_id', '=', conversationId)
    .where('message_seq', '=', seq)
    .where('state', '=', 'sent')
    .where('channel', '=', 'messenger')
    .where('delivered_at', 'is', null)
    .execute();
}

/**
 * Messenger's delivery or read receipt from a person: every message the Page sent them up to the
 * watermark reached their device (and, for a read, was seen). The broadcasts handed over by then
 * are delivered (and opened). A receipt again or out of order moves nothing back.
 */
export async function markMessengerReceipt(
  db: Queryable,
  receipt: { deploymentId: string; psid: string; watermark: Date; read: boolean },
): Promise<number> {
  const result = await sql`
    update broadcast_recipients r set
      delivered_at = coalesce(r.delivered_at, now()),
      opened_at = case when ${receipt.read}::boolean then coalesce(r.opened_at, now()) else r.opened_at end
    from messenger_conversations mc
    where mc.deployment_id = ${receipt.deploymentId} and mc.psid = ${receipt.psid}
      and r.conversation_id = mc.conversation_id and r.company_id = mc.company_id
      and r.state = 'sent' and r.channel = 'messenger'
      and (r.delivered_at is null or r.opened_at is null)
      and r.handed_at <= ${receipt.watermark}::timestamptz
      and (r.delivered_at is null or ${receipt.read}::boolean)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Opts a contact out of every broadcast (once: the first reason stays). */
export async function optOut(db: Queryable, contactId: string, reason: string): Promise<boolean> {
  const row = await db
    .updateTable('contacts')
    .set({
      opted_out_at: sql<Date>`coalesce(opted_out_at, now())`,
      opt_out_reason: sql<string>`coalesce(opt_out_reason, ${reason})`,
    })
    .where('id', '=', contactId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a broadcast has recipients still to send (queued or claimed). */
export async function hasUnsent(db: Queryable, broadcastId: string): Promise<boolean> {
  const row = await db
    .selectFrom('broadcast_recipients')
    .select('contact_id')
    .where('broadcast_id', '=', broadcastId)
    .where('state', 'in', ['queued', 'sending'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The recipients not sent yet when a broadcast is cancelled (none of them will be). */
export async function cancelUnsent(db: Queryable, broadcastId: string): Promise<void> {
  await db
    .updateTable('broadcast_recipients')
    .set({ state: 'cancelled', reason: null, claimed_until: null })
    .where('broadcast_id', '=', broadcastId)
    // Claimed ones too: a batch sending now finds its recipient cancelled and stores nothing.
    .where('state', 'in', ['queued', 'sending'])
    .execute();
}

/** The figures of a broadcast with no recipients yet. */
export const NO_FIGURES: BroadcastFigures = {
  recipients: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  skipped: 0,
  cancelled: 0,
  opened: 0,
  replied: 0,
  optedOut: 0,
  goals: 0,
};

/** Each broadcast's figures: recipients by state, replies, and goals reached within its window. */
export async function figuresOf(db: Queryable, companyId: string, ids: string[]) {
  const figures = new Map<string, BroadcastFigures>();
  if (ids.length === 0) return figures;
  const result = await sql<{
    broadcast_id: string;
    recipients: string;
    queued: string;
    sent: string;
    delivered: string;
    failed: string;
    skipped: string;
    cancelled: string;
    opened: string;
    replied: string;
    opted_out: string;
    goals: string;
  }>`
    select r.broadcast_id,
      count(*) as recipients,
      count(*) filter (where r.state in ('queued', 'sending')) as queued,
      count(*) filter (where r.state = 'sent') as sent,
      -- Web chat: stored in the conversation the widget shows; the messaging suite: sent to it;
      -- Messenger: its delivery (or read) receipt came.
      count(*) filter (where r.state = 'sent' and case r.channel
        when 'sunshine' then exists (
          select 1 from sunshine_conversations s
          where s.conversation_id = r.conversation_id and s.sent_seq >= r.message_seq)
        when 'messenger' then r.delivered_at is not null
        else true end) as delivered,
      count(*) filter (where r.state = 'failed') as failed,
      count(*) filter (where r.state = 'skipped') as skipped,
      count(*) filter (where r.state = 'cancelled') as cancelled,
      count(*) filter (where r.opened_at is not null) as opened,
      count(*) filter (where r.replied_at is not null) as replied,
      count(*) filter (where r.state = 'sent' and exists (
        select 1 from contacts k where k.id = r.contact_id and k.opted_out_at >= r.sent_at)) as opted_out,
      count(*) filter (where r.state = 'sent' and exists (
        select 1 from conversation_events e
        where e.conversation_id = r.conversation_id and e.name = ${EVENT.GoalReached}
          and e.occurred_at >= r.sent_at
          and e.occurred_at < r.sent_at + b.goal_window_hours * interval '1 hour')) as goals
    from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
    where r.company_id = ${companyId} and r.broadcast_id = any(${ids}::uuid[])
    group by r.broadcast_id`.execute(db);
  for (const row of result.rows) {
    figures.set(row.broadcast_id, {
      recipients: Number(row.recipients),
      queued: Number(row.queued),
      sent: Number(row.sent),
      delivered: Number(row.delivered),
      failed: Number(row.failed),
      skipped: Number(row.skipped),
      cancelled: Number(row.cancelled),
      opened: Number(row.opened),
      replied: Number(row.replied),
      optedOut: Number(row.opted_out),
      goals: Number(row.goals),
    });
  }
  return figures;
}

export async function failuresOf(db: Queryable, companyId: string, broadcastId: string) {
  return db
    .selectFrom('broadcast_recipients')
    .select(['state', 'reason', (eb) => eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('broadcast_id', '=', broadcastId)
    .where('state', 'in', ['failed', 'skipped'])
    .groupBy(['state', 'reason'])
    .orderBy('count', 'desc')
    .execute();
}

export async function stopWordsOf(db: Queryable, companyId: string): Promise<string[]> {
  const row = await db
    .selectFrom('broadcast_settings')
    .select('stop_words')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.stop_words ?? DEFAULT_STOP_WORDS;
}

export async function saveStopWords(db: Queryable, companyId: string, words: string[]): Promise<void> {
  await db
    .insertInto('broadcast_settings')
    .values({ company_id: companyId, stop_words: words })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ stop_words: words }))
    .execute();
}

/** The bot's draft modules' ids (where a reply may continue), or nothing for another company's bot. */
export async function botModuleIds(
  db: Queryable,
  companyId: string,
  botId: string,
): Promise<string[] | undefined> {
  const bot = await db
    .selectFrom('bots')
    .select('draft_flow')
    .where('company_id', '=', companyId)
    .where('id', '=', botId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return bot ? bot.draft_flow.modules.map((module) => module.id) : undefined;
}

/** The latest conversation of a contact with a bot (where a test send goes). */
export async function latestConversationOf(
  db: Queryable,
  companyId: string,
  contactId: string,
  botId: string,
) {
  return db
    .selectFrom('conversations')
    .select(['id', 'channel'])
    .where('company_id', '=', companyId)
    .where('contact_id', '=', contactId)
    .where('bot_id', '=', botId)
    .orderBy('last_message_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The broadcasts of a company (or one bot) that began sending within `[from, until)`, latest
 * first: what the reports count.
 */
export async function broadcastsStartedBetween(
  db: Queryable,
  scope: { companyId: string; botId?: string; botIds?: string[] },
  from: Date,
  until: Date,
) {
  // One sent at once used to keep no start: it began when made. One still scheduled (or cancelled
  // before its time) never began.
  const began = sql<Date>`coalesce(started_at, created_at)`;
  return (
    db
      .selectFrom('broadcasts')
      .select(['id', 'name', 'bot_id', 'state', 'channels', began.as('began_at')])
      .where('company_id', '=', scope.companyId)
      .$if(scope.botId !== undefined, (query) => query.where('bot_id', '=', scope.botId ?? ''))
      // A reader limited to some bots sees only theirs.
      .$if(scope.botIds !== undefined, (query) =>
        query.where(sql<boolean>`bot_id = any(${scope.botIds}::uuid[])`),
      )
      .where((eb) => eb.or([eb('started_at', 'is not', null), eb('send_at', 'is', null)]))
      .where(began, '>=', from)
      .where(began, '<', until)
      .orderBy(began, 'desc')
      .execute()
  );
}
