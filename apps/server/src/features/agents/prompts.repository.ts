import type { Prompt, PromptDefinition, PromptSummary } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import type { AgentPromptRow } from '../../db/tables/agent.table';

export function toPromptSummary(row: Omit<AgentPromptRow, 'definition'>): PromptSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export const toPrompt = (row: AgentPromptRow): Prompt => ({
  ...toPromptSummary(row),
  definition: row.definition,
});

/** A company's prompts by name, those whose name or description contains `search` when given. */
export async function listPrompts(db: Queryable, companyId: string, search?: string) {
  let query = db
    .selectFrom('agent_prompts')
    .select(['id', 'company_id', 'name', 'description', 'version', 'created_at', 'updated_at'])
    .where('company_id', '=', companyId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
  }
  return query.orderBy(sql`lower(name)`).orderBy('created_at').execute();
}

export async function findPrompt(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AgentPromptRow | undefined> {
  let query = db
    .selectFrom('agent_prompts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

interface Author {
  userId: string;
  name: string;
}

async function insertVersion(
  db: Queryable,
  promptId: string,
  version: number,
  definition: PromptDefinition,
  author: Author,
) {
  await db
    .insertInto('agent_prompt_versions')
    .values({
      prompt_id: promptId,
      version,
      definition: JSON.stringify(definition),
      created_by: author.userId,
      created_by_name: author.name,
    })
    .execute();
}

export async function insertPrompt(
  db: Queryable,
  companyId: string,
  definition: PromptDefinition,
  author: Author,
): Promise<AgentPromptRow> {
  const row = await db
    .insertInto('agent_prompts')
    .values({
      company_id: companyId,
      name: definition.name,
      description: definition.description,
      definition: JSON.stringify(definition),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertVersion(db, row.id, row.version, definition, author);
  return row;
}

/** Saves the next version of a prompt (the caller holds its row locked). */
export async function updatePrompt(
  db: Queryable,
  current: AgentPromptRow,
  definition: PromptDefinition,
  author: Author,
): Promise<AgentPromptRow> {
  const version = current.version + 1;
  const row = await db
    .updateTable('agent_prompts')
    .set({
      name: definition.name,
      description: definition.description,
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

export async function deletePrompt(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('agent_prompts')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A prompt's versions, newest first (the prompt is the company's: the caller checked). */
export async function listPromptVersions(db: Queryable, promptId: string) {
  return db
    .selectFrom('agent_prompt_versions')
    .select(['version', 'definition', 'created_by_name', 'created_at'])
    .where('prompt_id', '=', promptId)
    .orderBy('version', 'desc')
    .execute();
}

/** One version of the company's prompt (one query: the company is checked through the prompt). */
export async function findPromptVersion(db: Queryable, companyId: string, promptId: string, version: number) {
  return db
    .selectFrom('agent_prompt_versions as v')
    .innerJoin('agent_prompts as p', 'p.id', 'v.prompt_id')
    .select(['v.version', 'v.definition', 'v.created_by_name', 'v.created_at'])
    .where('p.company_id', '=', companyId)
    .where('v.prompt_id', '=', promptId)
    .where('v.version', '=', version)
    .executeTakeFirst();
}
