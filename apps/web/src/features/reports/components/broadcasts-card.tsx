import { Box, Button, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import type { BroadcastReport } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../shared/session/current-user';
import { broadcastReportQuery } from '../api/reports-api';
import { CsvButton, KpiTile, ReportCard, ReportTable, useChange, useFormatters } from './report-parts';
import { useReportContext } from './reports-layout';

type Row = BroadcastReport['broadcasts'][number];
type Totals = BroadcastReport['totals'];

/** The tiles, in the order a broadcast's results show them; "not sent" is failed and skipped. */
const TILES = [
  'broadcasts',
  'recipients',
  'sent',
  'delivered',
  'opened',
  'failed',
  'replied',
  'goals',
] as const;
type Tile = (typeof TILES)[number];

const tileValue = (totals: Totals, tile: Tile) =>
  tile === 'failed' ? totals.failed + totals.skipped : totals[tile];

/** Where a broadcast's own results are (the broadcasts page opens them by id). */
const resultsHref = (id: string) => `/broadcast?id=${encodeURIComponent(id)}`;

/**
 * The business report's broadcasts: the totals of the broadcasts that began sending in the period
 * (for the chosen bot), then each one with its figures and a link to its results.
 */
export function BroadcastsCard() {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const change = useChange();
  const canManage = useCan('bots:manage');
  const { view, query } = useReportContext();
  const report = useQuery(broadcastReportQuery(query()));
  const data = report.data;
  if (!data) return null;
  const { totals, previousTotals } = data;
  const share = (value: number) =>
    totals.sent > 0 ? t('broadcasts.share', { share: format.percent(value / totals.sent) }) : null;
  const name = (row: Row) => (
    <Stack spacing={0.5} alignItems="flex-start">
      {canManage ? (
        <Link component={RouterLink} to={resultsHref(row.id)} underline="hover" fontWeight={600}>
          {row.name}
        </Link>
      ) : (
        <Typography variant="body2" fontWeight={600}>
          {row.name}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
        {row.channels.map((channel) => (
          <Chip
            key={channel}
            size="small"
            variant="outlined"
            label={t(`broadcasts.channelNames.${channel}`, { defaultValue: channel })}
          />
        ))}
      </Stack>
    </Stack>
  );
  return (
    <ReportCard
      title={t('broadcasts.title')}
      subtitle={t('broadcasts.subtitle')}
      id="broadcasts"
      action={
        data.broadcasts.length > 0 && (
          <CsvButton
            fileName={`parley-${t('broadcasts.csvName')}-${view.from}-${view.to}.csv`}
            rows={data.broadcasts}
            columns={[
              { header: t('broadcasts.columns.name'), value: (row) => row.name },
              { header: t('broadcasts.columns.began'), value: (row) => row.startedAt },
              { header: t('broadcasts.columns.channels'), value: (row) => row.channels.join(' ') },
              { header: t('broadcasts.figures.recipients'), value: (row) => row.figures.recipients },
              { header: t('broadcasts.figures.sent'), value: (row) => row.figures.sent },
              { header: t('broadcasts.figures.delivered'), value: (row) => row.figures.delivered },
              { header: t('broadcasts.figures.opened'), value: (row) => row.figures.opened },
              {
                header: t('broadcasts.figures.failed'),
                value: (row) => row.figures.failed + row.figures.skipped,
              },
              { header: t('broadcasts.figures.replied'), value: (row) => row.figures.replied },
              { header: t('broadcasts.figures.goals'), value: (row) => row.figures.goals },
            ]}
          />
        )
      }
    >
      {totals.broadcasts === 0 ? (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ py: 1 }}>
          <Typography color="text.secondary">{t('broadcasts.empty')}</Typography>
          {canManage && (
            <Button component={RouterLink} to="/broadcast" size="small">
              {t('broadcasts.open')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Grid container spacing={1.5}>
            {TILES.map((tile) => (
              <Grid key={tile} size={{ xs: 6, md: 3 }}>
                <KpiTile
                  label={t(`broadcasts.figures.${tile}`)}
                  value={format.number(tileValue(totals, tile))}
                  change={
                    view.compare && previousTotals
                      ? change.count(tileValue(totals, tile), tileValue(previousTotals, tile))
                      : null
                  }
                  higherIsBetter={tile !== 'failed'}
                  {...(tile === 'delivered' || tile === 'opened' || tile === 'failed'
                    ? { help: t(`broadcasts.help.${tile}`) }
                    : {})}
                >
                  {(tile === 'delivered' || tile === 'opened' || tile === 'replied' || tile === 'goals') && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {share(totals[tile])}
                    </Typography>
                  )}
                </KpiTile>
              </Grid>
            ))}
          </Grid>
          <ReportTable<Row>
            label={t('broadcasts.listLabel')}
            rows={data.broadcasts}
            rowKey={(row) => row.id}
            empty={t('broadcasts.empty')}
            columns={[
              { header: t('broadcasts.columns.name'), cell: name },
              {
                header: t('broadcasts.columns.began'),
                cell: (row) => (
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {format.longDay(row.startedAt.slice(0, 10))}
                  </Box>
                ),
              },
              ...(['recipients', 'sent', 'delivered', 'opened', 'failed', 'replied', 'goals'] as const).map(
                (figure) => ({
                  header:
                    figure === 'replied' || figure === 'goals'
                      ? t(`broadcasts.columns.${figure}`)
                      : t(`broadcasts.figures.${figure}`),
                  align: 'right' as const,
                  cell: (row: Row) =>
                    format.number(
                      figure === 'failed' ? row.figures.failed + row.figures.skipped : row.figures[figure],
                    ),
                }),
              ),
            ]}
          />
        </Stack>
      )}
    </ReportCard>
  );
}
