import type { ListBotsQuery } from '@parley/contracts';
import type { Flow } from '@parley/flow';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import type { BotRow } from '../../db/tables/bot.table';

export type BotSummaryRow = Omit<
  BotRow,
  | 'draft_flow'
  | 'webchat_style'
  | 'draft_revision'
  | 'draft_saved_by'
  | 'offered_languages'
  | 'knowledge_published_at'
  | 'translations_updated_at'
>;

const summaryColumns = [
  'id',
  'company_id',
  'name',
  'language',
  'module_count',
  'intent_count',
  'global_connection_count',
  'published_version',
  'default_goal_value',
  'created_by',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/** What lists and summaries store about the draft, so they never read the document. */
export function flowCounts(flow: Flow) {
  return {
    module_count: flow.modules.length,
    intent_count: flow.intents.length,
    global_connection_count: flow.globalConnections.length,
  };
}

/**
 * A page of the company's bots (deleted ones left out), searched by name and sorted; only those of
 * `botIds` when the reader is limited to some.
 */
export async function listBots(
  db: Queryable,
  companyId: string,
  query: ListBotsQuery,
  botIds?: string[],
): Promise<{ rows: BotSummaryRow[]; total: number }> {
  let base = db
    .selectFrom('bots')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .$if(botIds !== undefined, (q) => q.where('id', 'in', botIds as string[]));
  if (query.search)
    base = base.where(sql<string>`lower(name)`, 'like', containsPattern(query.search.toLowerCase()));
  const [{ total } = { total: 0 }] = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const sortColumn = query.sort === 'name' ? sql`lower(name)` : sql.ref(query.sort);
  const rows = await base
    .select(summaryColumns)
    .orderBy(sortColumn, query.order)
    .orderBy('id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

export async function findBot(db: Queryable, companyId: string, id: string): Promise<BotRow | undefined> {
  return db
    .selectFrom('bots')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The bot locked for an update in the caller's transaction. */
export async function findBotForUpdate(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<BotRow | undefined> {
  return db
    .selectFrom('bots')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertBot(
  db: Queryable,
  bot: { company_id: string; name: string; language: string; flow: Flow; created_by: string },
): Promise<BotRow> {
  return db
    .insertInto('bots')
    .values({
      company_id: bot.company_id,
      name: bot.name,
      language: bot.language,
      draft_flow: JSON.stringify(bot.flow),
      ...flowCounts(bot.flow),
      published_version: null,
      created_by: bot.created_by,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateBot(
  db: Queryable,
  companyId: string,
  id: string,
  changes: { name?: string; language?: string; flow?: Flow; savedBy?: string; defaultGoalValue?: number },
  /** Only if the draft is still at this revision (see saveDraft). */
  baseRevision?: number,
): Promise<BotRow | undefined> {
  return db
    .updateTable('bots')
    .set((eb) => ({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.language === undefined ? {} : { language: changes.language }),
      ...(changes.defaultGoalValue === undefined ? {} : { default_goal_value: changes.defaultGoalValue }),
      ...(changes.flow === undefined
        ? {}
        : {
            draft_flow: JSON.stringify(changes.flow),
            ...flowCounts(changes.flow),
            draft_revision: eb('draft_revision', '+', 1),
            draft_saved_by: changes.savedBy ?? null,
          }),
      updated_at: sql`now()`,
    }))
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .$if(baseRevision !== undefined, (query) => query.where('draft_revision', '=', baseRevision as number))
    .returningAll()
    .executeTakeFirst();
}

export async function softDeleteBot(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('bots')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Where a bot's draft stands: its revision, when it was saved and by whom. */
export async function findDraftRevision(db: Queryable, companyId: string, id: string) {
  return db
    .selectFrom('bots')
    .leftJoin('users', 'users.id', 'bots.draft_saved_by')
    .select([
      'bots.draft_revision',
      'bots.updated_at',
      sql<string | null>`nullif(trim(concat_ws(' ', users.first_name, users.last_name)), '')`.as('saved_by'),
    ])
    .where('bots.id', '=', id)
    .where('bots.company_id', '=', companyId)
    .where('bots.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Which of these ids are live bots of the company (a member's bot limit may name only those). */
export async function companyBotIds(db: Queryable, companyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('bots')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}
