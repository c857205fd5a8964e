import type { ChatMessage } from '@parley/contracts';
import type { TurnInput } from '@parley/engine';
import type { AppContext } from '../../context';
import { NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import { dueForExpiry, findCompanyConversation } from './conversations.repository';
import { runConversationTurn as turn } from './turn-runner';

/** Expires every conversation whose time is up, each once (the turn checks, under its lock). */
export async function expireDueConversations(ctx: AppContext, limit = 500): Promise<number> {
  const due = await dueForExpiry(ctx.database.db, limit);
  for (const conversationId of due) {
    await turn(ctx, conversationId, { input: { type: 'expire' }, incoming: null, fresh: true });
  }
  return due.length;
}

/** Schedules a move of the conversation to a module after a delay (the trigger-delayed-response call). */
export async function requestDelayedMove(
  ctx: AppContext,
  companyId: string,
  conversationId: string,
  moduleId: string,
  delaySeconds: number,
): Promise<Date> {
  const { db } = ctx.database;
  if (!isUuid(conversationId) || !(await findCompanyConversation(db, companyId, conversationId))) {
    throw new NotFoundException('Conversation not found');
  }
  const dueAt = new Date(Date.now() + delaySeconds * 1000);
  await ctx.jobs.send(
    db,
    'delayed-move',
    { conversationId, moduleId, requested: true },
    { startAfter: dueAt },
  );
  if (delaySeconds === 0) ctx.jobs.wake('delayed-move');
  return dueAt;
}

/** Turns the server runs itself (delayed moves, expiry, agents handing back). */
export async function runServerTurn(
  ctx: AppContext,
  conversationId: string,
  input: TurnInput,
): Promise<ChatMessage[]> {
  return (await turn(ctx, conversationId, { input, incoming: null })).messages;
}
