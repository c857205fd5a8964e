import type { AppContext } from '../../context';
import { ensureError } from '../../errors';
import { ZendeskError } from '../../integrations/zendesk/zendesk-client';
import type { JobPayloads } from '../../jobs/job-queue';
import {
  claimForwarding,
  findHelpdesk,
  finishForwarding,
  latestTicketOf,
  releaseForwarding,
  visitorMessagesAfter,
} from './helpdesk.repository';
import { zendeskOf } from './helpdesk.service';
import { logged } from './helpdesk-tickets';

/** Thrown so the queue adds the visitor's messages again later (its backoff doubles). */
export class HelpdeskForwardToRetry extends Error {
  override name = 'HelpdeskForwardToRetry';
}

/**
 * Adds what the visitor wrote since the handoff to the conversation's open ticket, each message
 * once, as a public comment by the ticket's requester (so the helpdesk's agents keep the thread,
 * and the sync, which skips the requester's comments, does not send it back). Each message is
 * claimed before its call: one whose call was under way when a process stopped counts as added,
 * never added twice. Calls hold no connection. Zendesk's rate limit, its 5xx and the network are
 * retried; a refusal is said in the conversation and the next message goes.
 */
export async function forwardVisitorMessages(
  ctx: AppContext,
  job: JobPayloads['helpdesk-ticket-forward'],
  attempt: number,
): Promise<void> {
  const { db } = ctx.database;
  const ticket = await latestTicketOf(db, job.conversationId);
  if (!ticket || ticket.solvedAt || ticket.requesterId === null) return;
  const stored = await findHelpdesk(db, ticket.companyId);
  if (!stored || stored.problem?.kind === 'token_rejected') return;
  let after = ticket.forwardedSeq;
  if (ticket.forwardingSeq !== null) {
    // The attempt before stopped during its call: that message may be on the ticket already.
    await finishForwarding(db, ticket.externalId, ticket.forwardingSeq);
    after = ticket.forwardingSeq;
  }
  const client = zendeskOf(ctx, ticket.companyId, stored);
  const lastAttempt = attempt > ctx.config.webhookRetries.limit;
  for (const message of await visitorMessagesAfter(db, job.conversationId, after)) {
    if (!(await claimForwarding(db, ticket.externalId, message.seq))) return;
    try {
      await client.addComment(ticket.ticketId, { body: message.text || '…', authorId: ticket.requesterId });
    } catch (error) {
      if (error instanceof ZendeskError && error.transient && !lastAttempt) {
        await releaseForwarding(db, ticket.externalId);
        throw new HelpdeskForwardToRetry(
          `The visitor's message ${message.seq} was not added to the ticket yet: ${error.message}`,
        );
      }
      await logged(ctx, job.conversationId, {
        provider: 'zendesk',
        status: 'not-added',
        ticketId: ticket.ticketId,
        error: ensureError(error).message.slice(0, 500),
      });
    }
    await finishForwarding(db, ticket.externalId, message.seq);
  }
}
