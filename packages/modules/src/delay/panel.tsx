import { MenuItem, Stack, TextField } from '@mui/material';
import { NumberField, type PanelProps, usePanelTranslation } from '../kit/panel-kit';
import type { DelayContent } from './schema';

const units = [
  { id: 'days', seconds: 86_400 },
  { id: 'hours', seconds: 3_600 },
  { id: 'minutes', seconds: 60 },
  { id: 'seconds', seconds: 1 },
] as const;

/** The largest unit that divides the delay evenly (90 s reads as 90 seconds, 7200 s as 2 hours). */
const unitOf = (seconds: number) => units.find((unit) => seconds % unit.seconds === 0) ?? units[3];

export function DelayPanel({ options, onOptionsChange, errors }: PanelProps<DelayContent>) {
  const t = usePanelTranslation();
  const unit = unitOf(options.seconds || 1);
  return (
    <Stack direction="row" spacing={1}>
      <NumberField
        label={t('delay.wait')}
        min={1}
        value={options.seconds ? options.seconds / unit.seconds : undefined}
        onChange={(amount) =>
          onOptionsChange({
            ...options,
            seconds: amount === undefined ? Number.NaN : Math.round(amount * unit.seconds),
          })
        }
        error={errors.seconds}
      />
      <TextField
        select
        size="small"
        label={t('delay.unit')}
        value={unit.id}
        sx={{ minWidth: 130 }}
        onChange={(event) => {
          const next = units.find((candidate) => candidate.id === event.target.value) ?? unit;
          onOptionsChange({ ...options, seconds: (options.seconds / unit.seconds) * next.seconds });
        }}
      >
        {units.map((candidate) => (
          <MenuItem key={candidate.id} value={candidate.id}>
            {t(`delay.${candidate.id}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
