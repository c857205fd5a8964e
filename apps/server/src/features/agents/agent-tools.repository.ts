import type { ToolDefinition } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { AgentToolRow } from '../../db/tables/agent.table';
import type { SealedField } from '../../db/tables/webhook.table';

/** A tool as stored: its definition (secret header values empty) and the sealed values beside it. */
export interface StoredTool {
  id: string;
  name: string;
  description: string;
  definition: ToolDefinition;
  secrets: Record<string, SealedField>;
}

export function toStoredTool(row: AgentToolRow): StoredTool & { updatedAt: Date } {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    definition: row.definition as unknown as ToolDefinition,
    secrets: row.secrets,
    updatedAt: row.updated_at,
  };
}

export async function listTools(db: Queryable, companyId: string) {
  return db
    .selectFrom('agent_tools')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(name)`)
    .execute();
}

export async function findTool(db: Queryable, companyId: string, id: string) {
  return db
    .selectFrom('agent_tools')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The company's tools among `ids` (ids of deleted or other companies' tools are left out). */
export async function findToolsByIds(db: Queryable, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('agent_tools')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** A tool with this name other than `exceptId`, if the company has one. */
export async function findToolByName(db: Queryable, companyId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom('agent_tools')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertTool(db: Queryable, companyId: string, tool: StoredTool) {
  return db
    .insertInto('agent_tools')
    .values({
      id: tool.id,
      company_id: companyId,
      name: tool.name,
      description: tool.description,
      definition: JSON.stringify(tool.definition),
      secrets: JSON.stringify(tool.secrets),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTool(db: Queryable, companyId: string, tool: StoredTool) {
  return db
    .updateTable('agent_tools')
    .set({
      name: tool.name,
      description: tool.description,
      definition: JSON.stringify(tool.definition),
      secrets: JSON.stringify(tool.secrets),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', tool.id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTool(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('agent_tools')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
