import AddRounded from '@mui/icons-material/AddRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  type ChipProps,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Broadcast, BroadcastState } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { broadcastListQuery, broadcastResultsQuery, useBroadcastAction } from '../api/broadcasts';
import { BroadcastComposer } from './broadcast-composer';

const stateColour: Record<BroadcastState, ChipProps['color']> = {
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  cancelled: 'default',
  done: 'success',
};

/** The actions a broadcast in each state offers. */
const actionsOf = (state: BroadcastState): ('pause' | 'resume' | 'cancel')[] =>
  state === 'sending'
    ? ['pause', 'cancel']
    : state === 'paused'
      ? ['resume', 'cancel']
      : state === 'scheduled'
        ? ['cancel']
        : [];

function Figures({ broadcast }: { broadcast: Broadcast }) {
  const { t, i18n } = useTranslation('broadcasts');
  const number = new Intl.NumberFormat(i18n.language);
  const shown = [
    'recipients',
    'sent',
    'delivered',
    'opened',
    'failed',
    'skipped',
    'replied',
    'optedOut',
    'goals',
  ] as const;
  return (
    <Stack direction="row" spacing={3} flexWrap="wrap" useFlexGap>
      {shown.map((key) => (
        <Box key={key}>
          <Typography variant="h5" component="p">
            {number.format(broadcast.figures[key])}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`figures.${key}`)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** One broadcast's results: its figures, and why the ones that did not go did not. */
function Results({ id }: { id: string }) {
  const { t } = useTranslation('broadcasts');
  const results = useQuery(broadcastResultsQuery(id)).data;
  const card = useRef<HTMLElement>(null);
  const shown = results?.broadcast.id;
  // Below a long list: brought into view when opened (from the list or a report's link).
  useEffect(() => {
    if (shown) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!results) return null;
  return (
    <Card
      ref={card}
      variant="outlined"
      sx={{ p: 2.5 }}
      component="section"
      aria-label={t('results.title', { name: results.broadcast.name })}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {t('results.title', { name: results.broadcast.name })}
      </Typography>
      <Figures broadcast={results.broadcast} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('results.goalWindow', { count: results.broadcast.goalWindowHours })}
      </Typography>
      {results.failures.length > 0 && (
        <Table size="small" sx={{ mt: 2 }} aria-label={t('results.failures')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('results.outcome')}</TableCell>
              <TableCell>{t('results.reason')}</TableCell>
              <TableCell align="right">{t('results.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.failures.map((failure) => (
              <TableRow key={`${failure.state}:${failure.reason}`}>
                <TableCell>{t(`outcomes.${failure.state}`)}</TableCell>
                <TableCell>{reasonText(t, failure.reason)}</TableCell>
                <TableCell align="right">{failure.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

/** A reason the server names (`template-failed: …`), in words, with its detail. */
function reasonText(t: (key: string, options?: Record<string, unknown>) => string, reason: string) {
  const [code = '', ...rest] = reason.split(': ');
  const known = [
    'template-failed',
    'channel-disconnected',
    'opted-out',
    'outside-messaging-window',
    'channel-refused',
  ];
  return known.includes(code) ? t(`reasons.${code}`, { detail: rest.join(': ') }) : reason;
}

/** `/broadcast`: the company's broadcasts with their state and figures, the composer, the results. */
export function BroadcastsPage() {
  const { t, i18n } = useTranslation('broadcasts');
  const { broadcasts } = useSuspenseQuery(broadcastListQuery()).data;
  const [composing, setComposing] = useState(false);
  // The open results are in the address (`?id=`), so the reports can link to a broadcast's.
  const [search, setSearch] = useSearchParams();
  const selected = search.get('id');
  const setSelected = (id: string) => setSearch({ id }, { replace: true });
  const act = useBroadcastAction();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', p: { xs: 2, md: 4 } }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        {!composing && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setComposing(true)}>
            {t('new')}
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      <Stack spacing={3}>
        {composing && <BroadcastComposer onDone={() => setComposing(false)} />}
        {act.isError && <Alert severity="error">{act.error.message}</Alert>}
        <Card variant="outlined">
          {broadcasts.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3 }}>
              {t('empty')}
            </Typography>
          ) : (
            <Table aria-label={t('listLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.name')}</TableCell>
                  <TableCell>{t('columns.state')}</TableCell>
                  <TableCell>{t('columns.when')}</TableCell>
                  <TableCell align="right">{t('figures.recipients')}</TableCell>
                  <TableCell align="right">{t('figures.sent')}</TableCell>
                  <TableCell align="right">{t('figures.opened')}</TableCell>
                  <TableCell align="right">{t('figures.failed')}</TableCell>
                  <TableCell align="right">{t('figures.replied')}</TableCell>
                  <TableCell align="right">{t('columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {broadcasts.map((broadcast) => (
                  <TableRow
                    key={broadcast.id}
                    hover
                    selected={broadcast.id === selected}
                    onClick={() => setSelected(broadcast.id)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>
                      <Button
                        variant="text"
                        onClick={() => setSelected(broadcast.id)}
                        sx={{ textTransform: 'none', p: 0 }}
                      >
                        {broadcast.name}
                      </Button>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={stateColour[broadcast.state]}
                        label={t(`states.${broadcast.state}`)}
                      />
                    </TableCell>
                    <TableCell>
                      {date.format(new Date(broadcast.sendAt ?? broadcast.startedAt ?? broadcast.createdAt))}
                    </TableCell>
                    <TableCell align="right">{broadcast.figures.recipients}</TableCell>
                    <TableCell align="right">{broadcast.figures.sent}</TableCell>
                    <TableCell align="right">{broadcast.figures.opened}</TableCell>
                    <TableCell align="right">
                      {broadcast.figures.failed + broadcast.figures.skipped}
                    </TableCell>
                    <TableCell align="right">{broadcast.figures.replied}</TableCell>
                    <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        {actionsOf(broadcast.state).map((action) => (
                          <Button
                            key={action}
                            size="small"
                            color={action === 'cancel' ? 'error' : 'primary'}
                            disabled={act.isPending}
                            aria-label={t(`actionsNamed.${action}`, { name: broadcast.name })}
                            onClick={() => act.mutate({ id: broadcast.id, action })}
                          >
                            {t(`actions.${action}`)}
                          </Button>
                        ))}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
        {selected && <Results id={selected} />}
      </Stack>
    </Box>
  );
}
