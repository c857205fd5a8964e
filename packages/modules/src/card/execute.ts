import type { MessageCard } from '@parley/contracts';
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

export const cardRuntime: ModuleRuntime<CardContent> = {
  enter(content, context) {
    context.send({ type: 'card', card: renderCard(content.card, context) });
    return cardsWait([content.card]) ? { kind: 'wait' } : { kind: 'continue', port: 'next' };
  },
  acknowledge: (content, input, context) =>
    acknowledgeButtons(context.moduleId, content.card.buttons, input, context),
  receive: (content, input, context) =>
    receiveButtons(context.moduleId, content.card.buttons, input, context),
};
