import { type ConversationEventData, EVENT } from '@parley/contracts';
import { definitionOf, HANDOFF_PRIORITIES } from '@parley/modules';
import { z } from 'zod';
import type { AppContext, PlannedTurn, TurnOutbox } from '../../context';
import type { Queryable } from '../../db/database';
import { ensureError } from '../../errors';
import { ZendeskError } from '../../integrations/zendesk/zendesk-client';
import type { JobPayloads } from '../../jobs/job-queue';
import { loadForTurn } from '../conversations/conversations.repository';
import {
  findHelpdesk,
  findTicketByExternalId,
  handoffMaterial,
  insertHelpdeskEvent,
  insertTicket,
  recordHelpdeskProblem,
} from './helpdesk.repository';
import { zendeskOf } from './helpdesk.service';
import { handoffNote, requesterOf, ticketSubject, ticketTags } from './helpdesk-note';

/** The channels whose handoffs open tickets (the messaging suite hands off through its own switchboard). */
const TICKET_CHANNELS = new Set(['webchat', 'messenger']);

/** Thrown so the queue tries opening the ticket again later (its backoff doubles). */
export class HelpdeskTicketToRetry extends Error {
  override name = 'HelpdeskTicketToRetry';
}

const handoffsOf = (turn: Pick<PlannedTurn, 'outcome'>) =>
  turn.outcome.events.filter((event) => event.name === EVENT.HandoffRequested);

/**
 * A visitor writing while a person has the conversation (not the turn that hands it off: the
 * ticket's note holds that one): their words may belong on its ticket.
 */
const visitorWritesToAPerson = (turn: Pick<PlannedTurn, 'outcome' | 'request'>) =>
  turn.outcome.status === 'human' &&
  handoffsOf(turn).length === 0 &&
  !turn.request.agentId &&
  (turn.request.input.type === 'text' || turn.request.input.type === 'postback');

/** Queues the adding of a conversation's new visitor messages to its ticket (one run at a time). */
export async function queueForwarding(ctx: AppContext, db: Queryable, conversationId: string): Promise<void> {
  const { limit, delaySeconds } = ctx.config.webhookRetries;
  await ctx.jobs.send(
    db,
    'helpdesk-ticket-forward',
    { conversationId },
    { singletonKey: conversationId, retry: { retryLimit: limit, retryDelaySeconds: delaySeconds } },
  );
}

/**
 * The helpdesk's outbox, written in the turn's own commit (see `conversations.turnOutbox`): a
 * web chat or Messenger turn in which the bot hands off queues the opening of its ticket, so the
 * job exists exactly when the handoff does; one in which the visitor writes to a person queues the
 * adding of their words to the ticket. Whether the company has a helpdesk, and the conversation a
 * ticket, is the job's question (both turns are rare; the turn makes no extra read for them).
 */
export function helpdeskOutbox(ctx: AppContext): TurnOutbox {
  return {
    wants: (turn) =>
      TICKET_CHANNELS.has(turn.conversation.channel) &&
      (handoffsOf(turn).length > 0 || visitorWritesToAPerson(turn)),
    async queue(trx, turn) {
      if (visitorWritesToAPerson(turn)) await queueForwarding(ctx, trx, turn.conversation.id);
      const { limit, delaySeconds } = ctx.config.webhookRetries;
      for (const handoff of handoffsOf(turn)) {
        // The handoff's own name for Zendesk: a retried job finds the ticket it opened by it.
        const externalId = `parley:${turn.conversation.id}:${handoff.at}`;
        const moduleId = handoff.dimensions['Bot Module ID'];
        await ctx.jobs.send(
          trx,
          'helpdesk-ticket',
          {
            conversationId: turn.conversation.id,
            externalId,
            moduleId: typeof moduleId === 'string' ? moduleId : null,
            reason: typeof handoff.data.reason === 'string' ? handoff.data.reason : '',
          },
          { singletonKey: externalId, retry: { retryLimit: limit, retryDelaySeconds: delaySeconds } },
        );
      }
    },
  };
}

