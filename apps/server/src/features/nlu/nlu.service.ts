import type { Flow } from '@parley/flow';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';

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
