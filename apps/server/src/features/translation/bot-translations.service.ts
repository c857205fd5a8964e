import {
  type BotTextTranslation,
  type BotTranslations,
  type ImportTranslationsRequest,
  MAX_TRANSLATION_CHARS,
  type SaveTextTranslationRequest,
  type TextTranslationState,
  TRANSLATE_BATCH_SIZE,
  type TranslationFile,
  type TranslationFileFormat,
  type TranslationImportProblem,
  textTranslationStates,
} from '@parley/contracts';
import { OutsideCallFailed } from '@parley/engine';
import { type BotText, botTexts, loadFlow } from '@parley/flow';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { AppError, ConflictException, NotFoundException, ValidationException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { baseLanguage } from '../conversations/turn-translation';
import { textHash } from './machine-translation';
import { templatePartsDiff } from './template-parts';
import {
  deletePersonTranslation,
  findBotForTranslations,
  findCachedTranslations,
  findCompanyProvider,
  findPretranslation,
  listPersonTranslations,
  type PersonTranslation,
  savePersonTranslations,
  touchBotTranslations,
} from './translation.repository';
import {
  type ImportedRow,
  readTranslationsCsv,
  readTranslationsXliff,
  TranslationFileProblems,
  translationsCsv,
  translationsXliff,
} from './translation-files';

/** A bot's texts in one language it offers, as the Translations view and the files show them. */
interface TextsInLanguage {
  bot: { id: string; name: string };
  source: string;
  language: string;
  entries: { text: BotText; hash: string; view: BotTextTranslation }[];
}

/** Where one text stands: a person's translation of this source, of an older one, the machine's, none. */
function viewOf(
  text: BotText,
  hash: string,
  person: PersonTranslation | undefined,
  machine: string | undefined,
): BotTextTranslation {
  const base = {
    key: text.key,
    moduleId: text.moduleId,
    moduleName: text.moduleName,
    moduleType: text.moduleType,
    field: text.field,
    source: text.text,
    machine: machine ?? null,
    previousSource: null,
    updatedAt: person ? person.updatedAt.toISOString() : null,
  };
  if (person && person.sourceHash === hash)
    return { ...base, state: person.state, translation: person.translated };
  if (person)
    return { ...base, state: 'outdated', translation: person.translated, previousSource: person.sourceText };
  return { ...base, state: machine === undefined ? 'missing' : 'machine', translation: machine ?? null };
}

async function textsInLanguage(
  db: Queryable,
  session: Session,
  botId: string,
  language: string,
): Promise<TextsInLanguage> {
  const bot = isUuid(botId) ? await findBotForTranslations(db, session.companyId, botId) : undefined;
  if (!bot) throw new NotFoundException('Bot not found');
  return textsOfFlow(db, session.companyId, bot, bot.draft_flow, language);
}

/** The texts of one of the bot's flows (its draft, or a published version) in a language it offers. */
export async function textsOfFlow(
  db: Queryable,
  companyId: string,
  bot: { id: string; name: string; offered_languages: string[] },
  storedFlow: unknown,
  language: string,
): Promise<TextsInLanguage> {
  const flow = loadFlow(storedFlow);
  const source = baseLanguage(flow.settings.language);
  if (language === source || !bot.offered_languages.includes(language))
    throw new NotFoundException(`The bot does not offer ${language}: add it in the Translation tab first`);
  const texts = botTexts(flow);
  const hashes = texts.map((text) => textHash(text.text));
  const [people, machine] = await Promise.all([
    listPersonTranslations(db, bot.id, language),
    findCachedTranslations(db, { companyId, source, target: language }, [...new Set(hashes)]),
  ]);
  return {
    bot: { id: bot.id, name: bot.name },
    source,
    language,
    entries: texts.map((text, index) => {
      const hash = hashes[index] ?? '';
      return { text, hash, view: viewOf(text, hash, people.get(text.key), machine.get(hash)) };
    }),
  };
}

export async function botTranslations(
  ctx: AppContext,
  session: Session,
  botId: string,
  language: string,
): Promise<BotTranslations> {
  const [found, pretranslation] = await Promise.all([
    textsInLanguage(ctx.database.db, session, botId, language),
    isUuid(botId) ? findPretranslation(ctx.database.db, session.companyId, botId, language) : undefined,
  ]);
  const counts = Object.fromEntries(textTranslationStates.map((state) => [state, 0])) as Record<
    TextTranslationState,
    number
  >;
  for (const { view } of found.entries) counts[view.state] += 1;
  return {
    mainLanguage: found.source,
    language: language as BotTranslations['language'],
    texts: found.entries.map((entry) => entry.view),
    counts,
    pretranslation: pretranslation
      ? {
          status: pretranslation.status,
          translated: pretranslation.translated,
          attempts: pretranslation.attempts,
          problem: pretranslation.problem,
          updatedAt: pretranslation.updatedAt.toISOString(),
        }
      : null,
  };
}

/** Why a translation cannot stand for its source (a template part lost or made up), or null. */
function templateProblem(source: string, translation: string): string | null {
  const { lost, added } = templatePartsDiff(source, translation);
  if (lost.length > 0)
    return `The translation must keep ${lost.join(', ')} as written: it is filled in when the bot speaks`;
  if (added.length > 0) return `The source has no ${added.join(', ')}: a translation adds no template parts`;
  return null;
}

/** A person's translation of the text as it now reads (reviewed when it is the machine's words). */
const personTranslation = (
  entry: TextsInLanguage['entries'][number],
  translated: string,
): Omit<PersonTranslation, 'updatedAt'> => ({
  key: entry.text.key,
  sourceHash: entry.hash,
  sourceText: entry.text.text,
  translated,
  state: translated === entry.view.machine ? 'reviewed' : 'edited',
});

function entryOf(found: TextsInLanguage, key: string) {
  const entry = found.entries.find((candidate) => candidate.text.key === key);
  if (!entry) throw new NotFoundException('The bot has no such text any more: reload the translations');
  return entry;
}

/** A person's translation of one text: conversations use it from their next turn. */
export async function saveTextTranslation(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: SaveTextTranslationRequest,
): Promise<BotTextTranslation> {
  const db = ctx.database.db;
  const found = await textsInLanguage(db, session, botId, request.language);
  const entry = entryOf(found, request.key);
  const problem = templateProblem(entry.text.text, request.translation);
  if (problem) throw new ValidationException(problem, { key: request.key });
  const saved = personTranslation(entry, request.translation);
  await db.transaction().execute(async (trx) => {
    await savePersonTranslations(
      trx,
      { companyId: session.companyId, botId, language: request.language, userId: session.userId },
      [saved],
    );
    await touchBotTranslations(trx, botId);
  });
  return viewOf(entry.text, entry.hash, { ...saved, updatedAt: new Date() }, entry.view.machine ?? undefined);
}

/** Forgets a person's translation of one text: the machine's is used again (or none yet). */
export async function resetTextTranslation(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: { language: string; key: string },
): Promise<BotTextTranslation> {
  const db = ctx.database.db;
  const found = await textsInLanguage(db, session, botId, request.language);
  const entry = entryOf(found, request.key);
  await db.transaction().execute(async (trx) => {
    await deletePersonTranslation(trx, botId, request.language, request.key);
    await touchBotTranslations(trx, botId);
  });
  return viewOf(entry.text, entry.hash, undefined, entry.view.machine ?? undefined);
}

/**
 * Machine-translates the next batch of texts that conversations have no translation for (missing,
 * or outdated with no machine translation of the new source), in one provider call; a person's
 * translations are never replaced. The client calls again while some remain, showing progress.
 */
export async function translateMissing(
  ctx: AppContext,
  session: Session,
  botId: string,
  language: string,
): Promise<{ translated: number; remaining: number }> {
  const found = await textsInLanguage(ctx.database.db, session, botId, language);
  return translateNextBatch(ctx, session.companyId, found);
}

/**
 * One batch of the texts' missing translations (at most TRANSLATE_BATCH_SIZE, one provider call):
 * what "translate missing" and the background translation (pretranslation.ts) both do.
 */
export async function translateNextBatch(
  ctx: AppContext,
  companyId: string,
  found: TextsInLanguage,
): Promise<{ translated: number; remaining: number }> {
  const db = ctx.database.db;
  const untranslated = [
    ...new Set(
      found.entries
        .filter(
          ({ view }) => view.state === 'missing' || (view.state === 'outdated' && view.machine === null),
        )
        .map(({ text }) => text.text),
    ),
  ];
  if (untranslated.length === 0) return { translated: 0, remaining: 0 };
  if (!(await findCompanyProvider(db, companyId)))
    throw new ConflictException('Set the company’s DeepL API key before translating');
  const batch = untranslated.slice(0, TRANSLATE_BATCH_SIZE);
  try {
    await ctx.translation.translate({
      companyId,
      botId: found.bot.id,
      source: found.source,
      target: found.language,
      texts: batch,
    });
  } catch (error) {
    if (error instanceof OutsideCallFailed)
      throw new AppError('UpstreamException', `DeepL did not translate: ${error.failure.message}`, {
        reason: error.failure.reason,
      });
    throw error;
  }
  await touchBotTranslations(db, found.bot.id);
  return { translated: batch.length, remaining: untranslated.length - batch.length };
}

const fileExtension: Record<TranslationFileFormat, string> = { csv: 'csv', xliff: 'xlf' };
const mediaType: Record<TranslationFileFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xliff: 'application/x-xliff+xml',
};

