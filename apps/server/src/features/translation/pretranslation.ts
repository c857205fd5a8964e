import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { baseLanguage } from '../conversations/turn-translation';
import { textsOfFlow, translateNextBatch } from './bot-translations.service';
import {
  findBotForPretranslation,
  queuePretranslations,
  updatePretranslation,
} from './translation.repository';

/** What one background translation is for: a bot's texts into one language it offers. */
export interface PretranslationJob {
  companyId: string;
  botId: string;
  language: string;
}

/** Runs of one background translation, the first and its retries (the first wait from the config). */
const PRETRANSLATION_TRIES = 6;

/**
 * Queues the background translation of a bot's texts into these languages, in the caller's
 * transaction (when a language is offered or a version published), so a visitor's first turn in one
 * finds the bot's texts cached and asks the provider for the visitor's words only (issue 21). Off
 * with PRETRANSLATE=0 (the suites that count provider calls turn it off).
 */
export async function queuePretranslation(
  ctx: AppContext,
  trx: Queryable,
  bot: { companyId: string; botId: string },
  languages: string[],
): Promise<void> {
  if (!ctx.config.pretranslation.enabled || languages.length === 0) return;
  await queuePretranslations(trx, bot, languages);
  for (const language of languages)
    await ctx.jobs.send(
      trx,
      'bot-pretranslation',
      { ...bot, language },
      {
        // One run per bot and language at a time (and one more waiting), so each text is sent once.
        singletonKey: `${bot.botId}:${language}`,
        retry: {
          retryLimit: PRETRANSLATION_TRIES - 1,
          retryDelaySeconds: ctx.config.pretranslation.retryDelaySeconds,
        },
      },
    );
}

/**
 * Translates what is missing of the bot's published version and of its draft, batch by batch
 * through "translate missing" (the company's cache first, one provider call per batch of the rest,
 * nothing held while DeepL answers). A failure is recorded for the Translations view and rethrown,
 * so the job is tried again.
 */
export async function runPretranslation(
  ctx: AppContext,
  job: PretranslationJob,
  attempt: number,
): Promise<void> {
  const { db } = ctx.database;
  const bot = await findBotForPretranslation(db, job.companyId, job.botId);
  // A bot deleted since, or a language no longer offered: nothing to translate (its row goes with it).
  if (!bot?.offered_languages.includes(job.language)) return;
  await updatePretranslation(db, job, { status: 'running', attempt });
  let translated = 0;
  try {
    const flows = [bot.published_flow, bot.draft_flow].filter((flow) => flow !== null);
    const distinct = flows.filter(
      (flow, index) => flows.findIndex((other) => JSON.stringify(other) === JSON.stringify(flow)) === index,
    );
    for (const flow of distinct) {
      const source = (flow as { settings?: { language?: string } }).settings?.language;
      if (source !== undefined && baseLanguage(source) === job.language) continue;
      for (;;) {
        const found = await textsOfFlow(db, job.companyId, bot, flow, job.language);
        const batch = await translateNextBatch(ctx, job.companyId, found);
        translated += batch.translated;
        if (batch.remaining === 0 || batch.translated === 0) break;
      }
    }
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    await updatePretranslation(db, job, { status: 'failed', problem }).catch(() => {});
    throw error;
  }
  await updatePretranslation(db, job, { status: 'done', translated });
}
