import { type CallFailure, callFailureSchema } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export interface StoredProvider {
  provider: 'deepl';
  sealedKey: string;
  keyHint: string;
  plan: 'free' | 'pro';
  characterCount: number;
  characterLimit: number;
  checkedAt: Date;
  problem: CallFailure | null;
  problemAt: Date | null;
}

export async function findCompanyProvider(
  db: Queryable,
  companyId: string,
): Promise<StoredProvider | undefined> {
  const row = await db
    .selectFrom('company_translation')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    provider: 'deepl',
    sealedKey: row.sealed_key,
    keyHint: row.key_hint,
    plan: row.plan === 'free' ? 'free' : 'pro',
    characterCount: Number(row.character_count),
    characterLimit: Number(row.character_limit),
    checkedAt: row.checked_at,
    // A problem stored by an older server that no longer fits is not shown.
    problem: callFailureSchema.safeParse(row.problem).data ?? null,
    problemAt: row.problem_at,
  };
}

/** Saves a checked key (replacing any before it); a good check clears the last problem. */
export async function saveCompanyProvider(
  db: Queryable,
  companyId: string,
  provider: Omit<StoredProvider, 'problem' | 'problemAt'>,
): Promise<void> {
  const values = {
    provider: provider.provider,
    sealed_key: provider.sealedKey,
    key_hint: provider.keyHint,
    plan: provider.plan,
    character_count: provider.characterCount,
    character_limit: provider.characterLimit,
    checked_at: provider.checkedAt,
    problem: null,
    problem_at: null,
    updated_at: new Date(),
  };
  await db
    .insertInto('company_translation')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}

export async function deleteCompanyProvider(db: Queryable, companyId: string): Promise<void> {
  await db.deleteFrom('company_translation').where('company_id', '=', companyId).execute();
}

/** Notes a failed translation for the settings screens (the latest one counts). */
export async function recordProviderProblem(
  db: Queryable,
  companyId: string,
  problem: CallFailure,
): Promise<void> {
  await db
    .updateTable('company_translation')
    .set({ problem: JSON.stringify(problem), problem_at: new Date() })
    .where('company_id', '=', companyId)
    .execute();
}