/** The handoff module's settings for the ticket: its priority and its tags' names. */
async function handoffSettings(
  ctx: AppContext,
  db: Queryable,
  conversationId: string,
  moduleId: string | null,
) {
  const row = await loadForTurn(db, conversationId);
  const fallback = { priority: 'normal' as const, tags: [] as string[] };
  if (!row || moduleId === null) return fallback;
  const flow = await ctx.conversations.flows.get(
    db,
    { companyId: row.company_id, botId: row.bot_id },
    row.deployment_version,
    row.bot_updated_at,
  );
  const module = flow.modules.find((candidate) => candidate.id === moduleId);
  if (module?.type !== 'handoff') return fallback;
  const content = z
    .object({ priority: z.enum(HANDOFF_PRIORITIES) })
    .safeParse(definitionOf('handoff').content.safeParse(module.content).data);
  const names = new Map(flow.tags.map((tag) => [tag.id, tag.name]));
  return {
    priority: content.data?.priority ?? 'normal',
    tags: module.tags.flatMap((id) => names.get(id) ?? []),
  };
}

/**
 * Opens the ticket of one handoff in the company's Zendesk, once: a ticket kept for the handoff
 * ends the job, and one Zendesk already has under the handoff's external id (the attempt before
 * stopped after opening it) is taken rather than opened again. What it needs is read first; the
 * calls hold no connection. Zendesk's rate limit, its 5xx and the network are retried with
 * backoff; a refused token marks the connection disconnected; every failure that ends the
 * attempts is said in the conversation.
 */
export async function openHelpdeskTicket(
  ctx: AppContext,
  job: JobPayloads['helpdesk-ticket'],
  attempt: number,
): Promise<void> {
  const { db } = ctx.database;
  if (await findTicketByExternalId(db, job.externalId)) return;
  const material = await handoffMaterial(db, job.conversationId);
  if (!material) return;
  const companyId = material.conversation.company_id;
  const stored = await findHelpdesk(db, companyId);
  if (!stored) return;
  const failed = (error: string) =>
    logged(ctx, job.conversationId, { provider: 'zendesk', status: 'failed', error: error.slice(0, 500) });
  if (stored.problem?.kind === 'token_rejected')
    return failed(`Zendesk is disconnected: ${stored.problem.message}`);
  const settings = await handoffSettings(ctx, db, job.conversationId, job.moduleId);
  const client = zendeskOf(ctx, companyId, stored);
  let ticket: Awaited<ReturnType<typeof client.createTicket>>;
  try {
    ticket =
      (await client.ticketByExternalId(job.externalId)) ??
      (await client.createTicket({
        subject: ticketSubject(material, job.reason),
        comment: {
          body: handoffNote(material, {
            reason: job.reason,
            inboxUrl: `${ctx.config.publicUrl}/v2/inbox?conversationId=${job.conversationId}`,
          }),
          public: false,
        },
        requester: requesterOf(material),
        priority: settings.priority,
        tags: ticketTags(material.conversation.channel, settings.tags),
        external_id: job.externalId,
      }));
  } catch (error) {
    const lastAttempt = attempt > ctx.config.webhookRetries.limit;
    if (error instanceof ZendeskError && error.transient && !lastAttempt)
      throw new HelpdeskTicketToRetry(`The ticket was not opened yet (attempt ${attempt}): ${error.message}`);
    if (error instanceof ZendeskError && error.kind === 'token_rejected')
      await recordHelpdeskProblem(db, companyId, stored.sealedToken, {
        kind: 'token_rejected',
        message: error.message,
      });
    return failed(`The ticket was not opened: ${ensureError(error).message}`);
  }
  const url = client.ticketUrl(ticket.id);
  const opened = await db.transaction().execute(async (trx) => {
    const kept = await insertTicket(trx, {
      externalId: job.externalId,
      companyId,
      conversationId: job.conversationId,
      ticketId: String(ticket.id),
      requesterId: ticket.requester_id == null ? null : String(ticket.requester_id),
      url,
      forwardedSeq: material.messages.at(-1)?.seq ?? 0,
    });
    // What the visitor wrote while the ticket was being opened goes on it next.
    if (kept) await queueForwarding(ctx, trx, job.conversationId);
    return kept
      ? insertHelpdeskEvent(trx, job.conversationId, {
          provider: 'zendesk',
          status: 'opened',
          ticketId: String(ticket.id),
          url,
        })
      : undefined;
  });
  if (opened) ctx.conversations.bus.publishStored({ conversationId: job.conversationId, ...opened, seq: 0 });
}

/** Logs a helpdesk event in the conversation and tells the inbox. */
export async function logged(
  ctx: AppContext,
  conversationId: string,
  data: ConversationEventData<typeof EVENT.HelpdeskTicket>,
): Promise<void> {
  const added = await insertHelpdeskEvent(ctx.database.db, conversationId, data);
  if (added) ctx.conversations.bus.publishStored({ conversationId, ...added, seq: 0 });
}
