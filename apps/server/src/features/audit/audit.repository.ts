import type { AuditKind, AuditTargetType } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { KeysetPosition } from '../../db/keyset-cursor';
import type { NewAuditEvent } from '../../db/tables/audit.table';
import type { CompanyReach } from '../../plugins/authenticate';

export async function insertAuditEvent(db: Queryable, event: NewAuditEvent): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}

export interface AuditFilters {
  actorId?: string | undefined;
  kind?: AuditKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  after?: KeysetPosition | undefined;
  limit: number;
}

/**
 * The entries matching the filters of one company or (Parley staff, see lookupReach) of every
 * company, each with its company's name, newest first; one more than `limit` (more follow).
 */
export async function listAuditEvents(db: Queryable, reach: CompanyReach, filters: AuditFilters) {
  let query = db
    .selectFrom('audit_events as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .selectAll('e')
    .select(['c.name as company_name', sql<string>`e.created_at::text`.as('created_key')]);
  if ('companyId' in reach) query = query.where('e.company_id', '=', reach.companyId);
  if (filters.actorId) query = query.where('e.actor_id', '=', filters.actorId);
  if (filters.kind) query = query.where('e.kind', '=', filters.kind);
  if (filters.from) query = query.where('e.created_at', '>=', filters.from);
  if (filters.to) query = query.where('e.created_at', '<', filters.to);
  const { after } = filters;
  if (after)
    query = query.where(
      (eb) => eb.refTuple('e.created_at', 'e.id'),
      '<',
      (eb) => eb.tuple(sql<Date>`${after.createdAt}::timestamptz`, sql<string>`${after.id}::uuid`),
    );
  return query
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(filters.limit + 1)
    .execute();
}
export type AuditListRow = Awaited<ReturnType<typeof listAuditEvents>>[number];

export async function auditRetentionDays(db: Queryable, companyId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('audit_retention_days')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.audit_retention_days;
}

export async function setAuditRetentionDays(
  db: Queryable,
  companyId: string,
  days: number,
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ audit_retention_days: days })
    .where('id', '=', companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Removes every company's entries older than its retention, a batch at a time so one statement
 * never holds many rows; answers how many went.
 */
export async function deleteExpiredAuditEvents(db: Queryable, batch = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await sql`
      delete from audit_events where id in (
        select e.id from audit_events e join companies c on c.id = e.company_id
        where e.created_at < now() - make_interval(days => c.audit_retention_days)
        limit ${batch})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    removed += count;
    if (count < batch) return removed;
  }
}

/**
 * The name a target has now (recorded with the entry, so the log keeps it after a rename or
 * deletion); every look-up is within the company.
 */
export async function targetLabel(
  db: Queryable,
  companyId: string,
  type: AuditTargetType,
  id: string,
): Promise<string | null> {
  const uuid = /^[0-9a-f-]{36}$/i.test(id);
  if (!uuid && type !== 'company') return null;
  const label = await labelQuery(db, companyId, type, id);
  return label ?? null;
}

async function labelQuery(
  db: Queryable,
  companyId: string,
  type: AuditTargetType,
  id: string,
): Promise<string | undefined> {
  switch (type) {
    case 'bot':
      return (
        await db
          .selectFrom('bots')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'deployment':
      return (
        await db
          .selectFrom('deployments as d')
          .innerJoin('bots as b', 'b.id', 'd.bot_id')
          .select('b.name')
          .where('d.company_id', '=', companyId)
          .where('d.id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'dataset':
    case 'document':
      return (
        await db
          .selectFrom('knowledge_sources')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'webhook':
      return (
        await db
          .selectFrom('webhook_instances')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'audience':
      return (
        await db
          .selectFrom('audiences')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'broadcast':
      return (
        await db
          .selectFrom('broadcasts')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'webhook-template':
      return (
        await db
          .selectFrom('webhook_templates')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'webhook-delivery':
      return (
        (
          await db
            .selectFrom('webhook_deliveries as d')
            .leftJoin('webhook_instances as i', 'i.id', 'd.instance_id')
            .select('i.name')
            .where('d.company_id', '=', companyId)
            .where('d.id', '=', id)
            .executeTakeFirst()
        )?.name ?? undefined
      );
    case 'member': {
      const user = await db
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return user && `${`${user.first_name} ${user.last_name}`.trim()} <${user.email}>`;
    }
    case 'invitation':
      return (
        await db
          .selectFrom('user_invitations')
          .select('email')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.email;
    case 'agent':
      return (
        await db
          .selectFrom('agents')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'api-key':
      return (
        await db
          .selectFrom('agent_api_keys')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'agent-tool':
      return (
        await db
          .selectFrom('agent_tools')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'agent-prompt':
      return (
        await db
          .selectFrom('agent_prompts')
          .select('name')
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .executeTakeFirst()
      )?.name;
    case 'company':
      return (await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst())
        ?.name;
  }
}
