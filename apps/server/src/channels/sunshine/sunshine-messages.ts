import type { BotMessage, MessageButton, MessageCard } from '@parley/contracts';
import type { SunshineContent } from '../../integrations/sunshine/sunshine-client';

/** The suite's limit on a text message's length; longer texts go out in several messages. */
export const SUNSHINE_TEXT_LIMIT = 4096;
/** Actions a message may carry (the suite refuses more). */
const MAX_ACTIONS = 10;
/** Items a carousel may carry. */
const MAX_ITEMS = 10;

/**
 * Cuts a text into pieces of at most `limit` characters, at a paragraph, line or word break
 * when there is one in the piece's second half (never in the middle of a word otherwise).
 */
export function splitText(text: string, limit = SUNSHINE_TEXT_LIMIT): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const at = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const cut = at > limit / 2 ? at : limit;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}

/** A button as the suite's action: reply buttons post back their payload, links open their page. */
function actionOf(button: MessageButton): Record<string, string> {
  if (button.kind === 'url') return { type: 'link', text: button.label, uri: button.url ?? '' };
  return { type: 'postback', text: button.label, payload: button.payload ?? button.label };
}

function itemOf(card: MessageCard) {
  return {
    title: card.title,
    ...(card.subtitle ? { description: card.subtitle } : {}),
    ...(card.imageUrl ? { mediaUrl: card.imageUrl } : {}),
    // A carousel item needs an action; a card without buttons offers its title as a reply.
    actions: (card.buttons.length > 0
      ? card.buttons
      : [{ id: 'title', label: card.title, kind: 'reply' as const, payload: card.title }]
    )
      .slice(0, 3)
      .map(actionOf),
  };
}

/**
 * A bot's (or agent's) message as the suite's message contents: Markdown text (split at the
 * suite's limit), buttons as postback or link actions on the text, a card alone as an image with
 * its buttons (or text), several cards as the suite's carousel.
 */
export function sunshineContents(message: BotMessage): SunshineContent[] {
  switch (message.type) {
    case 'text':
      return splitText(message.text).map((text) => ({ type: 'text', text }));
    case 'buttons': {
      const pieces = splitText(message.text || ' ');
      const last = pieces.pop() ?? ' ';
      return [
        ...pieces.map((text) => ({ type: 'text', text })),
        { type: 'text', text: last, actions: message.buttons.slice(0, MAX_ACTIONS).map(actionOf) },
      ];
    }
    case 'card':
      return [{ type: 'carousel', items: [itemOf(message.card)] }];
    case 'carousel':
      return [{ type: 'carousel', items: message.cards.slice(0, MAX_ITEMS).map(itemOf) }];
  }
}
