import type { ReportRange } from '@parley/contracts';
import type { Flow } from '@parley/flow';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export interface LiteHomeRow {
  id: string;
  name: string;
  published_version: number | null;
  updated_at: Date;
  draft_flow: Flow;
  /** The published version's flow, to tell whether the draft changed since. */
  published_flow: Flow | null;
  has_webchat: boolean;
}

/** The company's bots (deleted ones left out) with what the lite home says of each, newest first. */
export async function liteHomeRows(
  db: Queryable,
  companyId: string,
  botIds?: string[],
): Promise<LiteHomeRow[]> {
  return db
    .selectFrom('bots')
    .leftJoin('bot_versions', (join) =>
      join
        .onRef('bot_versions.bot_id', '=', 'bots.id')
        .onRef('bot_versions.version', '=', 'bots.published_version'),
    )
    .select((eb) => [
      'bots.id',
      'bots.name',
      'bots.published_version',
      'bots.updated_at',
      'bots.draft_flow',
      sql<Flow | null>`bot_versions.flow`.as('published_flow'),
      sql<boolean>`${eb.exists(
        eb
          .selectFrom('deployments')
          .select(sql`1`.as('one'))
          .whereRef('deployments.bot_id', '=', 'bots.id')
          .where('deployments.company_id', '=', companyId)
          .where('deployments.channel', '=', 'webchat')
          .where('deployments.deleted_at', 'is', null),
      )}`.as('has_webchat'),
    ])
    .where('bots.company_id', '=', companyId)
    .where('bots.deleted_at', 'is', null)
    .$if(botIds !== undefined, (query) => query.where('bots.id', 'in', botIds as string[]))
    .orderBy('bots.updated_at', 'desc')
    .orderBy('bots.id')
    .limit(100)
    .execute();
}

export interface BotWeekRow {
  bot_id: string;
  conversations: number;
  handovers: number;
  goals: number;
  waiting: number;
}

/**
 * Per bot, from the reports' hourly rollups: conversations started in the range, those handed to a
 * person, and goal completions; and the conversations waiting for a person now.
 */
export async function botWeekRows(
  db: Queryable,
  companyId: string,
  range: ReportRange,
): Promise<BotWeekRow[]> {
  const result = await sql<BotWeekRow>`
    with week as (
      select h.bot_id, sum(h.conversations)::int as conversations,
             sum(h.handoff_conversations)::int as handovers, sum(h.goals)::int as goals
      from report_conversation_hours as h
      where h.company_id = ${companyId}::uuid
        and h.hour >= (${range.from}::date)::timestamp at time zone 'UTC'
        and h.hour < (${range.to}::date + 1)::timestamp at time zone 'UTC'
      group by h.bot_id),
    waiting as (
      select c.bot_id, count(*)::int as waiting
      from conversations as c
      where c.company_id = ${companyId}::uuid and c.status = 'human' and c.agent_id is null
      group by c.bot_id)
    select coalesce(w.bot_id, q.bot_id) as bot_id, coalesce(w.conversations, 0) as conversations,
           coalesce(w.handovers, 0) as handovers, coalesce(w.goals, 0) as goals,
           coalesce(q.waiting, 0) as waiting
    from week as w full join waiting as q on q.bot_id = w.bot_id`.execute(db);
  return result.rows;
}