const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'bot';

export async function exportTranslations(
  ctx: AppContext,
  session: Session,
  botId: string,
  query: { language: string; format: TranslationFileFormat },
): Promise<TranslationFile> {
  const found = await textsInLanguage(ctx.database.db, session, botId, query.language);
  const views = found.entries.map((entry) => entry.view);
  return {
    fileName: `${fileSlug(found.bot.name)}-${found.source}-${query.language}.${fileExtension[query.format]}`,
    mediaType: mediaType[query.format],
    content:
      query.format === 'csv'
        ? translationsCsv(views)
        : translationsXliff(views, { botName: found.bot.name, source: found.source, target: query.language }),
  };
}

/** At most this many problems are named (a file of the wrong bot would otherwise name every row). */
const MAX_PROBLEMS = 20;

/** The changes a file's rows make, or every problem found in them (then none is made). */
function checkRows(
  found: TextsInLanguage,
  rows: ImportedRow[],
): {
  changes: Omit<PersonTranslation, 'updatedAt'>[];
  unchanged: number;
  problems: TranslationImportProblem[];
} {
  const byKey = new Map(found.entries.map((entry) => [entry.text.key, entry]));
  const seen = new Set<string>();
  const problems: TranslationImportProblem[] = [];
  const changes: Omit<PersonTranslation, 'updatedAt'>[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const problem = (code: TranslationImportProblem['code'], message: string) =>
      problems.push({ line: row.line, key: row.key || null, code, message });
    const entry = byKey.get(row.key);
    if (!entry) {
      problem('unknown-key', `The bot has no text “${row.key}” (was the file exported from another bot?)`);
      continue;
    }
    if (seen.has(row.key)) {
      problem('duplicate-key', `“${row.key}” is in the file twice`);
      continue;
    }
    seen.add(row.key);
    if (row.source !== undefined && row.source !== entry.text.text) {
      problem('source-changed', `The bot’s text changed since the file was made: export it again`);
      continue;
    }
    const translation = row.translation.trim();
    if (translation === '') {
      unchanged += 1;
      continue;
    }
    if (translation.length > MAX_TRANSLATION_CHARS) {
      problem('too-long', `The translation is longer than ${MAX_TRANSLATION_CHARS} characters`);
      continue;
    }
    const parts = templateProblem(entry.text.text, translation);
    if (parts) {
      problem('template-parts', parts);
      continue;
    }
    const inUse = entry.view.state === 'outdated' ? entry.view.machine : entry.view.translation;
    if (translation === inUse) unchanged += 1;
    else changes.push(personTranslation(entry, translation));
  }
  return { changes, unchanged, problems };
}

