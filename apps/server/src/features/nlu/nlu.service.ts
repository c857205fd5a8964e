import type { PredictIntentResponse } from '@parley/contracts';
import type { Flow } from '@parley/flow';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Session } from '../../plugins/authenticate';
import { getBot } from '../bots/bots.service';

/**
 * Starts training a saved bot's intent model in the background (published versions with the same
 * intents share it), so that its next message is likely to find it ready. Never waited for.
 */
export function prepareIntentModel(ctx: AppContext, botId: string, flow: Flow, log: FastifyBaseLogger): void {
  if (flow.intents.length === 0) return;
  ctx.conversations.nlu
    .prepare(flow.settings.language, flow.intents, botId)
    .catch((error: unknown) => log.warn({ err: error, botId }, 'the intent model could not be trained'));
}

/** How many predictions the try-it box shows. */
const SHOWN_PREDICTIONS = 5;

/**
 * What the model of the bot's draft intents predicts for `text` (the builder's try-it box). The
 * model is the one conversations with the draft use; while it trains, the answer says so rather
 * than showing what the bot's previous intents predict.
 */
export async function predictWithDraft(
  ctx: AppContext,
  session: Session,
  botId: string,
  text: string,
): Promise<PredictIntentResponse> {
  const bot = await getBot(ctx, session, botId);
  const draftRevision = bot.draft_revision;
  const { intents, settings } = bot.flow;
  if (!intents.some((intent) => intent.utterances.length > 0)) return { status: 'no-intents', draftRevision };
  const result = await ctx.conversations.nlu.predict(settings.language, intents, text, botId);
  if (result.model?.status === 'training') return { status: 'training', draftRevision };
  if (result.model?.status === 'refused')
    return {
      status: 'refused',
      reason: result.model.reason ?? 'The model could not be trained',
      draftRevision,
    };
  return {
    status: 'ready',
    predictions: result.predictions
      .slice(0, SHOWN_PREDICTIONS)
      .map(({ intent, confidence }) => ({ intent, confidence: Math.min(1, Math.max(0, confidence)) })),
    draftRevision,
  };
}
