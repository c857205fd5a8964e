import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import { afterCursor, COUNT_CAP, type InboxFilter, matching } from './inbox.repository';
import type { SearchLexeme } from './inbox-word-query';

/**
 * The word-index lexemes (see `inbox-word-query.ts`) a message must hold to contain `text`, for the
 * filter's bot or each of the company's, with how many messages hold each by the planner's
 * statistics of the index (most common lexemes only; none before the table was first analyzed).
 */
export async function searchLexemes(
  db: Queryable,
  companyId: string,
  botId: string | undefined,
  text: string,
  botIds?: string[],
): Promise<SearchLexeme[]> {
  const result = await sql<SearchLexeme>`
    with common as materialized (
      select mce.lexeme, round(mce.frequency * greatest(t.reltuples, 0))::float8 as messages
      from pg_stats as s
      cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs)
        as mce(lexeme, frequency)
      cross join (select reltuples from pg_class where oid = 'conversation_messages'::regclass) as t
      where s.schemaname = current_schema() and s.tablename = 'conversation_messages_words_idx')
    select b.id as "botId", l.lexeme, inbox_unindexed_lexeme(b.id) as unindexed, common.messages
    from bots as b
    cross join lateral unnest(inbox_search_lexemes(b.id, ${text})) as l(lexeme)
    left join common on common.lexeme = l.lexeme
    where b.company_id = ${companyId} ${botId === undefined ? sql`` : sql`and b.id = ${botId}`}
      ${botIds === undefined ? sql`` : sql`and b.id = any(${botIds}::uuid[])`}`.execute(db);
  return result.rows;
}

/**
 * Up to this many conversations with the text are looked up by id; beyond, the inbox's index is
 * read in its order, each conversation checked against them, until the page is full: many would
 * cost a lookup each (two pages read), while reading in order stops after `limit / share` entries.
 */
const LOOKUPS_BY_ID = 1_000;

/**
 * The ids of a page of the conversations with the filter's text in a message, in the inbox's order
 * (one more than `limit` when there is a next page), and how many there are (up to COUNT_CAP + 1).
 * The word index finds candidate messages by `wordQuery` (from `wordIndexQuery`); each one's text,
 * company and bot is then checked. The candidates are found on their own, so the planner never adds
 * another index to that scan: the trigram one for the text (its common trigrams are what was slow)
 * or the bot's range of the messages' own index (merged in when the tsquery looked unselective).
 * One statement, so the conversations found are never sent back and forth.
 */
export async function findPageWithWords(
  db: Queryable,
  filter: InboxFilter & { text: string },
  wordQuery: string,
  limit: number,
  lookupsById = LOOKUPS_BY_ID,
): Promise<{ ids: string[]; count: number }> {
  const { text, after, ...others } = filter;
  const candidates = db
    .selectFrom('conversation_messages')
    .select(['conversation_id', 'company_id', 'bot_id', 'text'])
    .where(sql<boolean>`inbox_message_words(bot_id, text) @@ ${wordQuery}::tsquery`);
  const page = (among: RawBuilder<boolean>, when: RawBuilder<boolean>) =>
    afterCursor(matching(db, others), after)
      .select(['conversations.id', 'conversations.last_message_at'])
      .where(among)
      .where(when)
      .orderBy('conversations.last_message_at', 'desc')
      .orderBy('conversations.id', 'desc')
      .limit(limit + 1);
  // Only one of the two runs: the other's condition is false once, before it reads anything.
  // `is true` keeps the second a hashed check of each conversation read in order, not a join.
  const byId = page(
    sql<boolean>`conversations.id in (select id from hits)`,
    sql<boolean>`(select n from found) <= ${lookupsById}`,
  );
  const inOrder = page(
    sql<boolean>`(conversations.id in (select id from hits)) is true`,
    sql<boolean>`(select n from found) > ${lookupsById}`,
  );
  // The hits are the company's (and bot's) already: only other conditions need counting again.
  const narrowed = [
    others.status,
    others.channel,
    others.from,
    others.to,
    others.hasHandoff,
    others.hasFallback,
    others.user,
  ].some((condition) => condition !== undefined);
  const counted = matching(db, others)
    .select(sql`1`.as('one'))
    .where(sql<boolean>`conversations.id in (select id from hits)`)
    .limit(COUNT_CAP + 1);
  const count = narrowed
    ? sql`(select count(*)::int from (${counted}) as counted)`
    : sql`(select n from found)`;
  const result = await sql<{ ids: string[]; count: number }>`
    with candidates as materialized (${candidates}),
      hits as materialized (
        select distinct conversation_id as id from candidates
        where company_id = ${filter.companyId}
          ${filter.botId === undefined ? sql`` : sql`and bot_id = ${filter.botId}`}
          ${filter.botIds === undefined ? sql`` : sql`and bot_id = any(${filter.botIds}::uuid[])`}
          and text ilike ${containsPattern(text)}),
      found as materialized (select count(*)::int as n from hits)
    select coalesce((select array_agg(id::text order by last_message_at desc, id desc)
                     from ((${byId}) union all (${inOrder})) as page), '{}') as ids,
           ${count} as count`.execute(db);
  const row = result.rows[0];
  return { ids: row?.ids ?? [], count: row?.count ?? 0 };
}
