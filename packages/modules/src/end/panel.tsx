import { type PanelProps, TemplateField, usePanelTranslation } from '../kit/panel-kit';
import type { EndContent } from './schema';

export function EndPanel({ options, onOptionsChange, errors }: PanelProps<EndContent>) {
  const t = usePanelTranslation();
  return (
    <TemplateField
      label={t('end.message')}
      multiline
      markdown
      value={options.message}
      onChange={(message) => onOptionsChange({ ...options, message })}
      helperText={t('end.help')}
      error={errors.message}
    />
  );
}
