import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  Box,
  Button,
  Card,
  Chip,
  InputAdornment,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  type WebhookDeliveryListQuery,
  type WebhookDeliverySummary,
  webhookDeliveryListQuerySchema,
} from '@parley/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container';
import { deliveryListQuery, instanceListQuery } from '../api/webhooks';

/** When a delivery happened, as people read it in their language. */
export function deliveredAt(iso: string, language: string | undefined) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

/** The green check or red X of a delivery (spec §8), with its words for screen readers. */
export function OutcomeIcon({ ok }: { ok: boolean }) {
  const { t } = useTranslation('webhooks');
  return ok ? (
    <CheckCircleRounded fontSize="small" sx={{ color: 'success.main' }} aria-label={t('log.succeeded')} />
  ) : (
    <CancelRounded fontSize="small" sx={{ color: 'error.main' }} aria-label={t('log.failed')} />
  );
}

/** "200 · 83 ms", or why it failed when nothing answered. */
export function useOutcomeText() {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  return (delivery: WebhookDeliverySummary) => {
    const status = delivery.status === null ? t('log.noStatus') : String(delivery.status);
    const reason = delivery.failure ? ` · ${tc(`callFailure.${delivery.failure.reason}`, { status })}` : '';
    return `${status} · ${t('log.ms', { ms: delivery.durationMs })}${reason}`;
  };
}

/** The longest search the server takes (longer is refused, and the whole log would not load). */
const SEARCH_MAX_LENGTH = webhookDeliveryListQuerySchema.shape.search.unwrap().maxLength ?? 100;

const filterNames = [
  'instanceId',
  'botId',
  'conversationId',
  'outcome',
  'kind',
  'search',
  'from',
  'to',
] as const;

/** A `yyyy-mm-dd` the date field gives, or nothing for anything else an address may carry. */
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/**
 * The address keeps the days people picked (`from=2026-11-20&to=2026-11-24`); the server is asked
 * for the start of the first and the start of the day after the last (`to` is exclusive), in the
 * person's own time zone, so the whole last day counts.
 */
function dayBounds(from: string, to: string) {
  const bounds: { from?: string; to?: string } = {};
  if (from) bounds.from = new Date(`${from}T00:00:00`).toISOString();
  if (to) {
    const after = new Date(`${to}T00:00:00`);
    after.setDate(after.getDate() + 1);
    bounds.to = after.toISOString();
  }
  return bounds;
}

function filtersOf(params: URLSearchParams): Omit<WebhookDeliveryListQuery, 'cursor'> {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = name === 'from' || name === 'to' ? dayOf(params.get(name)) : params.get(name);
    if (value) filters[name] = value;
  }
  return { ...filters, ...dayBounds(filters.from ?? '', filters.to ?? '') };
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliverySummary }) {
  const { t, i18n } = useTranslation('webhooks');
  const navigate = useNavigate();
  const outcome = useOutcomeText();
  const to = `/webhook/deliveries/${delivery.id}`;
  return (
    <TableRow hover onClick={() => void navigate(to)} sx={{ cursor: 'pointer' }} data-testid="delivery-row">
      <TableCell sx={{ width: 36, pr: 0 }}>
        <OutcomeIcon ok={delivery.ok} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <RouterLink to={to} onClick={(event) => event.stopPropagation()} style={{ color: 'inherit' }}>
          {deliveredAt(delivery.createdAt, i18n.resolvedLanguage)}
        </RouterLink>
      </TableCell>
      <TableCell>
        <Typography variant="body2" fontWeight={600} noWrap>
          {delivery.instanceName ?? t('log.removedInstance')}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p" sx={{ maxWidth: 280 }}>
          {delivery.method} {delivery.url}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2" noWrap>
          {delivery.botName ?? '—'}
        </Typography>
        {delivery.kind !== 'live' || delivery.attempt > 1 ? (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.25 }}>
            {delivery.kind !== 'live' && <Chip size="small" label={t(`log.kind.${delivery.kind}`)} />}
            {delivery.attempt > 1 && (
              <Chip size="small" variant="outlined" label={t('log.attempt', { attempt: delivery.attempt })} />
            )}
          </Stack>
        ) : null}
      </TableCell>
      <TableCell>
        <Typography variant="body2" color={delivery.ok ? 'text.primary' : 'error.main'}>
          {outcome(delivery)}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** `/webhook/deliveries`: every call to an installed webhook, newest first; filters live in the address. */
