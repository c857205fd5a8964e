import { createHash } from 'node:crypto';
import { callFailure, callFailureOf, OutsideCallFailed } from '@parley/engine';
import { botTexts, type Flow } from '@parley/flow';
import type { Database } from '../../db/database';
import { DeepLError, type DeepLSettings, deeplTranslate } from '../../integrations/deepl/deepl-client';
import type { SecretBox } from '../../sealed-secrets';
import { keyBinding } from './key-binding';
import { protectTemplates, restoreTemplates, templateParts, templateTranslator } from './template-parts';
import {
  addUsage,
  findCachedTranslations,
  findCompanyProvider,
  findPersonTranslationsBySource,
  recordProviderProblem,
  storeCachedTranslations,
} from './translation.repository';

/** What a translation is for: whose key and cache, whose usage, which way. */
export interface TranslationRequest {
  companyId: string;
  botId: string;
  source: string;
  target: string;
  texts: string[];
}

/** Translations kept in memory: a few MB, enough for every text of many bots in a few languages. */
const MAX_REMEMBERED = 50_000;
/** Phrasebooks kept in memory (one per flow version, language and translations change). */
const MAX_PHRASEBOOKS = 500;

/**
 * A flow's texts in one language as its conversations say them: a person's translation where there
 * is one, else the machine's. A text rendered from a template (`Hi {{ name }}`) is read back
 * through the translated template, so a person's translation of a template serves every visitor.
 */
export class Phrasebook {
  constructor(
    private readonly exact: ReadonlyMap<string, string>,
    private readonly templated: ((rendered: string) => string | null)[],
  ) {}

  lookup(text: string): string | undefined {
    const known = this.exact.get(text);
    if (known !== undefined) return known;
    for (const translate of this.templated) {
      const translated = translate(text);
      if (translated !== null) return translated;
    }
    return undefined;
  }
}

/** Which flow, language and state of the bot's translations a phrasebook is for. */
export interface PhrasebookRequest {
  companyId: string;
  botId: string;
  /** Names the flow's content (FlowCache.keyOf). */
  flowKey: string;
  flow: Flow;
  source: string;
  target: string;
  /** The bot's `translations_updated_at`, read with the conversation: a new one builds the book again. */
  version: Date | null;
}

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Machine translation for a company's bots: the cache shared by its bots (in the database, and the
 * recent part in this process's memory so a turn whose texts are all known reads nothing), the
 * provider called once per batch for the rest, and the usage per bot.
 */
export class MachineTranslation {
  private readonly remembered = new Map<string, string>();
  private readonly phrasebooks = new Map<string, Promise<Phrasebook>>();

  constructor(
    private readonly database: Database,
    private readonly secrets: SecretBox,
    private readonly deepl: DeepLSettings,
  ) {}

  /** The translations this process holds in memory, undefined for each text it does not. */
  fromMemory(request: Omit<TranslationRequest, 'botId'>): (string | undefined)[] {
    return request.texts.map((text) => this.remembered.get(memoryKey(request, textHash(text))));
  }

  /**
   * Translates the texts: from the company's cache where it has them, the rest in one request to
   * the provider (with its Jinja parts protected), kept in the cache and counted for the bot. A
   * failure (no key, spent quota, refused key, timeout) is noted for the settings screens and
   * rethrown named; it is the caller's to go on untranslated.
   */
  async translate(request: TranslationRequest): Promise<string[]> {
    const { db } = this.database;
    const hashes = request.texts.map(textHash);
    const cached = await findCachedTranslations(db, request, [...new Set(hashes)]);
    const missing = [...new Set(request.texts.filter((_, index) => !cached.has(hashes[index] ?? '')))];
    if (missing.length > 0) {
      const provider = await findCompanyProvider(db, request.companyId);
      if (!provider)
        throw new OutsideCallFailed(
          callFailure('not_configured', 'No translation key is set for this company'),
        );
      const key = this.secrets.open(provider.sealedKey, keyBinding(request.companyId));
      const protectedTexts = missing.map(protectTemplates);
      let answers: string[];
      try {
        answers = await deeplTranslate(key, this.deepl, {
          texts: protectedTexts.map((text) => text.xml),
          source: request.source,
          target: request.target,
          xml: true,
        });
      } catch (error) {
        if (error instanceof DeepLError)
          await recordProviderProblem(db, request.companyId, callFailureOf(error)).catch(() => {});
        throw error;
      }
      const fresh = missing.map((text, index) => ({
        hash: textHash(text),
        // A translation that lost a template part keeps the original: a broken variable is worse.
        translated: restoreTemplates(answers[index] ?? '', protectedTexts[index]?.parts ?? []) ?? text,
      }));
      await storeCachedTranslations(db, request, fresh);
      await addUsage(db, {
        companyId: request.companyId,
        botId: request.botId,
        characters: missing.reduce((sum, text) => sum + text.length, 0),
        at: new Date(),
      });
      for (const { hash, translated } of fresh) cached.set(hash, translated);
    }
    for (const [hash, translated] of cached) this.remember(memoryKey(request, hash), translated);
    return request.texts.map((text, index) => cached.get(hashes[index] ?? '') ?? text);
  }

  /**
   * The flow's phrasebook into one language, from memory while the flow and the bot's translations
   * are unchanged; otherwise read (two queries) and kept.
   */
  phrasebook(request: PhrasebookRequest): Promise<Phrasebook> {
    const key = `${request.flowKey}|${request.target}|${request.version?.getTime() ?? 0}`;
    let book = this.phrasebooks.get(key);
    if (!book) {
      book = this.loadPhrasebook(request);
      // A failed read is not kept: the next turn reads again.
      book.catch(() => this.phrasebooks.delete(key));
      this.phrasebooks.set(key, book);
      if (this.phrasebooks.size > MAX_PHRASEBOOKS)
        this.phrasebooks.delete(this.phrasebooks.keys().next().value as string);
    }
    return book;
  }

  private async loadPhrasebook(request: PhrasebookRequest): Promise<Phrasebook> {
    const { db } = this.database;
    const texts = [...new Set(botTexts(request.flow).map((text) => text.text))];
    const hashes = texts.map(textHash);
    const [people, machine] = await Promise.all([
      findPersonTranslationsBySource(db, request.botId, request.target, hashes),
      findCachedTranslations(db, request, hashes),
    ]);
    const exact = new Map<string, string>();
    const templated: ((rendered: string) => string | null)[] = [];
    for (const [index, text] of texts.entries()) {
      const hash = hashes[index] ?? '';
      const translated = people.get(hash) ?? machine.get(hash);
      if (translated === undefined) continue;
      if (templateParts(text).length === 0) exact.set(text, translated);
      else {
        const translator = templateTranslator(text, translated);
        if (translator) templated.push(translator);
      }
    }
    return new Phrasebook(exact, templated);
  }

  private remember(key: string, translated: string): void {
    this.remembered.delete(key);
    this.remembered.set(key, translated);
    if (this.remembered.size > MAX_REMEMBERED)
      this.remembered.delete(this.remembered.keys().next().value as string);
  }
}

const memoryKey = (request: { companyId: string; source: string; target: string }, hash: string) =>
  `${request.companyId}|${request.source}|${request.target}|${hash}`;
