import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import type { AudienceCondition, AudienceField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/** Fields a condition can test, in the order the menu offers them. */
export const audienceFields: AudienceField[] = [
  'variable',
  'bot',
  'channel',
  'language',
  'country',
  'firstSeen',
  'lastSeen',
  'goal',
  'tag',
  'handoff',
];

/** The channels contacts come from today; the filter itself takes any channel name. */
export const knownChannels = ['webchat', 'sunshine', 'messenger'];

const startOfToday = () => {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today.toISOString();
};

/** A new condition of a field, with defaults that already mean something. */
export function newCondition(field: AudienceField, botIds: string[]): AudienceCondition {
  switch (field) {
    case 'variable':
      return { field, name: '', op: 'isSet', value: '' };
    case 'bot':
      return { field, botIds: botIds.slice(0, 1) };
    case 'channel':
      return { field, channels: ['webchat'] };
    case 'language':
      return { field, languages: ['en'] };
    case 'country':
      return { field, countries: ['ES'] };
    case 'firstSeen':
    case 'lastSeen':
      return { field, op: 'after', at: startOfToday() };
    case 'goal':
      return { field, reached: true };
    case 'handoff':
      return { field, handedOff: true };
    case 'tag':
      return { field, tag: '', visited: true };
  }
}

/** `2026-11-28T10:00:00.000Z` → the `datetime-local` value in the person's own time. */
const localValue = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** One condition of the builder: its field, then the editors that field needs. */
export function ConditionEditor({
  condition,
  bots,
  onChange,
  onRemove,
}: {
  condition: AudienceCondition;
  bots: { id: string; name: string }[];
  onChange: (condition: AudienceCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('audiences');
  const ids = bots.map((bot) => bot.id);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <TextField
        select
        size="small"
        label={t('condition.field')}
        value={condition.field}
        onChange={(event) => onChange(newCondition(event.target.value as AudienceField, ids))}
        sx={{ minWidth: 230 }}
      >
        {audienceFields.map((field) => (
          <MenuItem key={field} value={field}>
            {t(`fields.${field}`)}
          </MenuItem>
        ))}
      </TextField>
      <FieldEditor condition={condition} bots={bots} onChange={onChange} />
      <Tooltip title={t('condition.remove')}>
        <IconButton aria-label={t('condition.remove')} onClick={onRemove}>
          <DeleteOutlineRounded />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function FieldEditor({
  condition,
  bots,
  onChange,
}: {
  condition: AudienceCondition;
  bots: { id: string; name: string }[];
  onChange: (condition: AudienceCondition) => void;
}) {
  const { t } = useTranslation('audiences');
  switch (condition.field) {
    case 'variable':
      return (
        <>
          <TextField
            size="small"
            label={t('condition.variable')}
            value={condition.name}
            onChange={(event) => onChange({ ...condition, name: event.target.value.trim() })}
          />
          <TextField
            select
            size="small"
            label={t('condition.operator')}
            value={condition.op}
            onChange={(event) => onChange({ ...condition, op: event.target.value as typeof condition.op })}
            sx={{ minWidth: 150 }}
          >
            {(['equals', 'contains', 'greaterThan', 'lessThan', 'isSet', 'isNotSet'] as const).map((op) => (
              <MenuItem key={op} value={op}>
                {t(`operators.${op}`)}
              </MenuItem>
            ))}
          </TextField>
          {condition.op !== 'isSet' && condition.op !== 'isNotSet' && (
            <TextField
              size="small"
              label={t('condition.value')}
              value={condition.value}
              onChange={(event) => onChange({ ...condition, value: event.target.value })}
            />
          )}
        </>
      );
    case 'bot':
      return (
        <TextField
          select
          size="small"
          label={t('fields.bot')}
          value={condition.botIds}
          slotProps={{ select: { multiple: true } }}
          onChange={(event) => onChange({ ...condition, botIds: [event.target.value].flat() as string[] })}
          sx={{ minWidth: 220 }}
        >
          {bots.map((bot) => (
            <MenuItem key={bot.id} value={bot.id}>
              {bot.name}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'channel':
      return (
        <TextField
          select
          size="small"
          label={t('fields.channel')}
          value={condition.channels}
          slotProps={{ select: { multiple: true } }}
          onChange={(event) => onChange({ ...condition, channels: [event.target.value].flat() as string[] })}
          sx={{ minWidth: 220 }}
        >
          {knownChannels.map((channel) => (
            <MenuItem key={channel} value={channel}>
              {t(`channels.${channel}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'language':
      return (
        <TextField
          size="small"
          label={t('condition.languages')}
          helperText={t('condition.languagesHelp')}
          value={condition.languages.join(', ')}
          onChange={(event) =>
            onChange({
              ...condition,
              languages: event.target.value
                .split(',')
                .map((code) => code.trim().toLowerCase())
                .filter(Boolean),
            })
          }
        />
      );
    case 'country':
      return (
        <TextField
          size="small"
          label={t('condition.countries')}
          helperText={t('condition.countriesHelp')}
          value={condition.countries.join(', ')}
          onChange={(event) =>
            onChange({
              ...condition,
              countries: event.target.value
                .split(',')
                .map((code) => code.trim().toUpperCase())
                .filter(Boolean),
            })
          }
        />
      );
    case 'firstSeen':
    case 'lastSeen':
      return (
        <>
          <TextField
            select
            size="small"
            label={t('condition.when')}
            value={condition.op}
            onChange={(event) => onChange({ ...condition, op: event.target.value as 'after' | 'before' })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="after">{t('operators.after')}</MenuItem>
            <MenuItem value="before">{t('operators.before')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="datetime-local"
            label={t('condition.date')}
            value={localValue(condition.at)}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(event) =>
              event.target.value && onChange({ ...condition, at: new Date(event.target.value).toISOString() })
            }
          />
        </>
      );
    case 'goal':
      return (
        <TextField
          select
          size="small"
          label={t('fields.goal')}
          value={condition.reached ? 'yes' : 'no'}
          onChange={(event) => onChange({ ...condition, reached: event.target.value === 'yes' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="yes">{t('condition.goalReached')}</MenuItem>
          <MenuItem value="no">{t('condition.goalNotReached')}</MenuItem>
        </TextField>
      );
    case 'tag':
      return (
        <>
          <TextField
            select
            size="small"
            label={t('condition.when')}
            value={condition.visited ? 'yes' : 'no'}
            onChange={(event) => onChange({ ...condition, visited: event.target.value === 'yes' })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="yes">{t('condition.tagVisited')}</MenuItem>
            <MenuItem value="no">{t('condition.tagNotVisited')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={t('condition.tag')}
            value={condition.tag}
            onChange={(event) => onChange({ ...condition, tag: event.target.value })}
          />
        </>
      );
    case 'handoff':
      return (
        <TextField
          select
          size="small"
          label={t('fields.handoff')}
          value={condition.handedOff ? 'yes' : 'no'}
          onChange={(event) => onChange({ ...condition, handedOff: event.target.value === 'yes' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="yes">{t('condition.handedOff')}</MenuItem>
          <MenuItem value="no">{t('condition.notHandedOff')}</MenuItem>
        </TextField>
      );
  }
}
