import type { Flow } from '@parley/flow';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { DeploymentRow } from '../../db/tables/conversation.table';

export async function nextVersionNumber(db: Queryable, botId: string): Promise<number> {
  const row = await db
    .selectFrom('bot_versions')
    .select((eb) => eb.fn.max<number | null>('version').as('latest'))
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return (row?.latest ?? 0) + 1;
}

export async function insertVersion(
  db: Queryable,
  version: { bot_id: string; company_id: string; version: number; flow: Flow; created_by: string },
): Promise<{ version: number; created_at: Date }> {
  return db
    .insertInto('bot_versions')
    .values({ ...version, flow: JSON.stringify(version.flow) })
    .returning(['version', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function setPublishedVersion(
  db: Queryable,
  companyId: string,
  botId: string,
  version: number,
): Promise<void> {
  await db
    .updateTable('bots')
    .set({ published_version: version })
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .execute();
}

export async function listVersions(db: Queryable, companyId: string, botId: string) {
  return db
    .selectFrom('bot_versions')
    .select(['version', 'created_at', sql<number>`jsonb_array_length(flow->'modules')`.as('modules')])
    .where('bot_id', '=', botId)
    .where('company_id', '=', companyId)
    .orderBy('version', 'desc')
    .execute();
}

export async function findVersionFlow(
  db: Queryable,
  companyId: string,
  botId: string,
  version: number,
): Promise<Flow | undefined> {
  const row = await db
    .selectFrom('bot_versions')
    .select('flow')
    .where('bot_id', '=', botId)
    .where('company_id', '=', companyId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.flow;
}

export async function listDeployments(
  db: Queryable,
  companyId: string,
  botId: string,
): Promise<DeploymentRow[]> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export async function findDeployment(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<DeploymentRow | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** By the public key a page embeds; not tenant-scoped, since the visitor has no company. */
export async function findDeploymentByKey(db: Queryable, key: string): Promise<DeploymentRow | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertDeployment(
  db: Queryable,
  deployment: {
    company_id: string;
    bot_id: string;
    key: string;
    channel: 'webchat' | 'test';
    version: number | null;
  },
): Promise<DeploymentRow> {
  return db
    .insertInto('deployments')
    .values({
      ...deployment,
      sunshine_parley_integration_id: null,
      sunshine_parley_switchboardIntegration_id: null,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDeployment(
  db: Queryable,
  companyId: string,
  id: string,
  changes: {
    version?: number;
    sunshine_parley_integration_id?: string | null;
    sunshine_parley_switchboardIntegration_id?: string | null;
  },
): Promise<DeploymentRow | undefined> {
  return db
    .updateTable('deployments')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Publishing moves the bot's web chat deployments onto the new version. */
/** Puts every web chat deployment of the bot on `version`; answers them, oldest first. */
export async function promoteWebchatDeployments(
  db: Queryable,
  companyId: string,
  botId: string,
  version: number,
): Promise<DeploymentRow[]> {
  const rows = await db
    .updateTable('deployments')
    .set({ version, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('channel', '=', 'webchat')
    .where('deleted_at', 'is', null)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

export async function softDeleteDeployment(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('deployments')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
