import type {
  BotDetail,
  BotList,
  BotSummary,
  CreateBotRequest,
  ListBotsQuery,
  UpdateBotRequest,
} from '@parley/contracts';
import { loadFlow, starterFlow } from '@parley/flow';
import type { AppContext } from '../../context';
import type { BotRow } from '../../db/tables/bot.table';
import { ForbiddenException, NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import {
  type BotSummaryRow,
  findBot,
  findBotForUpdate,
  insertBot,
  listBots,
  softDeleteBot,
  updateBot,
} from './bots.repository';

/** Ids that cannot exist are simply not found (and never reach the database as a bad uuid). */
function assertBotId(id: string): void {
  if (!isUuid(id)) throw new NotFoundException('Bot not found');
}

export function toSummary(row: BotSummaryRow): BotSummary {
  return {
    id: row.id,
    name: row.name,
    language: row.language as BotSummary['language'],
    status: row.published_version === null ? 'draft' : 'published',
    published_version: row.published_version,
    default_goal_value: row.default_goal_value,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    counts: {
      modules: row.module_count,
      intents: row.intent_count,
      globalConnections: row.global_connection_count,
    },
  };
}

function toDetail(row: BotRow): BotDetail {
  return { ...toSummary(row), flow: loadFlow(row.draft_flow), draft_revision: row.draft_revision };
}

/** A page of the company's bots; of `botIds` only when the reader is limited to some. */
export async function listCompanyBots(
  ctx: AppContext,
  companyId: string,
  query: ListBotsQuery,
  botIds?: string[],
): Promise<BotList> {
  const { db } = ctx.database;
  const { rows, total } = await listBots(db, companyId, query, botIds);
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
}

export async function getBot(ctx: AppContext, session: Session, id: string): Promise<BotDetail> {
  const { db } = ctx.database;
  assertBotId(id);
  const row = await findBot(db, session.companyId, id);
  if (!row) throw new NotFoundException('Bot not found');
  return toDetail(row);
}

/** A new bot starts with a valid flow: a start module that welcomes the user in its language. */
export async function createBot(
  ctx: AppContext,
  session: Session,
  input: CreateBotRequest,
): Promise<BotDetail> {
  const { db } = ctx.database;
  const row = await insertBot(db, {
    company_id: session.companyId,
    name: input.name,
    language: input.language,
    flow: starterFlow(input.language),
    created_by: session.userId,
  });
  return toDetail(row);
}

export async function renameOrRelanguageBot(
  ctx: AppContext,
  session: Session,
  id: string,
  input: UpdateBotRequest,
): Promise<BotDetail> {
  const { db } = ctx.database;
  assertBotId(id);
  if (input.language !== undefined && session.user.company_type === 'Lite') {
    // A lite bot's language is one of its guided answers (its texts are written in it).
    throw new ForbiddenException('Lite companies change a bot’s language in its guided settings', {
      reason: 'lite-shape',
    });
  }
  const row = await db.transaction().execute(async (trx) => {
    const current = await findBotForUpdate(trx, session.companyId, id);
    if (!current) throw new NotFoundException('Bot not found');
    // The language lives in the flow too (NLU and messages follow it).
    const flow =
      input.language === undefined
        ? undefined
        : {
            ...loadFlow(current.draft_flow),
            settings: { ...loadFlow(current.draft_flow).settings, language: input.language },
          };
    return updateBot(trx, session.companyId, id, {
      name: input.name,
      language: input.language,
      flow,
      defaultGoalValue: input.defaultGoalValue,
    });
  });
  if (!row) throw new NotFoundException('Bot not found');
  return toDetail(row);
}

function copyName(name: string): string {
  const suffix = ' (copy)';
  return name.length + suffix.length <= 80
    ? `${name}${suffix}`
    : `${name.slice(0, 80 - suffix.length)}${suffix}`;
}

export async function duplicateBot(ctx: AppContext, session: Session, id: string): Promise<BotDetail> {
  const { db } = ctx.database;
  assertBotId(id);
  const source = await findBot(db, session.companyId, id);
  if (!source) throw new NotFoundException('Bot not found');
  const row = await insertBot(db, {
    company_id: session.companyId,
    name: copyName(source.name),
    language: source.language,
    flow: loadFlow(source.draft_flow),
    created_by: session.userId,
  });
  return toDetail(row);
}

/** Soft delete: the bot leaves every list, its conversations stay for reports. */
export async function deleteBot(ctx: AppContext, session: Session, id: string): Promise<void> {
  const { db } = ctx.database;
  assertBotId(id);
  if (!(await softDeleteBot(db, session.companyId, id))) throw new NotFoundException('Bot not found');
}
