import { TextField } from '@mui/material';
import { type PanelProps, usePanelTranslation } from '../kit/panel-kit';
import type { JumpContent } from './schema';

export function JumpPanel({ options, onOptionsChange, errors }: PanelProps<JumpContent>) {
  const t = usePanelTranslation();
  return (
    <TextField
      label={t('jump.note')}
      size="small"
      multiline
      minRows={2}
      value={options.note}
      onChange={(event) => onOptionsChange({ ...options, note: event.target.value })}
      helperText={errors.note ?? t('jump.help')}
      error={Boolean(errors.note)}
    />
  );
}
