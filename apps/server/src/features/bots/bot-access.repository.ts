import type { Queryable } from '../../db/database';

/** The bot a conversation of the company belongs to, if there is one by that id. */
export async function botOfConversation(
  db: Queryable,
  companyId: string,
  conversationId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select('bot_id')
    .where('id', '=', conversationId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.bot_id;
}

/** The bot a deployment of the company belongs to, if there is one by that id. */
export async function botOfDeployment(
  db: Queryable,
  companyId: string,
  deploymentId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('deployments')
    .select('bot_id')
    .where('id', '=', deploymentId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.bot_id;
}
