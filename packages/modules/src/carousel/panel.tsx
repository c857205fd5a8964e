import { CardFields } from '../card/panel';
import { AddButton, ListItemCard, nextId, type PanelProps, usePanelTranslation } from '../kit/panel-kit';
import type { CarouselContent } from './schema';

export function CarouselPanel({ options, onOptionsChange, errors }: PanelProps<CarouselContent>) {
  const t = usePanelTranslation();
  // Button ids are unique across the cards: each is a port of the module.
  const newButtonId = () =>
    nextId(
      'b',
      options.cards.flatMap((card) => card.buttons.map((button) => button.id)),
    );
  return (
    <>
      {options.cards.map((card, index) => (
        <ListItemCard
          // Cards have no ids; their place in the carousel is what they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          label={t('carousel.card', { number: index + 1 })}
          removable={options.cards.length > 1}
          onRemove={() =>
            onOptionsChange({ ...options, cards: options.cards.filter((_, at) => at !== index) })
          }
        >
          <CardFields
            card={card}
            onChange={(next) =>
              onOptionsChange({
                ...options,
                cards: options.cards.map((old, at) => (at === index ? next : old)),
              })
            }
            errors={errors}
            path={`cards.${index}`}
            newButtonId={newButtonId}
          />
        </ListItemCard>
      ))}
      <AddButton
        label={t('carousel.addCard')}
        disabled={options.cards.length >= 10}
        onClick={() =>
          onOptionsChange({
            ...options,
            cards: [
              ...options.cards,
              { title: t('carousel.card', { number: options.cards.length + 1 }), buttons: [] },
            ],
          })
        }
      />
    </>
  );
}