/**
 * Imports a translation file whole or not at all: any problem in it (named per line) refuses the
 * file with TranslationImportException and saves nothing.
 */
export async function importTranslations(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: ImportTranslationsRequest,
): Promise<{ imported: number; unchanged: number }> {
  const db = ctx.database.db;
  const found = await textsInLanguage(db, session, botId, request.language);
  let checked: ReturnType<typeof checkRows>;
  try {
    const rows =
      request.format === 'csv'
        ? readTranslationsCsv(request.content)
        : readTranslationsXliff(request.content, request.language);
    checked = checkRows(found, rows);
  } catch (error) {
    if (!(error instanceof TranslationFileProblems)) throw error;
    checked = { changes: [], unchanged: 0, problems: error.problems };
  }
  const { changes, unchanged, problems } = checked;
  if (problems.length > 0)
    throw new AppError(
      'TranslationImportException',
      problems.length === 1
        ? `Nothing was imported: ${problems[0]?.message}`
        : `Nothing was imported: the file has ${problems.length} problems`,
      { problems: problems.slice(0, MAX_PROBLEMS), total: problems.length },
    );
  if (changes.length > 0)
    await db.transaction().execute(async (trx) => {
      await savePersonTranslations(
        trx,
        { companyId: session.companyId, botId, language: request.language, userId: session.userId },
        changes,
      );
      await touchBotTranslations(trx, botId);
    });
  return { imported: changes.length, unchanged };
}
