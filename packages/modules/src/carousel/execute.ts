import type { BotMessage } from '@parley/kit';
import { renderCard } from '../card/execute';
import { cardsWait } from '../card/schema';
import { acknowledgeButtons, receiveButtons } from '../kit/buttons';
import type { ExecutionContext, ModuleRuntime } from '../kit/module-kit';
import type { CarouselContent } from './schema';

const allButtons = (content: CarouselContent) => content.cards.flatMap((card) => card.buttons);

const carouselMessage = (content: CarouselContent, context: ExecutionContext): BotMessage => ({
  type: 'carousel',
  cards: content.cards.map((card) => renderCard(card, context)),
});

export const carouselRuntime: ModuleRuntime<CarouselContent> = {
  enter(content, context) {
    context.send(carouselMessage(content, context));
    return cardsWait(content.cards) ? { kind: 'wait' } : { kind: 'continue', port: 'next' };
  },
  offerAgain: carouselMessage,
  acknowledge: (content, input, context) =>
    acknowledgeButtons(context.moduleId, allButtons(content), input, context),
  receive: (content, input, context) => receiveButtons(context.moduleId, allButtons(content), input, context),
};
