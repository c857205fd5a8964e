import {
  type Broadcast,
  type BroadcastResults,
  type BroadcastSettings,
  broadcastMessageSchema,
  type createBroadcastRequestSchema,
  type testBroadcastRequestSchema,
} from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { BroadcastRow, BroadcastState } from '../../db/tables/broadcast.table';
import { ConflictException, NotFoundException, ValidationException } from '../../errors';
import { findAudience } from '../audiences/audiences.repository';
import { toAudience } from '../audiences/audiences.service';
import { deliverToConversation } from './broadcast-delivery';
import * as repository from './broadcasts.repository';
import { contactOfToken } from './unsubscribe-link';
import { instantOf } from './wall-clock';

type CreateBroadcast = z.output<typeof createBroadcastRequestSchema>;

/** Jobs started at once for an unthrottled broadcast, so every server process helps send it. */
const PARALLEL_SENDERS = 2;

function toBroadcast(row: BroadcastRow, figures = repository.NO_FIGURES): Broadcast {
  return {
    id: row.id,
    name: row.name,
    botId: row.bot_id,
    audienceId: row.audience_id,
    channels: row.channels,
    message: broadcastMessageSchema.parse(row.message),
    replyModuleId: row.reply_module_id,
    throttlePerMinute: row.throttle_per_minute,
    sendAt: row.send_at?.toISOString() ?? null,
    timeZone: row.time_zone,
    goalWindowHours: row.goal_window_hours,
    state: row.state,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    figures,
  };
}

async function withFigures(db: Queryable, companyId: string, rows: BroadcastRow[]): Promise<Broadcast[]> {
  const figures = await repository.figuresOf(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBroadcast(row, figures.get(row.id)));
}

export async function listBroadcasts(db: Queryable, companyId: string) {
  return { broadcasts: await withFigures(db, companyId, await repository.listBroadcasts(db, companyId)) };
}

export async function getBroadcast(db: Queryable, companyId: string, id: string): Promise<BroadcastResults> {
  const row = await repository.findBroadcast(db, companyId, id);
  if (!row) throw new NotFoundException('Broadcast not found');
  const [broadcast] = await withFigures(db, companyId, [row]);
  const failures = await repository.failuresOf(db, companyId, id);
  return {
    broadcast: broadcast ?? toBroadcast(row),
    failures: failures.map((failure) => ({
      state: failure.state === 'failed' ? ('failed' as const) : ('skipped' as const),
      reason: failure.reason ?? '',
      count: Number(failure.count),
    })),
  };
}

async function checkBotAndModule(db: Queryable, companyId: string, botId: string, moduleId: string | null) {
  const modules = await repository.botModuleIds(db, companyId, botId);
  if (!modules) throw new NotFoundException('Bot not found');
  if (moduleId !== null && !modules.includes(moduleId)) {
    throw new ValidationException('The bot has no such module to continue a reply at', {
      path: ['replyModuleId'],
    });
  }
}

export async function createBroadcast(
  ctx: AppContext,
  companyId: string,
  userId: string,
  request: CreateBroadcast,
): Promise<Broadcast> {
  const { db } = ctx.database;
  await checkBotAndModule(db, companyId, request.botId, request.replyModuleId);
  if (!(await findAudience(db, companyId, request.audienceId)))
    throw new NotFoundException('Audience not found');
  const sendAt = request.sendAt ? instantOf(request.sendAt, request.timeZone) : null;
  if (sendAt && sendAt.getTime() <= Date.now()) {
    throw new ValidationException('The scheduled time has already passed; choose a later one or send now', {
      path: ['sendAt'],
      reason: 'schedule-in-past',
    });
  }
  const row = await db.transaction().execute(async (trx) => {
    const created = await repository.insertBroadcast(trx, {
      company_id: companyId,
      bot_id: request.botId,
      audience_id: request.audienceId,
      name: request.name,
      message: request.message,
      channels: request.channels,
      reply_module_id: request.replyModuleId,
      throttle_per_minute: request.throttlePerMinute,
      send_at: sendAt,
      time_zone: request.timeZone,
      goal_window_hours: request.goalWindowHours,
      state: sendAt ? 'scheduled' : 'sending',
      created_by: userId,
    });
    if (sendAt) {
      await ctx.jobs.send(trx, 'broadcast-start', { broadcastId: created.id }, { startAfter: sendAt });
      return created;
    }
    return startRecipients(ctx, trx, created);
  });
  if (!sendAt) ctx.jobs.wake('broadcast-send');
  const [broadcast] = await withFigures(db, companyId, [row]);
  return broadcast ?? toBroadcast(row);
}

