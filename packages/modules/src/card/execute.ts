import type { BotMessage, MessageCard } from '@parley/kit';
import { acknowledgeButtons, receiveButtons, renderButtons } from '../kit/buttons';
import type { ExecutionContext, ModuleRuntime } from '../kit/module-kit';
import { type Card, type CardContent, cardsWait } from './schema';

export function renderCard(card: Card, context: ExecutionContext): MessageCard {
  const subtitle = card.subtitle ? context.render(card.subtitle) : undefined;
  const imageUrl = card.imageUrl ? context.render(card.imageUrl) : undefined;
  return {
    title: context.render(card.title),
    ...(subtitle ? { subtitle } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    buttons: renderButtons(context.moduleId, card.buttons, context),
  };
}

const cardMessage = (content: CardContent, context: ExecutionContext): BotMessage => ({
  type: 'card',
  card: renderCard(content.card, context),
});

export const cardRuntime: ModuleRuntime<CardContent> = {
  enter(content, context) {
    context.send(cardMessage(content, context));
    return cardsWait([content.card]) ? { kind: 'wait' } : { kind: 'continue', port: 'next' };
  },
  offerAgain: cardMessage,
  acknowledge: (content, input, context) =>
    acknowledgeButtons(context.moduleId, content.card.buttons, input, context),
  receive: (content, input, context) =>
    receiveButtons(context.moduleId, content.card.buttons, input, context),
};
