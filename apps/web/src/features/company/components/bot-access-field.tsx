import {
  Autocomplete,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { BotSummary } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Which bots a person may see: every bot of the company (null), or only those picked. Picking
 * "only these" starts with no bot chosen; the form asks for at least one before saving.
 */
export function BotAccessField({
  value,
  onChange,
  bots,
  error,
  disabled,
}: {
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  bots: BotSummary[];
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation('company');
  const chosen = value ?? [];
  const byId = new Map(bots.map((bot) => [bot.id, bot]));
  // A limit may name a bot outside the first page of the list: it stays chosen, under its id.
  const options = [...bots.map((bot) => bot.id), ...chosen.filter((id) => !byId.has(id))];
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('team.bots.label')}
      </FormLabel>
      <RadioGroup
        value={value === null ? 'all' : 'some'}
        onChange={(event) => onChange(event.target.value === 'all' ? null : chosen)}
      >
        <FormControlLabel value="all" control={<Radio size="small" />} label={t('team.bots.all')} />
        <FormControlLabel value="some" control={<Radio size="small" />} label={t('team.bots.some')} />
      </RadioGroup>
      {value !== null && (
        <Stack sx={{ mt: 1 }}>
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={options}
            value={chosen}
            disabled={disabled}
            onChange={(_event, ids) => onChange(ids)}
            getOptionLabel={(id) => byId.get(id)?.name ?? id}
            noOptionsText={t('team.bots.none')}
            renderOption={({ key, ...props }, id, { selected }) => (
              <li key={key} {...props}>
                <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} />
                {byId.get(id)?.name ?? id}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('team.bots.pick')}
                error={Boolean(error)}
                helperText={error ?? t('team.bots.help')}
              />
            )}
          />
        </Stack>
      )}
    </FormControl>
  );
}
