import {
  DEFAULT_GENERATIVE_SETTINGS,
  type GenerativeSettings,
  type GenerativeTab,
  type GenerativeTestResponse,
  type generativeTestRequestSchema,
  type saveGenerativeRequestSchema,
} from '@parley/contracts';
import { loadFlow } from '@parley/flow';
import { knowledgeRequestOf } from '@parley/modules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { ConflictException, NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { modelCallError } from '../ai/ai.service';
import { findBot, updateBot } from '../bots/bots.repository';
import { recordUsage } from '../llm/llm-usage.repository';
import { findVersionFlow } from '../publishing/publishing.repository';
import { renderPreview } from '../templates/preview';
import { answerFromKnowledge } from './generative-answer';
import { refuseUnusableSources, sourcesToChoose } from './source-choice';

async function botOf(ctx: AppContext, session: Session, botId: string) {
  const bot = isUuid(botId) ? await findBot(ctx.database.db, session.companyId, botId) : undefined;
  if (!bot) throw new NotFoundException('Bot not found');
  return bot;
}

const same = (a: GenerativeSettings, b: GenerativeSettings) => JSON.stringify(a) === JSON.stringify(b);

/** The tab as the draft holds it, with the sources to choose from. */
export async function generativeTab(
  ctx: AppContext,
  session: Session,
  botId: string,
): Promise<GenerativeTab> {
  const { db } = ctx.database;
  const bot = await botOf(ctx, session, botId);
  const draft = loadFlow(bot.draft_flow).settings.generative ?? DEFAULT_GENERATIVE_SETTINGS;
  const published =
    bot.published_version === null
      ? null
      : await findVersionFlow(db, session.companyId, botId, bot.published_version);
  const live = published ? (loadFlow(published).settings.generative ?? DEFAULT_GENERATIVE_SETTINGS) : null;
  const sources = await sourcesToChoose(db, session.companyId, { botId });
  return {
    settings: draft,
    sources: sources.map(({ id, name, state, error }) => ({ id, name, state, error })),
    model: { configured: Boolean(ctx.config.llm.apiKey), defaultModel: ctx.config.llm.defaultModel },
    draftRevision: bot.draft_revision,
    unpublished: live === null ? draft.enabled : !same(draft, live),
  };
}

/**
 * Checks what a person wrote: the instructions render, and the chosen sources are the bot's and
 * searchable (those the draft had chosen already are kept as they are).
 */
async function checkSettings(
  ctx: AppContext,
  session: Session,
  botId: string,
  settings: GenerativeSettings,
  kept: readonly string[],
) {
  renderPreview(settings.instructions, {}, 'Instructions');
  if (settings.allSources) return;
  await refuseUnusableSources(ctx.database.db, session.companyId, settings.sourceIds, {
    botId,
    kept,
    unknownMessage: 'These sources are not the bot’s',
    field: 'sourceIds',
  });
}

/** Saves the settings into the draft, if nobody saved the draft since they were read. */
export async function saveGenerative(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: z.output<typeof saveGenerativeRequestSchema>,
): Promise<GenerativeTab> {
  const bot = await botOf(ctx, session, botId);
  const flow = loadFlow(bot.draft_flow);
  const before = flow.settings.generative;
  await checkSettings(
    ctx,
    session,
    botId,
    request.settings,
    before?.allSources ? [] : (before?.sourceIds ?? []),
  );
  const saved = await updateBot(
    ctx.database.db,
    session.companyId,
    botId,
    {
      flow: { ...flow, settings: { ...flow.settings, generative: request.settings } },
      savedBy: session.userId,
    },
    request.baseRevision,
  );
  if (!saved) {
    throw new ConflictException(
      'Someone saved this bot after you opened these settings; reload them to see their changes',
    );
  }
  return generativeTab(ctx, session, botId);
}

/**
 * The test panel: the question answered under the settings as the form holds them, the way a
 * conversation's fallback would (the instructions rendered with no conversation variables).
 */
export async function testGenerative(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: z.output<typeof generativeTestRequestSchema>,
): Promise<GenerativeTestResponse> {
  const bot = await botOf(ctx, session, botId);
  const instructions = renderPreview(request.settings.instructions, {}, 'Instructions');
  try {
    const run = await answerFromKnowledge(
      ctx.database.db,
      ctx.conversations.engineServices.llm,
      {
        companyId: session.companyId,
        botId,
        defaultModel: ctx.config.llm.defaultModel,
        embedder: ctx.embedder,
      },
      knowledgeRequestOf(
        request.settings,
        { question: request.question, language: bot.language },
        instructions,
      ),
    );
    if (run.usage) {
      const usage = { companyId: session.companyId, botId, purpose: 'knowledge-test' as const, ...run.usage };
      await recordUsage(ctx.database.db, usage);
    }
    return {
      outcome: run.outcome,
      answer: run.text,
      citations: run.citations,
      retrieved: run.retrieved.map((row) => ({
        kind: row.kind,
        sourceId: row.sourceId,
        sourceName: row.sourceName,
        rowNumber: row.rowNumber,
        heading: row.heading,
        text: row.text,
        score: row.score,
        textScore: row.textScore,
        vectorScore: row.vectorScore,
        rank: row.rank,
        fusedScore: row.fusedScore,
        sent: row.sent,
        reason: row.reason,
        cells: row.cells,
      })),
      sentLimit: run.sentLimit,
      prompt: run.prompt,
      model: run.model,
      tokens: run.usage && { prompt: run.usage.promptTokens, completion: run.usage.completionTokens },
      semantic: run.semantic,
      retrievalMs: run.retrievalMs,
      durationMs: run.durationMs,
    };
  } catch (error) {
    throw modelCallError(error);
  }
}
