import type { AudienceFilter, ContactSummary } from '@parley/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { AudienceRow } from '../../db/tables/broadcast.table';
import {
  audienceCondition,
  boundingConditions,
  candidateCount,
  candidatesOf,
  variableCount,
} from './audience-filter';

export async function listAudiences(db: Queryable, companyId: string): Promise<AudienceRow[]> {
  return db
    .selectFrom('audiences')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('updated_at', 'desc')
    .execute();
}

export async function findAudience(db: Queryable, companyId: string, id: string) {
  return db
    .selectFrom('audiences')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAudience(
  db: Queryable,
  audience: { companyId: string; name: string; filter: AudienceFilter; createdBy: string | null },
): Promise<AudienceRow> {
  return db
    .insertInto('audiences')
    .values({
      company_id: audience.companyId,
      name: audience.name,
      filter: JSON.stringify(audience.filter),
      created_by: audience.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAudience(
  db: Queryable,
  companyId: string,
  id: string,
  change: { name: string; filter: AudienceFilter },
): Promise<AudienceRow | undefined> {
  return db
    .updateTable('audiences')
    .set({ name: change.name, filter: JSON.stringify(change.filter), updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAudience(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('audiences')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * A bound of more candidates than this is not used: looking each of them up costs about what
 * reading every contact of a million does.
 */
const CANDIDATES_AT_MOST = 20_000;

/** The contacts that may match a filter (`audienceCondition` then decides), as a subquery. */
export type CandidateBound = RawBuilder<{ id: string }>;

/**
 * The fewest contacts the filter's variable conditions' typed rows say may match it, when they are
 * few enough to look up one by one: with "all", the candidates of the condition that has fewest;
 * with "any", all the conditions' candidates together. Undefined otherwise (the contacts are read).
 */
async function candidateBound(
  db: Queryable,
  companyId: string,
  filter: AudienceFilter,
): Promise<CandidateBound | undefined> {
  const conditions = boundingConditions(filter);
  if (!conditions) return undefined;
  const sizes: number[] = [];
  for (const condition of conditions) {
    const result = await candidateCount(companyId, condition, CANDIDATES_AT_MOST).execute(db);
    sizes.push(result.rows[0]?.n ?? 0);
  }
  if (filter.match === 'any') {
    return sizes.reduce((sum, size) => sum + size, 0) <= CANDIDATES_AT_MOST
      ? candidatesOf(companyId, conditions)
      : undefined;
  }
  const fewest = Math.min(...sizes);
  const condition = conditions[sizes.indexOf(fewest)];
  return condition && fewest <= CANDIDATES_AT_MOST ? candidatesOf(companyId, [condition]) : undefined;
}

/**
 * How many contacts the filter matches, and the bound its sample may start from. A filter of one
 * variable condition is counted exactly from its typed rows first, and that count says whether its
 * candidates are few (no second look at the rows); any other asks candidateBound.
 */
export async function countWithBound(
  db: Queryable,
  companyId: string,
  filter: AudienceFilter,
): Promise<{ count: number; bound: CandidateBound | undefined }> {
  if (variableCount(companyId, filter)) {
    const count = await countContacts(db, companyId, filter);
    const [condition] = boundingConditions(filter) ?? [];
    const few = condition !== undefined && count <= CANDIDATES_AT_MOST;
    return { count, bound: few ? candidatesOf(companyId, [condition]) : undefined };
  }
  const bound = await candidateBound(db, companyId, filter);
  return { count: await countContacts(db, companyId, filter, bound), bound };
}

/** The contacts of the company the filter may match: its candidates when bounded, else them all. */
const contactsToTest = (companyId: string, bound: CandidateBound | undefined) =>
  sql`k.company_id = ${companyId} ${bound ? sql`and k.id in (${bound})` : sql``}`;

/**
 * The statement that counts the company's contacts the filter matches (the bench EXPLAINs it): a
 * filter of one variable condition from its typed rows, any other among its bound if it has one.
 */
export function countStatement(companyId: string, filter: AudienceFilter, bound?: CandidateBound) {
  return (
    variableCount(companyId, filter) ??
    sql<{ count: string }>`
      select count(*) as count from contacts k
      where ${contactsToTest(companyId, bound)} and ${audienceCondition(filter)}`
  );
}

/** How many of the company's contacts the filter matches. */
export async function countContacts(
  db: Queryable,
  companyId: string,
  filter: AudienceFilter,
  bound?: CandidateBound,
): Promise<number> {
  const result = await countStatement(companyId, filter, bound).execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

interface ContactSampleRow {
  id: string;
  channel: string;
  first_seen_at: Date;
  opted_out_at: Date | null;
  user_info: Record<string, unknown> | null;
  language: string | null;
  last_seen_at: Date | null;
  conversations: number;
}

/**
 * The newest matching contacts, each with what their latest conversation knows of them. Walking
 * the contacts newest first until `limit` match is quick when many match; for a filter that few
 * contacts match it would read them all, so a `bound` (candidateBound) is looked through instead.
 */
export async function sampleContacts(
  db: Queryable,
  companyId: string,
  filter: AudienceFilter,
  limit: number,
  bound?: CandidateBound,
): Promise<ContactSummary[]> {
  const result = await sql<ContactSampleRow>`
    select k.id, k.channel, k.first_seen_at, k.opted_out_at,
           latest.user_info, latest.language, latest.last_message_at as last_seen_at,
           k.conversations
    from (select * from contacts k where ${contactsToTest(companyId, bound)} and ${audienceCondition(filter)}
          order by k.first_seen_at desc limit ${limit}) k
    left join lateral (
      select c.user_info, c.language, c.last_message_at from conversations c
      where c.contact_id = k.id order by c.last_message_at desc limit 1) latest on true
    order by k.first_seen_at desc`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    name: textOf(row.user_info?.name),
    email: textOf(row.user_info?.email),
    language: row.language,
    firstSeenAt: new Date(row.first_seen_at).toISOString(),
    lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
    conversations: Number(row.conversations),
    optedOut: row.opted_out_at !== null,
  }));
}

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
