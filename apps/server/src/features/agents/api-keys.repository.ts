import type { ApiKey, ApiKeyScope } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { AgentApiKeyRow } from '../../db/tables/agent.table';
import { hashMailedToken } from '../auth/tokens';

/** The key behind a presented secret (by its hash), noting that it was used; undefined if none. */
export async function findApiKeyCaller(db: Queryable, secret: string): Promise<AgentApiKeyRow | undefined> {
  const row = await db
    .selectFrom('agent_api_keys')
    .selectAll()
    .where('token_hash', '=', hashMailedToken(secret))
    .executeTakeFirst();
  // Recorded at most once a minute, so a busy key does not write on every call.
  if (row && !row.revoked_at && (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000)) {
    await db
      .updateTable('agent_api_keys')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
  }
  return row;
}

export function toApiKey(row: AgentApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Queryable, companyId: string): Promise<AgentApiKeyRow[]> {
  return db
    .selectFrom('agent_api_keys')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertApiKey(
  db: Queryable,
  key: {
    companyId: string;
    name: string;
    scopes: ApiKeyScope[];
    secret: string;
    createdBy: string;
    createdByName: string;
  },
): Promise<AgentApiKeyRow> {
  return db
    .insertInto('agent_api_keys')
    .values({
      company_id: key.companyId,
      name: key.name,
      scopes: JSON.stringify(key.scopes),
      token_hash: hashMailedToken(key.secret),
      hint: `${key.secret.slice(0, 10)}…`,
      created_by: key.createdBy,
      created_by_name: key.createdByName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes a key of the company (again: no change); undefined when it has no such key. */
export async function revokeApiKey(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<AgentApiKeyRow | undefined> {
  return db
    .updateTable('agent_api_keys')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