export function DeliveriesPage() {
  const { t } = useTranslation('webhooks');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const fromDay = dayOf(params.get('from'));
  const toDay = dayOf(params.get('to'));
  const [search, setSearch] = useState(filters.search ?? '');
  const { data: installed } = useQuery(instanceListQuery());
  const query = useInfiniteQuery(deliveryListQuery(filters));
  const deliveries = query.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const setFilter = (name: (typeof filterNames)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  // The search box asks when typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== (filters.search ?? '')) setFilter('search', search.trim());
    }, 300);
    return () => clearTimeout(timer);
  });

  return (
    <PageContainer>
      <Box>
        <Button component={RouterLink} to="/webhook" startIcon={<ArrowBackRounded />} sx={{ mb: 1 }}>
          {t('log.back')}
        </Button>
        <Typography variant="h1">{t('log.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('log.subtitle')}
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          label={t('log.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value.slice(0, SEARCH_MAX_LENGTH))}
          sx={{ flex: 2 }}
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX_LENGTH },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('log.instance')}
          value={filters.instanceId ?? ''}
          onChange={(event) => setFilter('instanceId', event.target.value)}
          sx={{ flex: 1, minWidth: 180 }}
        >
          <MenuItem value="">{t('log.all')}</MenuItem>
          {installed?.instances.map((instance) => (
            <MenuItem key={instance.id} value={instance.id}>
              {instance.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('log.outcome')}
          value={filters.outcome ?? ''}
          onChange={(event) => setFilter('outcome', event.target.value)}
          sx={{ flex: 1, minWidth: 150 }}
        >
          <MenuItem value="">{t('log.all')}</MenuItem>
          <MenuItem value="succeeded">{t('log.succeeded')}</MenuItem>
          <MenuItem value="failed">{t('log.failed')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('log.kindLabel')}
          value={filters.kind ?? ''}
          onChange={(event) => setFilter('kind', event.target.value)}
          sx={{ flex: 1, minWidth: 150 }}
        >
          <MenuItem value="">{t('log.all')}</MenuItem>
          {(['live', 'test', 'replay'] as const).map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`log.kind.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {/* Each date field is wide enough for the whole date and the picker button in any language. */}
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
        <TextField
          type="date"
          size="small"
          label={t('log.from')}
          value={fromDay}
          onChange={(event) => setFilter('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toDay || undefined } }}
          sx={{ flex: '0 1 180px' }}
        />
        <TextField
          type="date"
          size="small"
          label={t('log.to')}
          value={toDay}
          onChange={(event) => setFilter('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: fromDay || undefined } }}
          sx={{ flex: '0 1 180px' }}
        />
      </Stack>
      {(filters.botId || filters.conversationId) && (
        <Stack direction="row" spacing={1}>
          {filters.botId && (
            <Chip
              label={t('log.oneBot', { name: deliveries[0]?.botName ?? '' })}
              onDelete={() => setFilter('botId', '')}
            />
          )}
          {filters.conversationId && (
            <Chip label={t('log.oneConversation')} onDelete={() => setFilter('conversationId', '')} />
          )}
        </Stack>
      )}
      <Card variant="outlined">
        <Table size="small" aria-label={t('log.title')}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t('log.when')}</TableCell>
              <TableCell>{t('log.instance')}</TableCell>
              <TableCell>{t('log.bot')}</TableCell>
              <TableCell>{t('log.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </TableBody>
        </Table>
        {query.isSuccess && deliveries.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 5, textAlign: 'center' }}>
            {Object.keys(filters).length > 0 ? t('log.noneMatch') : t('log.empty')}
          </Typography>
        )}
        {query.isError && (
          <Typography color="error" sx={{ p: 5, textAlign: 'center' }}>
            {t('log.loadFailed')}
          </Typography>
        )}
      </Card>
      {query.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('log.more')}
        </Button>
      )}
    </PageContainer>
  );
}