/** A bot's own language and the ones it offers, if the company has that bot. */
export async function findBotLanguages(db: Queryable, companyId: string, botId: string) {
  return db
    .selectFrom('bots')
    .select(['language', 'offered_languages'])
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Saves the languages only: the flow's `updated_at` (and the compiled-flow cache keyed on it)
 * stays. A conversation's next turn reads them with its row.
 */
export async function saveBotLanguages(
  db: Queryable,
  companyId: string,
  botId: string,
  languages: string[],
): Promise<boolean> {
  const result = await db
    .updateTable('bots')
    .set({ offered_languages: JSON.stringify(languages) })
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/** Characters a bot had translated in the month of `at`, and in how many requests. */
export async function botUsage(db: Queryable, companyId: string, botId: string, at: Date) {
  const row = await db
    .selectFrom('translation_usage')
    .select(['characters', 'requests'])
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('month', '=', monthOf(at))
    .executeTakeFirst();
  return { characters: Number(row?.characters ?? 0), requests: Number(row?.requests ?? 0) };
}

/** Each bot's translation usage in the month of `at`, most characters first (deleted bots too). */
export async function companyUsage(db: Queryable, companyId: string, at: Date) {
  const rows = await db
    .selectFrom('translation_usage as u')
    .innerJoin('bots as b', 'b.id', 'u.bot_id')
    .select(['u.bot_id', 'b.name', 'b.deleted_at', 'u.characters', 'u.requests'])
    .where('u.company_id', '=', companyId)
    .where('u.month', '=', monthOf(at))
    .orderBy('u.characters', 'desc')
    .orderBy('b.name')
    .execute();
  return rows.map((row) => ({
    botId: row.bot_id,
    name: row.name,
    deleted: row.deleted_at !== null,
    characters: Number(row.characters),
    requests: Number(row.requests),
  }));
}

export async function addUsage(
  db: Queryable,
  usage: { companyId: string; botId: string; characters: number; at: Date },
): Promise<void> {
  await db
    .insertInto('translation_usage')
    .values({
      company_id: usage.companyId,
      bot_id: usage.botId,
      month: monthOf(usage.at),
      characters: usage.characters,
      requests: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(['company_id', 'bot_id', 'month']).doUpdateSet({
        characters: sql`translation_usage.characters + excluded.characters`,
        requests: sql`translation_usage.requests + 1`,
      }),
    )
    .execute();
}

/** Cached translations of these texts (by hash), for one company, source and target. */
export async function findCachedTranslations(
  db: Queryable,
  key: { companyId: string; source: string; target: string },
  hashes: string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('translation_cache')
    .select(['text_hash', 'translated'])
    .where('company_id', '=', key.companyId)
    .where('source_language', '=', key.source)
    .where('target_language', '=', key.target)
    .where('text_hash', 'in', hashes)
    .execute();
  return new Map(rows.map((row) => [row.text_hash, row.translated]));
}

export async function storeCachedTranslations(
  db: Queryable,
  key: { companyId: string; source: string; target: string },
  translations: { hash: string; translated: string }[],
): Promise<void> {
  if (translations.length === 0) return;
  await db
    .insertInto('translation_cache')
    .values(
      translations.map(({ hash, translated }) => ({
        company_id: key.companyId,
        source_language: key.source,
        target_language: key.target,
        text_hash: hash,
        translated,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['company_id', 'source_language', 'target_language', 'text_hash'])
        .doUpdateSet({ translated: sql`excluded.translated` }),
    )
    .execute();
}

/** What the Translations view reads of a bot: its draft, its languages. */
export async function findBotForTranslations(db: Queryable, companyId: string, botId: string) {
  return db
    .selectFrom('bots')
    .select(['id', 'name', 'language', 'offered_languages', 'draft_flow'])
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface PersonTranslation {
  key: string;
  sourceHash: string;
  sourceText: string;
  translated: string;
  state: 'reviewed' | 'edited';
  updatedAt: Date;
}

/** A person's translations of a bot's texts into one language, by the text's key. */
export async function listPersonTranslations(
  db: Queryable,
  botId: string,
  language: string,
): Promise<Map<string, PersonTranslation>> {
  const rows = await db
    .selectFrom('bot_translations')
    .select(['text_key', 'source_hash', 'source_text', 'translated', 'state', 'updated_at'])
    .where('bot_id', '=', botId)
    .where('language', '=', language)
    .execute();
  return new Map(
    rows.map((row) => [
      row.text_key,
      {
        key: row.text_key,
        sourceHash: row.source_hash,
        sourceText: row.source_text,
        translated: row.translated,
        state: row.state,
        updatedAt: row.updated_at,
      },
    ]),
  );
}

/** A person's translations of these source texts (by hash) into one language; the latest wins. */
export async function findPersonTranslationsBySource(
  db: Queryable,
  botId: string,
  language: string,
  hashes: string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('bot_translations')
    .select(['source_hash', 'translated'])
    .where('bot_id', '=', botId)
    .where('language', '=', language)
    .where('source_hash', 'in', hashes)
    .orderBy('updated_at', 'asc')
    .execute();
  return new Map(rows.map((row) => [row.source_hash, row.translated]));
}

/** Saves a person's translations (one per text and language, replacing any before). */
export async function savePersonTranslations(
  db: Queryable,
  scope: { companyId: string; botId: string; language: string; userId: string | null },
  translations: Omit<PersonTranslation, 'updatedAt'>[],
): Promise<void> {
  // A statement's parameters are limited (65 535): a big import goes in pieces of the same transaction.
  for (let start = 0; start < translations.length; start += 1000)
    await insertPersonTranslations(db, scope, translations.slice(start, start + 1000));
}

async function insertPersonTranslations(
  db: Queryable,
  scope: { companyId: string; botId: string; language: string; userId: string | null },
  translations: Omit<PersonTranslation, 'updatedAt'>[],
): Promise<void> {
  await db
    .insertInto('bot_translations')
    .values(
      translations.map((translation) => ({
        company_id: scope.companyId,
        bot_id: scope.botId,
        language: scope.language,
        text_key: translation.key,
        source_hash: translation.sourceHash,
        source_text: translation.sourceText,
        translated: translation.translated,
        state: translation.state,
        updated_by: scope.userId,
        updated_at: new Date(),
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['bot_id', 'language', 'text_key']).doUpdateSet({
        source_hash: sql`excluded.source_hash`,
        source_text: sql`excluded.source_text`,
        translated: sql`excluded.translated`,
        state: sql`excluded.state`,
        updated_by: sql`excluded.updated_by`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .execute();
}

export async function deletePersonTranslation(
  db: Queryable,
  botId: string,
  language: string,
  key: string,
): Promise<void> {
  await db
    .deleteFrom('bot_translations')
    .where('bot_id', '=', botId)
    .where('language', '=', language)
    .where('text_key', '=', key)
    .execute();
}

/**
 * Notes that the bot's translations changed: every process's next turn of its conversations reads
 * the time with the conversation and builds the bot's phrasebook again.
 */
export async function touchBotTranslations(db: Queryable, botId: string): Promise<void> {
  await db
    .updateTable('bots')
    .set({ translations_updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', botId)
    .execute();
}

/** The bot's draft and published flows, for translating both in the background. */
export async function findBotForPretranslation(db: Queryable, companyId: string, botId: string) {
  return db
    .selectFrom('bots')
    .leftJoin('bot_versions', (join) =>
      join
        .onRef('bot_versions.bot_id', '=', 'bots.id')
        .onRef('bot_versions.version', '=', 'bots.published_version'),
    )
    .select([
      'bots.id',
      'bots.name',
      'bots.language',
      'bots.offered_languages',
      'bots.draft_flow',
      'bot_versions.flow as published_flow',
    ])
    .where('bots.id', '=', botId)
    .where('bots.company_id', '=', companyId)
    .where('bots.deleted_at', 'is', null)
    .executeTakeFirst();
}

export type PretranslationStatus = 'queued' | 'running' | 'done' | 'failed';

export interface StoredPretranslation {
  status: PretranslationStatus;
  translated: number;
  attempts: number;
  problem: string | null;
  updatedAt: Date;
}

/** Marks the bot's background translation into each language as queued (a new run starts afresh). */
export async function queuePretranslations(
  db: Queryable,
  target: { companyId: string; botId: string },
  languages: string[],
): Promise<void> {
  if (languages.length === 0) return;
  await db
    .insertInto('bot_pretranslations')
    .values(
      languages.map((language) => ({
        company_id: target.companyId,
        bot_id: target.botId,
        language,
        status: 'queued' as const,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['bot_id', 'language']).doUpdateSet({
        status: 'queued',
        translated: 0,
        attempts: 0,
        problem: null,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** Records how a run of the background translation went (`attempts` counts the runs begun). */
export async function updatePretranslation(
  db: Queryable,
  target: { companyId: string; botId: string; language: string },
  change:
    | { status: 'running'; attempt: number }
    | { status: 'done'; translated: number }
    | { status: 'failed'; problem: string },
): Promise<void> {
  const set = {
    status: change.status,
    updated_at: sql<Date>`now()`,
    ...(change.status === 'running' ? { attempts: change.attempt, problem: null } : {}),
    ...(change.status === 'done' ? { translated: change.translated, problem: null } : {}),
    ...(change.status === 'failed' ? { problem: change.problem.slice(0, 500) } : {}),
  };
  await db
    .insertInto('bot_pretranslations')
    .values({
      company_id: target.companyId,
      bot_id: target.botId,
      language: target.language,
      status: change.status,
      ...(change.status === 'running' ? { attempts: change.attempt } : {}),
    })
    .onConflict((conflict) => conflict.columns(['bot_id', 'language']).doUpdateSet(set))
    .execute();
}

export async function findPretranslation(
  db: Queryable,
  companyId: string,
  botId: string,
  language: string,
): Promise<StoredPretranslation | undefined> {
  const row = await db
    .selectFrom('bot_pretranslations')
    .select(['status', 'translated', 'attempts', 'problem', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('language', '=', language)
    .executeTakeFirst();
  return (
    row && {
      status: row.status,
      translated: row.translated,
      attempts: row.attempts,
      problem: row.problem,
      updatedAt: row.updated_at,
    }
  );
}
