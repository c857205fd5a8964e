import HistoryRounded from '@mui/icons-material/HistoryRounded';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AuditEntry,
  type AuditKind,
  type AuditLogQuery,
  auditKindSchema,
  auditRetentionChoices,
} from '@parley/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogQuery, auditSettingsQuery, useUpdateAuditRetention } from '../api/audit';
import { teamQuery } from '../api/team';

/** Each kind's dot colour in the log (distinct hues, readable beside the text). */
const kindColour: Record<AuditKind, string> = {
  bot: '#4f46e5',
  deployment: '#0891b2',
  knowledge: '#7c3aed',
  webhook: '#c2410c',
  team: '#15803d',
  company: '#475569',
  security: '#b91c1c',
  agent: '#be185d',
  broadcast: '#a16207',
};

/** Details worth a chip, each with the words of its value; ids are left to the target's name. */
const shownDetails = [
  'version',
  'role',
  'bots',
  'status',
  'reason',
  'file',
  'retention_days',
  'name',
] as const;

function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

function DetailChips({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(['company', 'common']);
  const chips = shownDetails.flatMap((key) => {
    const value = entry.details[key];
    if (value === undefined || value === null || value === '') return [];
    const words =
      key === 'role'
        ? t(`common:roles.${String(value)}`)
        : key === 'bots'
          ? value === 'all'
            ? t('team.bots.allShort')
            : t('team.bots.count', { count: Number(value) })
          : key === 'status' || key === 'reason'
            ? t(`audit.values.${String(value)}`)
            : String(value);
    return [{ key, label: t(`audit.details.${key}`, { value: words }) }];
  });
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.75} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
      {chips.map((chip) => (
        <Chip key={chip.key} size="small" variant="outlined" label={chip.label} />
      ))}
    </Stack>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('company');
  const formatDateTime = useDateTime();
  const name = entry.actor?.name || entry.actor?.email || t('audit.someone');
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top', color: 'text.secondary' }}>
        {formatDateTime(entry.at)}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Stack direction="row" spacing={1.25} alignItems="center">
          <Avatar sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'grey.200', color: 'text.primary' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600} noWrap>
              {name}
            </Typography>
            {entry.actor?.email && entry.actor.email !== name && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {entry.actor.email}
              </Typography>
            )}
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Stack direction="row" spacing={1} alignItems="baseline">
          <Box
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: kindColour[entry.kind], flexShrink: 0 }}
          />
          <Typography variant="body2">
            {t(`audit.actions.${entry.action}`)}
            {entry.target?.label && (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {' '}
                {entry.target.label}
              </Box>
            )}
          </Typography>
        </Stack>
        <Box sx={{ pl: 2 }}>
          <DetailChips entry={entry} />
        </Box>
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {entry.ip ?? ''}
      </TableCell>
    </TableRow>
  );
}

/** A `<input type=date>` value as the start of that day, local time, in ISO. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
/** The day after a `<input type=date>` value: `to` is exclusive, so the whole chosen day counts. */
const dayAfter = (day: string) => {
  if (!day) return undefined;
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};

function RetentionSelect() {
  const { t } = useTranslation('company');
  const settings = useQuery(auditSettingsQuery);
  const update = useUpdateAuditRetention();
  const days = settings.data?.retention_days;
  if (days === undefined) return null;
  const choices = (auditRetentionChoices as readonly number[]).includes(days)
    ? auditRetentionChoices
    : [...auditRetentionChoices, days].sort((a, b) => a - b);
  return (
    <TextField
      select
      size="small"
      label={t('audit.retention')}
      value={days}
      disabled={update.isPending}
      onChange={(event) => update.mutate(Number(event.target.value))}
      sx={{ minWidth: 170, width: { sm: 200 }, flexShrink: 0 }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice % 365 === 0
            ? t('audit.years', { count: choice / 365 })
            : t('audit.days', { count: choice })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Company settings: who changed what and when, filtered by person, kind and dates; how long it is kept. */
export function AuditLogCard() {
  const { t } = useTranslation('company');
  const [actorId, setActorId] = useState('');
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filters: Omit<AuditLogQuery, 'cursor'> = {
    ...(actorId ? { actorId } : {}),
    ...(kind ? { kind } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: dayAfter(toDay) } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const query = useInfiniteQuery(auditLogQuery(filters));
  const team = useQuery(teamQuery);
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card aria-labelledby="audit-log-title">
      <CardContent sx={{ p: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          justifyContent="space-between"
          alignItems={{ sm: 'flex-start' }}
          sx={{ mb: 2.5 }}
        >
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            <HistoryRounded color="primary" sx={{ mt: 0.5 }} />
            <Box>
              <Typography variant="h3" component="h2" id="audit-log-title">
                {t('audit.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('audit.subtitle')}
              </Typography>
            </Box>
          </Stack>
          <RetentionSelect />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('audit.person')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={actorId}
            onChange={(event) => setActorId(event.target.value)}
            sx={{ flex: 1.4, minWidth: 180 }}
          >
            <MenuItem value="">{t('audit.everyone')}</MenuItem>
            {team.data?.members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {`${member.first_name} ${member.last_name}`.trim() || member.email}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('audit.kind')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={kind}
            onChange={(event) => setKind(event.target.value as AuditKind | '')}
            sx={{ flex: 1, minWidth: 150 }}
          >
            <MenuItem value="">{t('audit.allKinds')}</MenuItem>
            {auditKindSchema.options.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`audit.kinds.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label={t('audit.from')}
            value={fromDay}
            onChange={(event) => setFromDay(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
          <TextField
            type="date"
            size="small"
            label={t('audit.to')}
            value={toDay}
            onChange={(event) => setToDay(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" aria-label={t('audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.when')}</TableCell>
                <TableCell>{t('audit.who')}</TableCell>
                <TableCell>{t('audit.what')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('audit.address')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </TableBody>
          </Table>
          {query.isSuccess && entries.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
              {filtered ? t('audit.noneMatch') : t('audit.empty')}
            </Typography>
          )}
          {query.isError && (
            <Typography color="error" sx={{ p: 4, textAlign: 'center' }}>
              {t('audit.loadFailed')}
            </Typography>
          )}
        </TableContainer>
        {query.hasNextPage && (
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {t('audit.more')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
