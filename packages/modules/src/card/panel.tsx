import { ButtonListEditor } from '../kit/button-list-editor';
import { nextId, type PanelProps, PanelSection, TemplateField, usePanelTranslation } from '../kit/panel-kit';
import type { Card, CardContent } from './schema';

/** One card's fields, shared with the Carousel panel. */
export function CardFields({
  card,
  onChange,
  errors,
  path,
  newButtonId,
}: {
  card: Card;
  onChange(card: Card): void;
  errors: Record<string, string>;
  path: string;
  newButtonId(): string;
}) {
  const t = usePanelTranslation();
  // Empty optional fields are left out rather than saved as empty strings.
  const optional = (value: string) => (value === '' ? undefined : value);
  return (
    <>
      <TemplateField
        label={t('card.title')}
        value={card.title}
        onChange={(title) => onChange({ ...card, title })}
        error={errors[`${path}.title`]}
      />
      <TemplateField
        label={t('card.subtitle')}
        multiline
        value={card.subtitle ?? ''}
        onChange={(subtitle) => onChange({ ...card, subtitle: optional(subtitle) })}
        error={errors[`${path}.subtitle`]}
      />
      <TemplateField
        label={t('card.imageUrl')}
        value={card.imageUrl ?? ''}
        onChange={(imageUrl) => onChange({ ...card, imageUrl: optional(imageUrl) })}
        placeholder="https://"
        error={errors[`${path}.imageUrl`]}
      />
      <PanelSection title={t('kit.buttons')}>
        <ButtonListEditor
          buttons={card.buttons}
          onChange={(buttons) => onChange({ ...card, buttons })}
          errors={errors}
          path={`${path}.buttons`}
          max={3}
          newId={newButtonId}
        />
      </PanelSection>
    </>
  );
}

export function CardPanel({ options, onOptionsChange, errors }: PanelProps<CardContent>) {
  return (
    <CardFields
      card={options.card}
      onChange={(card) => onOptionsChange({ ...options, card })}
      errors={errors}
      path="card"
      newButtonId={() =>
        nextId(
          'b',
          options.card.buttons.map((button) => button.id),
        )
      }
    />
  );
}
