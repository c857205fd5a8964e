import type { Queryable } from '../../db/database';

/**
 * The tables of a company's resources that routes name by id. Each row carries the company it
 * belongs to (`company_id`; a webhook template without one is offered to every company).
 */
export type TenantTable =
  | 'companies'
  | 'bots'
  | 'deployments'
  | 'conversations'
  | 'knowledge_sources'
  | 'users'
  | 'user_invitations'
  | 'webhook_templates'
  | 'webhook_instances'
  | 'webhook_deliveries'
  | 'agents'
  | 'agent_tools'
  | 'agent_prompts'
  | 'agent_runs'
  | 'agent_api_keys'
  | 'audiences'
  | 'broadcasts';

/**
 * Who a row belongs to: its company (a company belongs to itself), `shared` for a row offered to
 * every company, or undefined when there is no row by that id. The tenancy check reads it before
 * a request's body is read.
 */
export async function ownerOf(
  db: Queryable,
  table: TenantTable,
  id: string,
): Promise<{ companyId: string } | 'shared' | undefined> {
  if (table === 'companies') {
    const company = await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst();
    return company && { companyId: company.id };
  }
  const row = await db.selectFrom(table).select('company_id').where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return row.company_id === null ? 'shared' : { companyId: row.company_id };
}
