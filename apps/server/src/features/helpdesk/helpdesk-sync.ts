import { createHmac, timingSafeEqual } from 'node:crypto';
import secureJson from 'secure-json-parse';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  ConflictException,
  NotFoundException,
  UnauthorizedException,
  ValidationException,
} from '../../errors';
import { isUuid } from '../../ids';
import { ZendeskError } from '../../integrations/zendesk/zendesk-client';
import type { JobPayloads } from '../../jobs/job-queue';
import { stripNul } from '../conversations/chat.service';
import { runConversationTurn } from '../conversations/turn-runner';
import {
  findHelpdesk,
  findTicket,
  latestTicketOf,
  markTicketSolved,
  noteCommentDelivered,
  recordHelpdeskProblem,
  type StoredTicket,
} from './helpdesk.repository';
import { zendeskOf } from './helpdesk.service';
import { helpdeskSecretBinding } from './helpdesk-binding';
import { logged } from './helpdesk-tickets';

/** A signed call older (or newer) than this is refused: a captured call cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60 * 1000;
/** An agent's comment reaches the visitor at most this long, as an inbox agent's message. */
const MAX_COMMENT_CHARS = 4000;

/**
 * Zendesk's webhook signature: `X-Zendesk-Webhook-Signature` is the base64 HMAC-SHA256 of the
 * `X-Zendesk-Webhook-Signature-Timestamp` header followed by the raw body, keyed with the
 * webhook's signing secret.
 */
function signatureMatches(secret: string, timestamp: string, rawBody: string, signature: string): boolean {
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret)
    .update(timestamp + rawBody, 'utf8')
    .digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The ticket a call names: a trigger's `ticket_id` (as we ask it set up), or an event webhook's `detail.id`. */
const ticketIdSchema = z
  .union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)])
  .transform(String);
const webhookBodySchema = z.union([
  z.object({ ticket_id: ticketIdSchema }).transform((body) => body.ticket_id),
  z.object({ detail: z.object({ id: ticketIdSchema }) }).transform((body) => body.detail.id),
  z.object({ ticket: z.object({ id: ticketIdSchema }) }).transform((body) => body.ticket.id),
]);

/**
 * A call of the company's Zendesk webhook: its signature checked with the signing secret (401,
 * nothing done, when it does not match or is too old), then the ticket it names looked up: one of
 * Parley's tickets queues its sync (which reads the ticket and its comments from Zendesk itself,
 * so a replayed or forged body can make it look, never say anything). Other tickets are answered
 * too, unqueued: Zendesk's triggers fire on every ticket.
 */
