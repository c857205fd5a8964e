import FilterListRounded from '@mui/icons-material/FilterListRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  Badge,
  Box,
  Button,
  Chip,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Popover,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { InboxStatus } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type InboxView } from '../model/inbox-view';
import { channelLabel, knownChannels } from './channel-icon';

const STATUSES: (InboxStatus | 'all')[] = ['all', 'waiting', 'with_agent', 'active', 'expired', 'ended'];
type SearchIn = 'q' | 'user';

/** Words in messages or a person's name, email or id; sent a moment after typing stops. */
function SearchField({ view, onChange }: { view: InboxView; onChange: (patch: Partial<InboxView>) => void }) {
  const { t } = useTranslation('inbox');
  const [searchIn, setSearchIn] = useState<SearchIn>(view.user && !view.q ? 'user' : 'q');
  const current = view[searchIn] ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (text.trim() === current) return;
    const timer = setTimeout(
      () => onChange({ q: undefined, user: undefined, [searchIn]: text.trim() || undefined }),
      350,
    );
    return () => clearTimeout(timer);
  }, [text, current, searchIn, onChange]);

  return (
    <TextField
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value.slice(0, 200))}
      placeholder={searchIn === 'q' ? t('filters.searchMessages') : t('filters.searchPeople')}
      sx={{ flex: 1 }}
      slotProps={{
        htmlInput: { 'aria-label': t('filters.search'), type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: (
            <Select
              variant="standard"
              disableUnderline
              value={searchIn}
              onChange={(event) => {
                const next = event.target.value as SearchIn;
                setSearchIn(next);
                if (text.trim()) onChange({ q: undefined, user: undefined, [next]: text.trim() });
              }}
              inputProps={{ 'aria-label': t('filters.searchIn') }}
              sx={{ fontSize: 13, color: 'text.secondary', '& .MuiSelect-select': { py: 0 } }}
            >
              <MenuItem value="q">{t('filters.inMessages')}</MenuItem>
              <MenuItem value="user">{t('filters.inPeople')}</MenuItem>
            </Select>
          ),
        },
      }}
    />
  );
}

/** Search, status views (Waiting with its live count) and the other filters, all kept in the address. */
export function InboxFilters({
  view,
  waiting,
  total,
  onChange,
}: {
  view: InboxView;
  waiting: number | undefined;
  total: { count: number; capped: boolean } | undefined;
  onChange: (patch: Partial<InboxView>) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const extra = activeFilterCount({ ...view, status: undefined, q: undefined, user: undefined });
  const number = (value: number) => value.toLocaleString(i18n.resolvedLanguage);

  return (
    <Stack spacing={1.25} sx={{ p: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Stack direction="row" spacing={1}>
        <SearchField view={view} onChange={onChange} />
        <Badge badgeContent={extra} color="primary" overlap="circular">
          <Button
            variant="outlined"
            color="inherit"
            onClick={(event) => setAnchor(event.currentTarget)}
            aria-label={t('filters.more')}
            sx={{ minWidth: 0, px: 1.25, height: 40, borderColor: 'divider' }}
          >
            <FilterListRounded />
          </Button>
        </Badge>
      </Stack>
      <Stack
        direction="row"
        spacing={0.75}
        useFlexGap
        flexWrap="wrap"
        role="group"
        aria-label={t('filters.status')}
      >
        {STATUSES.map((status) => {
          const selected = (view.status ?? 'all') === status;
          return (
            <Chip
              key={status}
              clickable
              size="small"
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-pressed={selected}
              onClick={() => onChange({ status: status === 'all' ? undefined : status })}
              label={
                status === 'waiting' && waiting !== undefined
                  ? t('filters.waitingCount', { count: waiting })
                  : t(status === 'all' ? 'filters.all' : `status.${status}`)
              }
              sx={{
                fontWeight: 600,
                ...(status === 'waiting' && waiting && !selected
                  ? { borderColor: '#f59e0b', color: '#92400e' }
                  : {}),
              }}
            />
          );
        })}
      </Stack>
      <Typography
        variant="caption"
        color="text.secondary"
        aria-live="polite"
        data-testid="conversation-counter"
      >
        {total
          ? total.capped
            ? t('filters.countCapped', { count: total.count, number: number(total.count) })
            : t('filters.count', { count: total.count, number: number(total.count) })
          : '\u00a0'}
      </Typography>

      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack
          spacing={2}
          sx={{ p: 2, width: 360, maxWidth: '100vw' }}
          role="group"
          aria-label={t('filters.more')}
        >
          <Typography variant="h4" component="h2">
            {t('filters.more')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('filters.channel')}
            value={view.channel ?? ''}
            onChange={(event) => onChange({ channel: event.target.value || undefined })}
          >
            <MenuItem value="">{t('filters.anyChannel')}</MenuItem>
            {[...new Set([...knownChannels, ...(view.channel ? [view.channel] : [])])].map((channel) => (
              <MenuItem key={channel} value={channel}>
                {channelLabel(channel, t)}
              </MenuItem>
            ))}
          </TextField>
          {/* Each date field is wide enough for the whole date and the picker button in any
              language ("mm/dd/yyyy", "dd/mm/aaaa"); on a narrow screen the second goes below. */}
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <TextField
              size="small"
              type="date"
              label={t('filters.from')}
              value={view.from ?? ''}
              onChange={(event) => onChange({ from: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: view.to } }}
              sx={{ flex: '1 1 156px' }}
            />
            <TextField
              size="small"
              type="date"
              label={t('filters.to')}
              value={view.to ?? ''}
              onChange={(event) => onChange({ to: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.from } }}
              sx={{ flex: '1 1 156px' }}
            />
          </Stack>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={view.hasHandoff ?? false}
                  onChange={(event) => onChange({ hasHandoff: event.target.checked || undefined })}
                />
              }
              label={t('filters.hasHandoff')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={view.hasFallback ?? false}
                  onChange={(event) => onChange({ hasFallback: event.target.checked || undefined })}
                />
              }
              label={t('filters.hasFallback')}
            />
          </Box>
          <Button
            onClick={() =>
              onChange({
                channel: undefined,
                from: undefined,
                to: undefined,
                hasHandoff: undefined,
                hasFallback: undefined,
              })
            }
            disabled={extra === 0}
          >
            {t('filters.clear')}
          </Button>
        </Stack>
      </Popover>
    </Stack>
  );
}
