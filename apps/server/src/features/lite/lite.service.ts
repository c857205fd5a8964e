import type { LiteAnswers, LiteBot, LiteHome, SaveLiteBotRequest } from '@parley/contracts';
import { buildLiteFlow, isLiteShape, loadFlow, readLiteProfile } from '@parley/flow';
import type { AppContext } from '../../context';
import type { Reads } from '../../db/read-replica';
import type { BotRow } from '../../db/tables/bot.table';
import { ConflictException, NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { findBot, insertBot } from '../bots/bots.repository';
import { toSummary } from '../bots/bots.service';
import { saveDraft } from '../publishing/publishing.service';
import { freshRollups } from '../reports/reports.service';
import { botWeekRows, liteHomeRows } from './lite.repository';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function liteBotOf(row: BotRow): LiteBot {
  const profile = readLiteProfile(loadFlow(row.draft_flow));
  if (!profile || !isLiteShape(loadFlow(row.draft_flow))) {
    throw new ConflictException('This bot was built on the canvas; the guided settings cannot show it', {
      reason: 'not-lite',
    });
  }
  return {
    id: row.id,
    bot: toSummary(row),
    answers: profile.answers,
    template_version: profile.templateVersion,
    draft_revision: row.draft_revision,
  };
}

/**
 * The lite home: each bot's state and this week's figures, read from the reports' rollups; of the
 * bots the reader may see (`botIds`), when limited to some.
 */
export async function liteHome(
  reads: Reads,
  companyId: string,
  now = Date.now(),
  botIds?: string[],
): Promise<LiteHome> {
  const week = { from: isoDay(now - 6 * DAY_MS), to: isoDay(now) };
  const { db } = await freshRollups(reads);
  const [rows, figures] = await Promise.all([
    liteHomeRows(reads.db, companyId, botIds),
    botWeekRows(db, companyId, week),
  ]);
  const figuresOf = new Map(figures.map((row) => [row.bot_id, row]));
  const bots = rows.map((row) => {
    const counts = figuresOf.get(row.id);
    const draft = loadFlow(row.draft_flow);
    const published = row.published_flow ? loadFlow(row.published_flow) : null;
    return {
      id: row.id,
      name: row.name,
      status: row.published_version === null ? ('draft' as const) : ('published' as const),
      updated_at: row.updated_at.toISOString(),
      live: row.published_version !== null && row.has_webchat,
      unpublished_changes: published !== null && JSON.stringify(published) !== JSON.stringify(draft),
      on_site: row.has_webchat,
      lite: isLiteShape(draft),
      week: {
        conversations: counts?.conversations ?? 0,
        handovers: counts?.handovers ?? 0,
        goals: counts?.goals ?? 0,
      },
      waiting: counts?.waiting ?? 0,
    };
  });
  const sum = (pick: (bot: (typeof bots)[number]) => number) =>
    bots.reduce((total, bot) => total + pick(bot), 0);
  return {
    week,
    bots,
    totals: {
      conversations: sum((bot) => bot.week.conversations),
      handovers: sum((bot) => bot.week.handovers),
      goals: sum((bot) => bot.week.goals),
      waiting: sum((bot) => bot.waiting),
    },
  };
}

/** A new bot from the guided form: the newest lite template over the answers. */
export async function createLiteBot(
  ctx: AppContext,
  session: Session,
  answers: LiteAnswers,
): Promise<LiteBot> {
  const flow = buildLiteFlow(answers);
  const row = await insertBot(ctx.database.db, {
    company_id: session.companyId,
    name: answers.businessName,
    language: answers.language,
    flow,
    created_by: session.userId,
  });
  return liteBotOf(row);
}

async function liteBotRow(ctx: AppContext, session: Session, botId: string): Promise<BotRow> {
  if (!isUuid(botId)) throw new NotFoundException('Bot not found');
  const row = await findBot(ctx.database.db, session.companyId, botId);
  if (!row) throw new NotFoundException('Bot not found');
  return row;
}

export async function getLiteBot(ctx: AppContext, session: Session, botId: string): Promise<LiteBot> {
  return liteBotOf(await liteBotRow(ctx, session, botId));
}

/**
 * New answers for a lite bot: its draft is rebuilt from them (with the newest template), over the
 * revision the person started from.
 */
export async function saveLiteBot(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: SaveLiteBotRequest,
): Promise<LiteBot> {
  const row = await liteBotRow(ctx, session, botId);
  liteBotOf(row);
  // Generative answers (a catalogue, the knowledge tab) are set beside the answers: they stay.
  const { generative } = loadFlow(row.draft_flow).settings;
  const built = buildLiteFlow(request.answers);
  const flow = generative ? { ...built, settings: { ...built.settings, generative } } : built;
  await saveDraft(ctx, session, botId, flow, request.baseRevision);
  return liteBotOf(await liteBotRow(ctx, session, botId));
}
