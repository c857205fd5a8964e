import type { BotMessage, MessageButton, MessageCard } from '@parley/contracts';
import type { GraphMessage } from '../../integrations/graph/graph-client';
import { splitText } from '../sunshine/sunshine-messages';
import { plainText } from './messenger-text';

/** The Send API's limits (developers.facebook.com/docs/messenger-platform/reference/send-api). */
export const MESSENGER_LIMITS = {
  text: 2000,
  quickReplies: 13,
  quickReplyTitle: 20,
  buttonTemplateText: 640,
  buttons: 3,
  buttonTitle: 20,
  elements: 10,
  elementTitle: 80,
  elementSubtitle: 80,
  payload: 1000,
} as const;

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

function buttonOf(button: MessageButton): Record<string, string> {
  const title = cut(button.label, MESSENGER_LIMITS.buttonTitle);
  if (button.kind === 'url') return { type: 'web_url', url: button.url ?? '', title };
  return { type: 'postback', title, payload: cut(button.payload ?? button.label, MESSENGER_LIMITS.payload) };
}

function elementOf(card: MessageCard) {
  const buttons = card.buttons.slice(0, MESSENGER_LIMITS.buttons).map(buttonOf);
  return {
    title: cut(card.title || ' ', MESSENGER_LIMITS.elementTitle),
    ...(card.subtitle ? { subtitle: cut(card.subtitle, MESSENGER_LIMITS.elementSubtitle) } : {}),
    ...(card.imageUrl ? { image_url: card.imageUrl } : {}),
    ...(buttons.length > 0 ? { buttons } : {}),
  };
}

/** Graph's generic template needs a title and one more field (subtitle, image or button). */
const templatable = (card: MessageCard) => Boolean(card.subtitle || card.imageUrl || card.buttons.length > 0);

const textsOf = (text: string, limit: number = MESSENGER_LIMITS.text) =>
  splitText(plainText(text) || ' ', limit);

const generic = (cards: MessageCard[]): GraphMessage => ({
  attachment: {
    type: 'template',
    payload: { template_type: 'generic', elements: cards.slice(0, MESSENGER_LIMITS.elements).map(elementOf) },
  },
});

/**
 * A bot's (or agent's) message as Send API messages: Markdown as plain text with its links
 * written out, split at 2000 characters; reply
 * buttons as quick replies (up to 13, titles cut to 20) on the last piece; buttons with a link as
 * a button template (up to 3; its text at most 640, longer text goes first on its own); a card
 * as a generic template, several as its carousel (up to 10).
 */
export function messengerMessages(message: BotMessage): GraphMessage[] {
  switch (message.type) {
    case 'text':
      return textsOf(message.text).map((text) => ({ text }));
    case 'buttons': {
      if (message.buttons.length === 0) return textsOf(message.text).map((text) => ({ text }));
      const links = message.buttons.some((button) => button.kind === 'url');
      if (!links) {
        const pieces = textsOf(message.text);
        const last = pieces.pop() ?? ' ';
        return [
          ...pieces.map((text) => ({ text })),
          {
            text: last,
            quick_replies: message.buttons.slice(0, MESSENGER_LIMITS.quickReplies).map((button) => ({
              content_type: 'text',
              title: cut(button.label, MESSENGER_LIMITS.quickReplyTitle),
              payload: cut(button.payload ?? button.label, MESSENGER_LIMITS.payload),
            })),
          },
        ];
      }
      const pieces = textsOf(message.text, MESSENGER_LIMITS.buttonTemplateText);
      const last = pieces.pop() ?? ' ';
      return [
        ...pieces.map((text) => ({ text })),
        {
          attachment: {
            type: 'template',
            payload: {
              template_type: 'button',
              text: last,
              buttons: message.buttons.slice(0, MESSENGER_LIMITS.buttons).map(buttonOf),
            },
          },
        },
      ];
    }
    case 'card':
      return templatable(message.card)
        ? [generic([message.card])]
        : textsOf(message.card.title).map((text) => ({ text }));
    case 'carousel': {
      const cards = message.cards.slice(0, MESSENGER_LIMITS.elements);
      if (cards.length === 0) return [];
      if (cards.some(templatable)) return [generic(cards)];
      return textsOf(cards.map((card) => card.title).join('\n')).map((text) => ({ text }));
    }
  }
}
