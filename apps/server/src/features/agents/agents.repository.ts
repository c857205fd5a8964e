import type { Agent, AgentDefinition, AgentSummary } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import type { AgentRow } from '../../db/tables/agent.table';

export function toAgentSummary(
  row: Pick<AgentRow, 'id' | 'name' | 'goal' | 'version' | 'created_at' | 'updated_at'>,
): AgentSummary {
  return {
    id: row.id,
    name: row.name,
    goal: row.goal,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toAgent(row: AgentRow): Agent {
  return { ...toAgentSummary(row), definition: row.definition };
}

/** A company's agents by name, those whose name or goal contains `search` when given. */
export async function listAgents(db: Queryable, companyId: string, search?: string) {
  let query = db
    .selectFrom('agents')
    .select(['id', 'company_id', 'name', 'goal', 'version', 'created_at', 'updated_at'])
    .where('company_id', '=', companyId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('goal', 'ilike', pattern)]));
  }
  return query.orderBy(sql`lower(name)`).orderBy('created_at').execute();
}

export async function findAgent(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AgentRow | undefined> {
  let query = db.selectFrom('agents').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

interface Author {
  userId: string;
  name: string;
}

/** Writes the version row beside the agent's own (the history keeps every saved definition). */
async function insertVersion(
  db: Queryable,
  agentId: string,
  version: number,
  definition: AgentDefinition,
  author: Author,
) {
  await db
    .insertInto('agent_versions')
    .values({
      agent_id: agentId,
      version,
      definition: JSON.stringify(definition),
      created_by: author.userId,
      created_by_name: author.name,
    })
    .execute();
}

export async function insertAgent(
  db: Queryable,
  companyId: string,
  definition: AgentDefinition,
  author: Author,
): Promise<AgentRow> {
  const row = await db
    .insertInto('agents')
    .values({
      company_id: companyId,
      name: definition.name,
      goal: definition.goal,
      definition: JSON.stringify(definition),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertVersion(db, row.id, row.version, definition, author);
  return row;
}

/** Saves the next version of an agent (the caller holds its row locked). */
export async function updateAgent(
  db: Queryable,
  current: AgentRow,
  definition: AgentDefinition,
  author: Author,
): Promise<AgentRow> {
  const version = current.version + 1;
  const row = await db
    .updateTable('agents')
    .set({
      name: definition.name,
      goal: definition.goal,
      definition: JSON.stringify(definition),
      version,
      updated_at: sql`now()`,
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertVersion(db, row.id, version, definition, author);
  return row;
}

export async function deleteAgent(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('agents')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** An agent's versions, newest first (the agent is the company's: the caller checked). */
export async function listVersions(db: Queryable, agentId: string) {
  return db
    .selectFrom('agent_versions')
    .selectAll()
    .where('agent_id', '=', agentId)
    .orderBy('version', 'desc')
    .execute();
}

export async function findVersion(db: Queryable, agentId: string, version: number) {
  return db
    .selectFrom('agent_versions')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('version', '=', version)
    .executeTakeFirst();
}
