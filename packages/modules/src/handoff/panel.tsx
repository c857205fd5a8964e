import { TextField } from '@mui/material';
import { type PanelProps, TemplateField, usePanelTranslation } from '../kit/panel-kit';
import type { HandoffContent } from './schema';

export function HandoffPanel({ options, onOptionsChange, errors }: PanelProps<HandoffContent>) {
  const t = usePanelTranslation();
  return (
    <>
      <TemplateField
        label={t('handoff.message')}
        multiline
        markdown
        value={options.message}
        onChange={(message) => onOptionsChange({ ...options, message })}
        error={errors.message}
      />
      <TextField
        label={t('handoff.reason')}
        size="small"
        value={options.reason}
        onChange={(event) => onOptionsChange({ ...options, reason: event.target.value })}
        helperText={errors.reason ?? t('handoff.reasonHelp')}
        error={Boolean(errors.reason)}
      />
    </>
  );
}
