import type { WebchatStrings } from '@parley/contracts';
import type { BotMessageOf, BotMessageType, MessageCitation } from '@parley/kit';
import { safeImageUrl, safeLinkUrl } from '@parley/kit/safe-url';
import type { BotMessage, MessageButton, MessageCard } from '@parley/sdk';
import type { ComponentChild } from 'preact';
import { useRef } from 'preact/hooks';
import { RichText } from './rich-text';
import type { ShownMessage } from './use-conversation';

export type Press = (button: MessageButton) => void;

function Buttons({
  buttons,
  onPress,
  active,
}: {
  buttons: MessageButton[];
  onPress: Press;
  active: boolean;
}) {
  return (
    <div class="pc-buttons">
      {buttons.map((button) => {
        const href = button.kind === 'url' && button.url ? safeLinkUrl(button.url) : null;
        return href ? (
          <a key={button.id} class="pc-button" href={href} target="_blank" rel="noopener noreferrer nofollow">
            {button.label}
          </a>
        ) : (
          <button
            key={button.id}
            type="button"
            class="pc-button"
            disabled={!active}
            onClick={() => onPress(button)}
          >
            {button.label}
          </button>
        );
      })}
    </div>
  );
}

function Card({ card, onPress, active }: { card: MessageCard; onPress: Press; active: boolean }) {
  const image = card.imageUrl ? safeImageUrl(card.imageUrl) : null;
  return (
    <article class="pc-card" aria-label={card.title}>
      {image && <img src={image} alt="" loading="lazy" />}
      <div class="pc-card-body">
        <h3>{card.title}</h3>
        {card.subtitle && <p>{card.subtitle}</p>}
      </div>
      {card.buttons.length > 0 && <Buttons buttons={card.buttons} onPress={onPress} active={active} />}
    </article>
  );
}

function Carousel(props: { cards: MessageCard[]; onPress: Press; active: boolean; strings: WebchatStrings }) {
  const { cards, onPress, active, strings } = props;
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * 240, behavior: 'smooth' });
  return (
    <div class="pc-carousel">
      <ul ref={track}>
        {cards.map((card, index) => (
          <li key={index}>
            <Card card={card} onPress={onPress} active={active} />
          </li>
        ))}
      </ul>
      {cards.length > 1 && (
        <div class="pc-carousel-nav">
          <button type="button" aria-label={strings.previous} onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" aria-label={strings.next} onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}

interface BodyProps<M extends BotMessage> {
  message: M;
  role: ShownMessage['role'];
  onPress: Press;
  active: boolean;
  strings: WebchatStrings;
}

/**
 * Where an answer from the bot's knowledge came from, numbered as the answer cites them: the
 * source, the row (`#12`) and the row's key columns. Names and numbers only, so no words to translate.
 */
function Citations({ citations }: { citations: MessageCitation[] }) {
  return (
    <ol class="pc-citations">
      {citations.map((citation, index) => (
        <li key={`${citation.sourceId}:${citation.rowNumber ?? index}`}>
          <span class="pc-citation-number">[{index + 1}]</span> {citation.sourceName}
          {citation.rowNumber !== undefined && ` · #${citation.rowNumber}`}
          {citation.heading && ` · ${citation.heading}`}
          {citation.keys.length > 0 &&
            ` · ${citation.keys.map((key) => `${key.column}: ${key.value}`).join(', ')}`}
        </li>
      ))}
    </ol>
  );
}

/** How the widget draws each kind of message (a new kind in @parley/kit must add its view). */
const messageBodies = {
  text: ({ message, role }) => (
    <div class="pc-bubble">
      {role === 'user' ? message.text : <RichText text={message.text} />}
      {message.citations && message.citations.length > 0 && <Citations citations={message.citations} />}
    </div>
  ),
  buttons: ({ message, onPress, active }) => (
    <>
      <div class="pc-bubble">
        <RichText text={message.text} />
      </div>
      <Buttons buttons={message.buttons} onPress={onPress} active={active} />
    </>
  ),
  card: ({ message, onPress, active }) => <Card card={message.card} onPress={onPress} active={active} />,
  carousel: ({ message, onPress, active, strings }) => (
    <Carousel cards={message.cards} onPress={onPress} active={active} strings={strings} />
  ),
} satisfies { [K in BotMessageType]: (props: BodyProps<BotMessageOf<K>>) => ComponentChild };

/**
 * One message. Reply buttons work on the latest bot message only: older choices are history.
 */
export function MessageView(props: {
  shown: ShownMessage;
  strings: WebchatStrings;
  active: boolean;
  onPress: Press;
  onRetry(): void;
}) {
  const { shown, strings, active, onPress } = props;
  const { message, role } = shown;
  const from = role === 'user' ? 'pc-from-user' : role === 'agent' ? 'pc-from-agent' : 'pc-from-bot';
  const Body = messageBodies[message.type] as (props: BodyProps<BotMessage>) => ComponentChild;
  return (
    <div class={`pc-row ${from}`} data-delivery={shown.delivery}>
      {role === 'agent' && <span class="pc-label">{strings.agent}</span>}
      <Body message={message} role={role} onPress={onPress} active={active} strings={strings} />
      {shown.delivery === 'failed' && (
        <button type="button" class="pc-retry" onClick={props.onRetry}>
          {strings.notSent}
        </button>
      )}
    </div>
  );
}
