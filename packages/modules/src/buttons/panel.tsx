import { ButtonListEditor } from '../kit/button-list-editor';
import { nextId, type PanelProps, PanelSection, TemplateField, usePanelTranslation } from '../kit/panel-kit';
import type { ButtonsContent } from './schema';

export function ButtonsPanel({ options, onOptionsChange, errors }: PanelProps<ButtonsContent>) {
  const t = usePanelTranslation();
  return (
    <>
      <TemplateField
        label={t('buttons.text')}
        multiline
        markdown
        value={options.text}
        onChange={(text) => onOptionsChange({ ...options, text })}
        error={errors.text}
      />
      <PanelSection title={t('kit.buttons')}>
        <ButtonListEditor
          buttons={options.buttons}
          onChange={(buttons) => onOptionsChange({ ...options, buttons })}
          errors={errors}
          path="buttons"
          max={13}
          newId={() =>
            nextId(
              'b',
              options.buttons.map((button) => button.id),
            )
          }
        />
      </PanelSection>
    </>
  );
}