/** Fixes the recipients and queues the senders, in the caller's transaction. */
async function startRecipients(ctx: AppContext, trx: Queryable, row: BroadcastRow): Promise<BroadcastRow> {
  const audience = row.audience_id ? await findAudience(trx, row.company_id, row.audience_id) : undefined;
  if (!audience) throw new NotFoundException('Audience not found');
  const count = await repository.insertRecipients(trx, row, toAudience(audience).filter);
  if (count === 0) {
    throw new ConflictException(
      'Nobody in this audience can receive it: no contact has a conversation with this bot on these channels (or they opted out)',
      { reason: 'audience-empty' },
    );
  }
  const senders = row.throttle_per_minute === null ? PARALLEL_SENDERS : 1;
  for (let i = 0; i < senders; i++) await ctx.jobs.send(trx, 'broadcast-send', { broadcastId: row.id });
  return row;
}

/** A scheduled broadcast's time came (the `broadcast-start` job). An empty audience then is cancelled. */
export async function startScheduled(ctx: AppContext, broadcastId: string): Promise<void> {
  const { db } = ctx.database;
  const row = await db.selectFrom('broadcasts').selectAll().where('id', '=', broadcastId).executeTakeFirst();
  if (row?.state !== 'scheduled') return;
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await repository.moveBroadcast(trx, row.company_id, row.id, ['scheduled'], 'sending');
      if (moved) await startRecipients(ctx, trx, moved);
    });
    ctx.jobs.wake('broadcast-send');
  } catch (error) {
    if (!(error instanceof ConflictException || error instanceof NotFoundException)) throw error;
    await repository.moveBroadcast(db, row.company_id, row.id, ['scheduled'], 'cancelled');
  }
}

const transitions: Record<'pause' | 'resume' | 'cancel', { from: BroadcastState[]; to: BroadcastState }> = {
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['scheduled', 'sending', 'paused'], to: 'cancelled' },
};

export async function actOnBroadcast(
  ctx: AppContext,
  companyId: string,
  id: string,
  action: 'pause' | 'resume' | 'cancel',
): Promise<Broadcast> {
  const { db } = ctx.database;
  const existing = await repository.findBroadcast(db, companyId, id);
  if (!existing) throw new NotFoundException('Broadcast not found');
  const { from, to } = transitions[action];
  const row = await db.transaction().execute(async (trx) => {
    const moved = await repository.moveBroadcast(trx, companyId, id, from, to);
    if (!moved) return undefined;
    if (action === 'cancel') await repository.cancelUnsent(trx, id);
    if (action === 'resume') await ctx.jobs.send(trx, 'broadcast-send', { broadcastId: id });
    return moved;
  });
  if (!row) {
    throw new ConflictException(
      `A ${existing.state} broadcast cannot be ${action === 'cancel' ? 'cancelled' : `${action}d`}`,
      {
        reason: 'wrong-state',
        state: existing.state,
      },
    );
  }
  if (action === 'resume') ctx.jobs.wake('broadcast-send');
  const [broadcast] = await withFigures(db, companyId, [row]);
  return broadcast ?? toBroadcast(row);
}

export async function testBroadcast(
  ctx: AppContext,
  companyId: string,
  request: z.output<typeof testBroadcastRequestSchema>,
) {
  const { db } = ctx.database;
  await checkBotAndModule(db, companyId, request.botId, null);
  const conversation = await repository.latestConversationOf(db, companyId, request.contactId, request.botId);
  if (!conversation) throw new NotFoundException('That contact has no conversation with this bot');
  const outcome = await deliverToConversation(ctx, {
    companyId,
    conversationId: conversation.id,
    broadcastId: null,
    contactId: null,
    message: request.message,
    replyModuleId: null,
  });
  if (outcome.kind === 'sent') return { message: outcome.message };
  if (outcome.kind === 'skipped')
    throw new ValidationException(outcome.reason, { reason: outcome.reason.split(':')[0] });
  throw new ConflictException(
    outcome.kind === 'failed' ? outcome.reason : 'The conversation is busy; try again in a moment',
    { reason: outcome.kind === 'failed' ? outcome.reason : 'busy' },
  );
}

export async function getSettings(db: Queryable, companyId: string): Promise<BroadcastSettings> {
  return { stopWords: await repository.stopWordsOf(db, companyId) };
}

export async function saveSettings(
  db: Queryable,
  companyId: string,
  settings: BroadcastSettings,
): Promise<BroadcastSettings> {
  const words = [...new Set(settings.stopWords)];
  await repository.saveStopWords(db, companyId, words);
  return { stopWords: words };
}

/** A contact followed their unsubscribe link: opted out, sent no broadcast again. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<null> {
  const contactId = contactOfToken(ctx.config.jwtSecret, token);
  if (!contactId || !(await repository.optOut(ctx.database.db, contactId, 'unsubscribe-link')))
    throw new NotFoundException('This unsubscribe link is not valid');
  return null;
}