export async function acceptZendeskWebhook(
  ctx: AppContext,
  companyId: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  rawBody: string,
): Promise<{ queued: boolean }> {
  const { db } = ctx.database;
  if (!isUuid(companyId)) throw new NotFoundException('No helpdesk is connected here');
  const stored = await findHelpdesk(db, companyId);
  if (!stored) throw new NotFoundException('No helpdesk is connected here');
  if (!stored.sealedSigningSecret)
    throw new UnauthorizedException(
      'Set the webhook’s signing secret in Parley (company settings, Helpdesk)',
    );
  const secret = ctx.secrets.open(stored.sealedSigningSecret, helpdeskSecretBinding(companyId));
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !signatureMatches(secret, timestamp, rawBody, signature))
    throw new UnauthorizedException(
      'X-Zendesk-Webhook-Signature is not this webhook’s signature of the call',
    );
  const signedAt = Date.parse(timestamp);
  if (Number.isNaN(signedAt) || Math.abs(Date.now() - signedAt) > WEBHOOK_TOLERANCE_MS)
    throw new UnauthorizedException('X-Zendesk-Webhook-Signature-Timestamp is not within 10 minutes of now');
  let body: unknown;
  try {
    body = secureJson.parse(rawBody, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch {
    throw new ValidationException('The webhook body is not valid JSON');
  }
  const parsed = webhookBodySchema.safeParse(body);
  if (!parsed.success)
    throw new ValidationException('The webhook body names no ticket: send { "ticket_id": "{{ticket.id}}" }');
  const ticket = await findTicket(db, companyId, parsed.data);
  if (!ticket) return { queued: false };
  await queueTicketSync(ctx, companyId, ticket.ticketId);
  return { queued: true };
}

async function queueTicketSync(ctx: AppContext, companyId: string, ticketId: string) {
  const { limit, delaySeconds } = ctx.config.webhookRetries;
  await ctx.jobs.send(
    ctx.database.db,
    'helpdesk-ticket-sync',
    { companyId, ticketId },
    {
      singletonKey: `${companyId}:${ticketId}`,
      retry: { retryLimit: limit, retryDelaySeconds: delaySeconds },
    },
  );
  ctx.jobs.wake('helpdesk-ticket-sync');
}

/** The conversation is no longer with a person (back with the bot, ended): the ticket's news stops. */
class NotWithAgents extends ConflictException {}

/**
 * Brings a ticket's news to its conversation: each public comment of an agent not brought back
 * yet (ids only grow; the comment's id is its message's client id too, so a comment is never
 * sent twice, even by an attempt that stopped between the message and the cursor), and, when the
 * ticket is solved, the conversation back to the bot. Zendesk is read first with nothing held.
 */
export async function syncZendeskTicket(
  ctx: AppContext,
  { companyId, ticketId }: JobPayloads['helpdesk-ticket-sync'],
  attempt: number,
): Promise<void> {
  const { db } = ctx.database;
  const [stored, ticket] = await Promise.all([
    findHelpdesk(db, companyId),
    findTicket(db, companyId, ticketId),
  ]);
  if (!stored || !ticket) return;
  const latest = await latestTicketOf(db, ticket.conversationId);
  // A conversation handed off again has a newer ticket: this one's news is no longer for it.
  if (latest?.externalId !== ticket.externalId) return;
  const client = zendeskOf(ctx, companyId, stored);
  let news: { status: string; comments: Awaited<ReturnType<typeof client.comments>> };
  try {
    const [now, comments] = await Promise.all([client.ticket(ticketId), client.comments(ticketId)]);
    news = { status: now.status, comments };
  } catch (error) {
    if (error instanceof ZendeskError && error.transient && attempt <= ctx.config.webhookRetries.limit)
      throw error;
    if (error instanceof ZendeskError && error.kind === 'token_rejected')
      await recordHelpdeskProblem(db, companyId, stored.sealedToken, {
        kind: 'token_rejected',
        message: error.message,
      });
    return;
  }
  await deliverComments(ctx, ticket, news.comments);
  if (['solved', 'closed'].includes(news.status) && ticket.solvedAt === null) await returnToBot(ctx, ticket);
}

async function deliverComments(
  ctx: AppContext,
  ticket: StoredTicket,
  {
    comments,
    names,
  }: {
    comments: { id: number; author_id: number; public: boolean; body?: string; plain_body?: string }[];
    names: Map<number, string>;
  },
) {
  const last = BigInt(ticket.lastCommentId);
  const fresh = comments
    .filter((comment) => comment.public && BigInt(comment.id) > last)
    // The requester's own comments are the visitor's words, not an answer to them.
    .filter((comment) => String(comment.author_id) !== ticket.requesterId)
    .sort((a, b) => a.id - b.id);
  for (const comment of fresh) {
    const text = stripNul((comment.plain_body ?? comment.body ?? '').trim()).slice(0, MAX_COMMENT_CHARS);
    if (text) {
      const agent = names.get(comment.author_id) ?? 'Zendesk';
      try {
        await runConversationTurn(ctx, ticket.conversationId, {
          input: { type: 'agent_message', text, agent },
          incoming: { role: 'agent', text, clientMessageId: `zendesk:${ticket.ticketId}:${comment.id}` },
          fresh: true,
          admit: (row) => {
            if (row.status !== 'human') throw new NotWithAgents('The conversation is back with the bot');
          },
        });
      } catch (error) {
        // Said after the conversation left the agents: it has no one to reach, and is not tried again.
        if (!(error instanceof NotWithAgents)) throw error;
      }
    }
    await noteCommentDelivered(ctx.database.db, ticket.externalId, String(comment.id));
  }
}

/**
 * The ticket is solved: the conversation goes back to the bot, then the ticket is marked solved
 * and the conversation says so (an attempt that stopped in between finds it back with the bot).
 */
async function returnToBot(ctx: AppContext, ticket: StoredTicket) {
  try {
    await runConversationTurn(ctx, ticket.conversationId, {
      input: { type: 'resume', agent: 'Zendesk' },
      incoming: null,
      agentId: null,
      fresh: true,
      admit: (row) => {
        if (row.status !== 'human') throw new NotWithAgents('The conversation is back with the bot');
      },
    });
  } catch (error) {
    if (!(error instanceof NotWithAgents)) throw error;
  }
  if (!(await markTicketSolved(ctx.database.db, ticket.externalId))) return;
  await logged(ctx, ticket.conversationId, {
    provider: 'zendesk',
    status: 'solved',
    ticketId: ticket.ticketId,
    url: ticket.url,
  });
}
