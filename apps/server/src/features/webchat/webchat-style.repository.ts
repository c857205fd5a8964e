import type { Queryable } from '../../db/database';

export async function findWebchatStyle(
  db: Queryable,
  companyId: string,
  botId: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('bots')
    .select('webchat_style')
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.webchat_style;
}

/** Saves the style only: the flow's `updated_at` (and the compiled-flow cache keyed on it) stays. */
export async function saveWebchatStyle(
  db: Queryable,
  companyId: string,
  botId: string,
  style: Record<string, unknown>,
): Promise<boolean> {
  const result = await db
    .updateTable('bots')
    .set({ webchat_style: JSON.stringify(style) })
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the widget of a deployment shows before any conversation: the bot's name, languages, style. */
export async function findWebchatSettings(db: Queryable, botId: string) {
  return db
    .selectFrom('bots')
    .select(['company_id', 'name', 'language', 'offered_languages', 'webchat_style'])
    .where('id', '=', botId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
