import type { WebchatOpening } from '@parley/contracts';
import { type BotMessage, EVENT } from '@parley/contracts';
import { type EngineServices, newConversationState, runTurn } from '@parley/engine';
import { OutsideCallFailed } from '@parley/modules';
import type { AppContext } from '../../context';
import type { Session } from '../../plugins/authenticate';
import { getBot } from '../bots/bots.service';

/** The preview calls nobody: a model, a webhook or a store would answer a real visitor only. */
const offline = (): Promise<never> =>
  Promise.reject(
    new OutsideCallFailed({
      reason: 'not_configured',
      message: 'The styling preview makes no outside calls',
    }),
  );

/**
 * What the bot's draft says when a conversation starts: its start turn run in memory (nothing
 * stored, no outside call), up to the first module that would call out. That module's failure
 * path is what a visitor would never see, so neither it nor what follows is shown.
 */
export async function openingOf(ctx: AppContext, session: Session, botId: string): Promise<WebchatOpening> {
  const bot = await getBot(ctx, session, botId);
  const { engineServices, nlu } = ctx.conversations;
  const services: EngineServices = {
    ...engineServices,
    llm: { complete: offline },
    http: { request: offline },
    webhooks: { deliver: offline },
    knowledge: { answer: offline },
    store: { call: offline },
    agents: { run: offline },
  };
  const meta = {
    botId: bot.id,
    deploymentId: 'preview',
    conversationId: 'preview',
    companyId: session.companyId,
    channel: 'webchat',
  };
  const { events, trace } = await runTurn(
    bot.flow,
    newConversationState(),
    { type: 'start' },
    services,
    meta,
    nlu,
  );
  const stoppedAt = trace.find((step) => step.failure || step.error)?.from ?? null;
  const messages: BotMessage[] = [];
  for (const event of events) {
    if (stoppedAt !== null && event.dimensions['Bot Module ID'] === stoppedAt) break;
    if (event.name === EVENT.MessageSent) messages.push(...(event.dimensions['Bot Original Message'] ?? []));
  }
  return { messages };
}
