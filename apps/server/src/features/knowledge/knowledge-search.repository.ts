import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { StoredColumn } from '../../db/tables/knowledge.table';
import type { QuestionRange } from './question-ranges';

export interface KnowledgeHit {
  kind: 'row' | 'chunk';
  source_id: string;
  source_name: string;
  /** The row's number, or the chunk's. */
  number: number;
  /** A chunk's headings and text (null for a row). */
  heading: string | null;
  content: string | null;
  /** A row's cells (null for a chunk). */
  cells: Record<string, string | number | null> | null;
  /** Full-text rank, 0–1 (0: none of its words). */
  text_score: number;
  /** Cosine similarity with the question's embedding (null: not embedded, or no embedding asked). */
  vector_score: number | null;
  /** How many of the row's filter values the question names, plus one when its range holds the row. */
  filter_hits: number;
  filter_values: string[];
  /** The numeric column the question's range was applied to in the row's dataset (null: none). */
  range_column: string | null;
  /** The live file's columns, in the file's order (a row's cells are not kept in order). */
  columns: StoredColumn[] | null;
  /** Reciprocal rank fusion of the two rankings: what orders the hits. */
  fused_score: number;
}

/** Reciprocal rank fusion's constant: a hit ranked first by one search and absent from the other still counts. */
const RRF_K = 60;
/**
 * Rows (and chunks) matching the words ranked at most: a word common to most of a big dataset
 * would otherwise have every one of its rows ranked. Which ones are kept past this is the index's
 * order, so this is kept well above what a question can use.
 */
export const RANKED_CANDIDATES = 200;
/** A numeric column whose name says it is a price (a range applies to it even when it is not a filter). */
const PRICE_LIKE = String.raw`price|cost|precio|coste|costo|importe|amount|tarifa|fee|pvp|€|\$`;

/**
 * The numeric column a question's range applies to in a file: among its number columns that are
 * filters or look like a price, the one the question names, else a price-like one, else the only
 * one. Null when none qualifies (the range then leaves the file alone).
 */
const rangeColumnOf = (keys: RawBuilder<unknown>) => sql`(select eligible.name from (
    select listed.col ->> 'name' as name, listed.position,
      lower(listed.col ->> 'name') = any(${keys}) as named,
      lower(listed.col ->> 'name') ~ ${PRICE_LIKE} as price_like,
      count(*) over () as eligible_count
    from jsonb_array_elements(file.columns) with ordinality as listed (col, position)
    where listed.col ->> 'type' = 'number'
      and (listed.col ->> 'filter' = 'true' or lower(listed.col ->> 'name') ~ ${PRICE_LIKE})
  ) as eligible
  where eligible.named or eligible.price_like or eligible.eligible_count = 1
  order by eligible.named desc, eligible.price_like desc, eligible.position
  limit 1)`;

/** A row's filter values as its file's index keeps them (`file:value`, see migration 0048). */
const fileKeys = (item: string) =>
  sql`knowledge_filter_keys(${sql.ref(`${item}.file_id`)}, ${sql.ref(`${item}.filter_values`)})`;

/** A row's value in its file's range column, when it is a number (CASE: the cast never sees text). */
const rangeValue = (item: string) =>
  sql`(case when jsonb_typeof(${sql.ref(`${item}.cells`)} -> file.range_column) = 'number'
    then (${sql.ref(`${item}.cells`)} ->> file.range_column)::numeric end)`;

/** Whether a row is in the question's range (every row when its file has no range column). */
function inRange(range: QuestionRange | null, item: string) {
  if (!range) return sql`true`;
  const value = rangeValue(item);
  const low =
    range.min === null
      ? sql`true`
      : sql`${value} ${sql.raw(range.minInclusive ? '>=' : '>')} ${range.min}::numeric`;
  const high =
    range.max === null
      ? sql`true`
      : sql`${value} ${sql.raw(range.maxInclusive ? '<=' : '<')} ${range.max}::numeric`;
  return sql`(file.range_column is null or (${low} and ${high}))`;
}

