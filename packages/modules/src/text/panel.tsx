import { type PanelProps, TemplateField, usePanelTranslation } from '../kit/panel-kit';
import type { TextContent } from './schema';

export function TextPanel({ options, onOptionsChange, errors }: PanelProps<TextContent>) {
  const t = usePanelTranslation();
  return (
    <TemplateField
      label={t('text.text')}
      multiline
      markdown
      value={options.text}
      onChange={(text) => onOptionsChange({ ...options, text })}
      helperText={t('text.help')}
      error={errors.text}
    />
  );
}
