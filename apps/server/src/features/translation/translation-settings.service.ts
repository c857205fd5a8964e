import type {
  BotTranslation,
  SaveBotLanguagesRequest,
  SaveTranslationKeyRequest,
  TranslationProvider,
  TranslationUsage,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import { AppError, ConflictException, NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import { DeepLError, deeplUsage } from '../../integrations/deepl/deepl-client';
import type { Session } from '../../plugins/authenticate';
import { secretHint } from '../../sealed-secrets';
import { keyBinding } from './key-binding';
import { queuePretranslation } from './pretranslation';
import {
  botUsage,
  companyUsage,
  deleteCompanyProvider,
  findBotLanguages,
  findCompanyProvider,
  type StoredProvider,
  saveBotLanguages,
  saveCompanyProvider,
} from './translation.repository';

function providerView(stored: StoredProvider | undefined): TranslationProvider {
  if (!stored) return { configured: false };
  return {
    configured: true,
    provider: stored.provider,
    plan: stored.plan,
    keyHint: stored.keyHint,
    characterCount: stored.characterCount,
    characterLimit: stored.characterLimit,
    checkedAt: stored.checkedAt.toISOString(),
    problem:
      stored.problem && stored.problemAt ? { ...stored.problem, at: stored.problemAt.toISOString() } : null,
  };
}

export async function companyProvider(ctx: AppContext, session: Session): Promise<TranslationProvider> {
  return providerView(await findCompanyProvider(ctx.database.db, session.companyId));
}

/**
 * Checks the key with DeepL (its usage: a call that costs no characters) and keeps it sealed for
 * the company only when DeepL accepts it; a refused key is named and nothing is saved.
 */
export async function saveProviderKey(
  ctx: AppContext,
  session: Session,
  request: SaveTranslationKeyRequest,
): Promise<TranslationProvider> {
  const usage = await deeplUsage(request.apiKey, ctx.config.deepl).catch((error: unknown) => {
    if (error instanceof DeepLError && error.keyRejected)
      throw new AppError(
        'TranslationKeyRejectedException',
        `DeepL refused this API key: check it was copied whole and is active${request.apiKey.endsWith(':fx') ? ' (a key ending in :fx is a DeepL API Free key)' : ' (a DeepL API Pro key; Free keys end in :fx)'}`,
      );
    throw new AppError(
      'UpstreamException',
      `DeepL could not check the key: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const db = ctx.database.db;
  await saveCompanyProvider(db, session.companyId, {
    provider: 'deepl',
    sealedKey: ctx.secrets.seal(request.apiKey, keyBinding(session.companyId)),
    keyHint: secretHint(request.apiKey),
    plan: usage.plan,
    characterCount: usage.characterCount,
    characterLimit: usage.characterLimit,
    checkedAt: new Date(),
  });
  return providerView(await findCompanyProvider(db, session.companyId));
}

export async function removeProviderKey(ctx: AppContext, session: Session): Promise<TranslationProvider> {
  await deleteCompanyProvider(ctx.database.db, session.companyId);
  return { configured: false };
}

/** The company's translation usage in a month (`2026-11`; this month when none), per bot. */
export async function companyTranslationUsage(
  ctx: AppContext,
  session: Session,
  month: string | undefined,
): Promise<TranslationUsage> {
  const at = month ? new Date(`${month}-01T00:00:00Z`) : new Date();
  const bots = await companyUsage(ctx.database.db, session.companyId, at);
  return {
    month: at.toISOString().slice(0, 7),
    characters: bots.reduce((sum, bot) => sum + bot.characters, 0),
    requests: bots.reduce((sum, bot) => sum + bot.requests, 0),
    bots,
  };
}

export async function botTranslation(
  ctx: AppContext,
  session: Session,
  botId: string,
): Promise<BotTranslation> {
  const db = ctx.database.db;
  const bot = isUuid(botId) ? await findBotLanguages(db, session.companyId, botId) : undefined;
  if (!bot) throw new NotFoundException('Bot not found');
  const [provider, usage] = await Promise.all([
    findCompanyProvider(db, session.companyId),
    botUsage(db, session.companyId, botId, new Date()),
  ]);
  return {
    mainLanguage: bot.language,
    // A language that became the bot's own is no longer offered besides it.
    offeredLanguages: bot.offered_languages.filter(
      (language) => language !== bot.language,
    ) as BotTranslation['offeredLanguages'],
    provider: providerView(provider),
    usage,
  };
}

/** The languages a bot offers; adding one needs the company's key (its visitors would get none). */
export async function saveBotTranslation(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: SaveBotLanguagesRequest,
): Promise<BotTranslation> {
  const db = ctx.database.db;
  const bot = isUuid(botId) ? await findBotLanguages(db, session.companyId, botId) : undefined;
  if (!bot) throw new NotFoundException('Bot not found');
  if (request.offeredLanguages.length > 0 && !(await findCompanyProvider(db, session.companyId)))
    throw new ConflictException('Set the company’s DeepL API key before offering other languages');
  // A newly offered language's texts are translated in the background, queued with the change.
  const added = request.offeredLanguages.filter(
    (language) => !bot.offered_languages.includes(language) && language !== bot.language,
  );
  await db.transaction().execute(async (trx) => {
    if (!(await saveBotLanguages(trx, session.companyId, botId, request.offeredLanguages)))
      throw new NotFoundException('Bot not found');
    await queuePretranslation(ctx, trx, { companyId: session.companyId, botId }, added);
  });
  return botTranslation(ctx, session, botId);
}