/**
 * Ranked rows and chunks of a bot's knowledge, in one statement: the draft's live files, or with
 * `published` the files of its published store.
 *
 * For datasets, exact filters narrow the rows before ranking: filter values the question names
 * (`keys`) narrow each source to the rows naming the most of them (a code and a category: the row
 * with both), and a number range (`range`, "under 50") the rows whose value in the file's range
 * column is in it; such rows rank first. Full text ranks by cover density (0–1), a chunk's headings
 * weighing more than its text, over the rows and chunks matching all of the question's words, or
 * when none does any of them (so a long question still finds something); at most
 * RANKED_CANDIDATES of them are ranked. A dataset with rows in the range but none matching the
 * words answers with its first rows in range, lowest value first.
 *
 * With the question's embedding (`vector`), rows and chunks embedded by the same model are ranked
 * by cosine similarity too, and the two rankings are fused by reciprocal rank. The similarity is a
 * dot product over the stored float arrays (embeddings have unit length). With pgvector, each
 * file's nearest items are found through an HNSW index (approximate); without it, by computing the
 * product for every embedded item (exact, and slow past some thousands of them).
 */
export async function searchKnowledgeRows(
  db: Queryable,
  companyId: string,
  botId: string,
  search: {
    config: string;
    text: string;
    keys: readonly string[];
    limit: number;
    /** A number range the question asks for (applied to each dataset's range column). */
    range?: QuestionRange | null;
    /** Only these sources (null: all of the bot's). */
    sourceIds?: readonly string[] | null;
    /** The published store's files rather than the draft's. */
    published?: boolean;
    /** The question's embedding, the model that made it, and whether pgvector indexes its size. */
    vector?: { embedding: readonly number[]; model: string; indexed?: boolean } | null;
  },
): Promise<KnowledgeHit[]> {
  const onlySources =
    search.sourceIds == null ? sql`true` : sql`source.id = any(${[...search.sourceIds]}::uuid[])`;
  const fileOf = sql.ref(search.published ? 'source.published_file_id' : 'source.live_file_id');
  // The words are expressions, not a CTE's columns, so that the planner searches the indexes with them.
  const allWords = sql`plainto_tsquery(${search.config}::regconfig, ${search.text})`;
  const anyWords = sql`replace(${allWords}::text, '&', '|')::tsquery`;
  const words = sql`(select words.words from words)`;
  const keys = sql`${[...search.keys]}::text[]`;
  const range = search.range ?? null;
  const vector = search.vector;
  const embedded = (item: string) =>
    vector
      ? sql`(file.embedding_model = ${vector.model} and ${sql.ref(`${item}.embedding`)} is not null
          and cardinality(${sql.ref(`${item}.embedding`)}) = ${vector.embedding.length})`
      : sql`false`;
  // Without an embedding there are no vector candidates: the branches are left out, not run empty.
  // With pgvector, each file's nearest rows and chunks come from the HNSW index of their size (a
  // literal, as the partial index's condition is), and products are pgvector's; without it, from
  // an exact scan of products computed in SQL.
  const size = vector ? sql.raw(String(vector.embedding.length)) : sql``;
  const similarity = (item: string) => {
    if (!vector) return sql`null::float8`;
    const embedding = sql.ref(`${item}.embedding`);
    const product = vector.indexed
      ? sql`-(${embedding}::vector(${size}) <#> ${[...vector.embedding]}::real[]::vector(${size}))`
      : sql`(select sum(pair.a * pair.b)::float8
          from unnest(${embedding}, ${[...vector.embedding]}::real[]) as pair (a, b))`;
    return sql`case when ${embedded(item)} then ${product} end`;
  };
  const nearest = (item: 'data_row' | 'chunk') => {
    if (!vector) return sql``;
    const rows = item === 'data_row';
    const table = sql.table(rows ? 'knowledge_rows' : 'knowledge_chunks');
    // A dataset named by a filter value answers with those rows alone; its range holds them too.
    const files = sql.table(rows ? 'unnamed_files' : 'files');
    const candidate = rows ? sql`, 0` : sql``;
    const narrowed = rows ? sql`and ${inRange(range, item)}` : sql``;
    const number = sql.ref(`${item}.${rows ? 'row_number' : 'chunk_number'}`);
    const embedding = sql.ref(`${item}.embedding`);
    if (!vector.indexed)
      return sql`union (select file.id, ${number} ${candidate} from ${files} as file
        join ${table} as ${sql.ref(item)} on ${sql.ref(`${item}.file_id`)} = file.id
        where ${embedded(item)} ${narrowed}
        order by ${similarity(item)} desc nulls last limit ${search.limit})`;
    return sql`union (select file.id, nearest.number ${candidate} from ${files} as file
      cross join lateral (
        select ${number} as number from ${table} as ${sql.ref(item)}
        where ${sql.ref(`${item}.file_id`)} = file.id and cardinality(${embedding}) = ${size} ${narrowed}
        order by ${embedding}::vector(${size}) <#> ${[...vector.embedding]}::real[]::vector(${size})
        limit ${search.limit}
      ) as nearest
      where file.embedding_model = ${vector.model})`;
  };
  const vectorRows = nearest('data_row');
  const vectorChunks = nearest('chunk');
  const lexicalScore = sql`(case when filter_hits > 0 then 0.5 + 0.5 * text_score else text_score end)`;
  const result = await sql<KnowledgeHit>`
    with files as materialized (
      select source.id as source_id, source.name as source_name, file.id, file.columns, file.embedding_model,
        ${range ? rangeColumnOf(keys) : sql`null::text`} as range_column
      from knowledge_sources as source
      join knowledge_files as file on file.id = ${fileOf}
      where source.company_id = ${companyId} and source.bot_id = ${botId} and ${onlySources}
    ),
    -- The filter values the question names that each file has (one index probe each).
    named_values as materialized (
      select file.id as file_id, array(
          select key from unnest(${keys}) as key
          where exists (select 1 from knowledge_rows as data_row
            where ${fileKeys('data_row')} @> knowledge_filter_keys(file.id, array[key]))
        ) as present
      from files as file
    ),
    -- Each file's rows naming the most of them, read through the index: at most RANKED_CANDIDATES
    -- naming them all (those matching all the words first) and as many naming each, so a value most
    -- rows have (a category) is not read row by row. A row naming several values but not all is
    -- only missed when every one of its values names that many rows.
    named_rows as materialized (
      select named.file_id, top.row_number, top.filter_hits
      from named_values as named
      join files as file on file.id = named.file_id
      cross join lateral (
        select * from (
          (select data_row.row_number, cardinality(named.present) as filter_hits,
              data_row.search @@ ${allWords} as all_words
            from knowledge_rows as data_row
            where ${fileKeys('data_row')} @> knowledge_filter_keys(file.id, named.present)
              and data_row.search @@ ${allWords} and ${inRange(range, 'data_row')}
            limit ${RANKED_CANDIDATES})
          union
          (select data_row.row_number, cardinality(named.present), data_row.search @@ ${allWords}
            from knowledge_rows as data_row
            where ${fileKeys('data_row')} @> knowledge_filter_keys(file.id, named.present)
              and ${inRange(range, 'data_row')}
            limit ${RANKED_CANDIDATES})
          union
          -- With several values, the rows naming each (at most RANKED_CANDIDATES a value), counted.
          (select data_row.row_number,
              (select count(*) from unnest(data_row.filter_values) as value where value = any(named.present))::int,
              data_row.search @@ ${allWords}
            from unnest(named.present) as key
            cross join lateral (
              select naming.* from knowledge_rows as naming
              where ${fileKeys('naming')} @> knowledge_filter_keys(file.id, array[key])
                and ${inRange(range, 'naming')}
              limit ${RANKED_CANDIDATES}
            ) as data_row
            where cardinality(named.present) > 1)
        ) as found
        order by filter_hits desc, all_words desc, row_number
        limit ${RANKED_CANDIDATES}
      ) as top
      where cardinality(named.present) > 0
    ),
    best_named as materialized (
      select file_id, row_number, filter_hits from (
        select *, max(filter_hits) over (partition by file_id) as best_hits from named_rows
      ) as narrowed
      where filter_hits = best_hits
    ),
    -- A source the question names a filter value of answers with the rows naming it alone (none,
    -- when the range holds none of them: "jackets under 10").
    unnamed_files as materialized (
      select file.* from files as file
      join named_values as named on named.file_id = file.id
      where cardinality(named.present) = 0
    ),
    -- Whether anything matches all of the question's words: then only such rows and chunks are ranked.
    words as (
      select case when exists (
          select 1 from best_named as named
          join knowledge_rows as data_row
            on data_row.file_id = named.file_id and data_row.row_number = named.row_number
          where data_row.search @@ ${allWords}
        -- File by file (correlated), so that each is searched through its index, never by a scan.
        ) or exists (
          select 1 from unnamed_files as file where exists (
            select 1 from knowledge_rows as data_row
            where data_row.file_id = file.id and data_row.search @@ ${allWords} and ${inRange(range, 'data_row')})
        ) or exists (
          select 1 from files as file where exists (
            select 1 from knowledge_chunks as chunk
            where chunk.file_id = file.id and chunk.search @@ ${allWords})
        ) then ${allWords} else ${anyWords} end as words
    ),
    lexical_rows as materialized (
      select file.id as file_id, data_row.row_number, 0 as filter_hits
      from unnamed_files as file
      join knowledge_rows as data_row on data_row.file_id = file.id
      where data_row.search @@ ${words} and ${inRange(range, 'data_row')}
      limit ${RANKED_CANDIDATES}
    ),
    candidates as (
      select file_id, row_number, filter_hits from best_named
      union select * from lexical_rows
      -- A dataset with rows in the range and none matching the words: its first rows in range (in
      -- the file's order, so that no more of them are read; they are ranked lowest value first).
      union (select file.id, in_range.row_number, 0 from unnamed_files as file
        cross join lateral (
          select data_row.row_number from knowledge_rows as data_row
          where data_row.file_id = file.id and ${inRange(range, 'data_row')}
          order by data_row.row_number
          limit ${search.limit}
        ) as in_range
        where file.range_column is not null
          and not exists (select 1 from lexical_rows where lexical_rows.file_id = file.id))
      ${vectorRows}
    ),
    row_hits as (
      select file.source_id, file.source_name, data_row.row_number as number, data_row.cells,
        data_row.filter_values, file.columns, file.range_column, ${rangeValue('data_row')} as range_value,
        case when data_row.search @@ ${words} then ts_rank_cd(data_row.search, ${words}, 32) else 0 end
          as text_score,
        candidate.filter_hits + (case when file.range_column is null then 0 else 1 end) as filter_hits,
        candidate.filter_hits > 0 or file.range_column is not null or data_row.search @@ ${words} as lexical,
        ${similarity('data_row')} as vector_score
      from candidates as candidate
      join files as file on file.id = candidate.file_id
      join knowledge_rows as data_row
        on data_row.file_id = candidate.file_id and data_row.row_number = candidate.row_number
    ),
    chunk_candidates as (
      (select file.id as file_id, chunk.chunk_number from files as file
        join knowledge_chunks as chunk on chunk.file_id = file.id
          where chunk.search @@ ${words}
        limit ${RANKED_CANDIDATES})
      ${vectorChunks}
    ),
    chunk_hits as (
      select file.source_id, file.source_name, chunk.chunk_number as number, chunk.heading, chunk.content,
        case when chunk.search @@ ${words} then ts_rank_cd(chunk.search, ${words}, 32) else 0 end
          as text_score,
        chunk.search @@ ${words} as lexical,
        ${similarity('chunk')} as vector_score
      from chunk_candidates as candidate
      join files as file on file.id = candidate.file_id
      join knowledge_chunks as chunk
        on chunk.file_id = candidate.file_id and chunk.chunk_number = candidate.chunk_number
    ),
    pool as (
      select 'row'::text as kind, source_id, source_name, number, null::text as heading, null::text as content,
        cells, filter_values, text_score, filter_hits, lexical, vector_score, columns, range_column, range_value
      from row_hits
      union all
      select 'chunk'::text, source_id, source_name, number, heading, content, null::jsonb, '{}'::text[],
        text_score, 0, lexical, vector_score, null::jsonb, null::text, null::numeric
      from chunk_hits
    ),
    -- Ties share a rank: a ranking that cannot tell two items apart favours neither (rank(), not
    -- row_number(), which would break them by name).
    ranked as (
      select *,
        case when lexical
          then rank() over (order by lexical desc, ${lexicalScore} desc, range_value nulls last) end
          as text_rank,
        case when vector_score is not null
          then rank() over (order by vector_score desc nulls last) end as vector_rank
      from pool
    ),
    -- Reciprocal rank fusion. An item that could not be compared by meaning (its file not embedded
    -- yet, its embedding failed, or made by another model) counts its words' rank for both rankings:
    -- counted as absent from the meaning ranking, the best word match of a file still embedding
    -- ranked below every embedded item and never reached the model.
    fused as (
      select *,
        case when ${vector ? sql`vector_score is null` : sql`true`}
          then 2 * coalesce(1.0 / (${RRF_K} + text_rank), 0)
          else coalesce(1.0 / (${RRF_K} + text_rank), 0) + coalesce(1.0 / (${RRF_K} + vector_rank), 0)
        end::float8 as fused_score
      from ranked
      where text_rank is not null or vector_rank <= ${search.limit}
    )
    select kind, source_id, source_name, number, heading, content, cells, filter_values,
      text_score::float8 as text_score, vector_score, filter_hits, range_column, columns, fused_score
    from fused
    order by fused_score desc, range_value nulls last, source_name, number
    limit ${search.limit}`.execute(db);
  return result.rows;
}
