import {
  Box,
  Button,
  Grid,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TrafficReport, TrafficTotals } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { domainsQuery, trafficReportQuery } from '../api/reports-api';
import { pageUrlPieces } from '../model/page-url';
import { ReportError } from './report-error';
import {
  CsvButton,
  KpiTile,
  ReportCard,
  ReportTable,
  UpdatedNote,
  useChange,
  useFormatters,
} from './report-parts';
import { useReportContext } from './reports-layout';

const TOTALS: (keyof TrafficTotals)[] = [
  'pageViews',
  'visitors',
  'sessions',
  'widgetOpens',
  'conversationsStarted',
];

function DomainSelector() {
  const { t } = useTranslation('reports');
  const { view, update, query } = useReportContext();
  const params = query();
  const scope = new URLSearchParams();
  for (const key of ['companyId', 'botId']) {
    const value = params.get(key);
    if (value) scope.set(key, value);
  }
  const domains = useQuery(domainsQuery(scope));
  const items = domains.data?.items ?? [];
  const value =
    view.domain && (domains.isPending || items.some((item) => item.domain === view.domain))
      ? view.domain
      : '';
  return (
    <TextField
      select
      size="small"
      label={t('traffic.domain')}
      value={value}
      onChange={(event) => update({ domain: event.target.value || undefined })}
      sx={{ width: 240 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      helperText={domains.isError ? t('traffic.domainsFailed') : undefined}
      error={domains.isError}
    >
      <MenuItem value="">{t('traffic.allDomains')}</MenuItem>
      {domains.isPending && view.domain && <MenuItem value={view.domain}>{view.domain}</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.domain} value={item.domain}>
          {item.domain}
        </MenuItem>
      ))}
    </TextField>
  );
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Seven rows of 24 hours, darker where more happened; each cell says its figure to screen readers. */
function HourOfWeekHeatmap({
  cells,
  metric,
}: {
  cells: TrafficReport['hoursOfWeek'];
  metric: 'pageViews' | 'conversationsStarted';
}) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell[metric]]));
  const max = Math.max(1, ...cells.map((cell) => cell[metric]));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        role="table"
        aria-label={t('traffic.heatmapLabel')}
        sx={{
          display: 'grid',
          gridTemplateColumns: '44px repeat(24, minmax(18px, 1fr))',
          gap: '3px',
          minWidth: 560,
        }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          {/* The corner takes the labels' column; its name is for screen readers only. */}
          <Box role="columnheader">
            <Box component="span" sx={visuallyHidden}>
              {t('traffic.heatmapDay')}
            </Box>
          </Box>
          {HOURS.map((hour) => (
            <Typography
              role="columnheader"
              key={hour}
              variant="caption"
              color="text.secondary"
              sx={{ textAlign: 'center', fontSize: 10 }}
            >
              {hour % 3 === 0 ? (
                hour
              ) : (
                <Box component="span" sx={visuallyHidden}>
                  {hour}
                </Box>
              )}
            </Typography>
          ))}
        </Box>
        {WEEKDAYS.map((weekday) => (
          <Box role="row" key={weekday} sx={{ display: 'contents' }}>
            <Typography
              role="rowheader"
              variant="caption"
              color="text.secondary"
              sx={{ alignSelf: 'center' }}
            >
              {t(`weekdays.${weekday}`)}
            </Typography>
            {HOURS.map((hour) => {
              const value = byKey.get(`${weekday}:${hour}`) ?? 0;
              const label = t('traffic.heatmapCell', {
                day: t(`weekdays.${weekday}`),
                hour: `${String(hour).padStart(2, '0')}:00`,
                count: value,
                value: format.number(value),
              });
              return (
                <Tooltip key={hour} title={label} disableInteractive>
                  <Box
                    role="cell"
                    aria-label={label}
                    sx={{
                      height: 22,
                      borderRadius: '4px',
                      bgcolor: value === 0 ? 'grey.100' : 'primary.main',
                      opacity: value === 0 ? 1 : 0.18 + 0.82 * (value / max),
                    }}
                  />
                </Tooltip>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A page's address: wrapped between its parts (never inside a word), at most two lines with an
 * ellipsis, the whole address in a tooltip.
 */
function PageUrl({ url }: { url: string }) {
  return (
    <Tooltip title={url} placement="top-start" disableInteractive>
      <Typography
        variant="body2"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          wordBreak: 'normal',
          overflowWrap: 'break-word',
        }}
      >
        {pageUrlPieces(url).map((piece, index) => (
          // The pieces of one address never change order: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>
            {piece}
            <wbr />
          </Fragment>
        ))}
      </Typography>
    </Tooltip>
  );
}

export function TrafficReportPage() {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const change = useChange();
  const { view, query } = useReportContext();
  const [metric, setMetric] = useState<'pageViews' | 'conversationsStarted'>('pageViews');
  const report = useQuery(trafficReportQuery(query({ domain: true })));
  const data = report.data;

  if (report.isError && !data) return <ReportError onRetry={() => report.refetch()} />;
  const fileStem = `parley-traffic-${view.from}-${view.to}`;
  return (
    <Stack spacing={2.5}>
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
      >
        <DomainSelector />
        {data && <UpdatedNote updatedAt={data.updatedAt} />}
      </Stack>
      {report.isFetching && <LinearProgress aria-label={t('loading')} sx={{ borderRadius: 1 }} />}
      {data && (
        <>
          <Grid container spacing={2}>
            {TOTALS.map((key) => {
              const estimated = key === 'visitors' && data.visitorsEstimated;
              return (
                <Grid key={key} size={{ xs: 6, sm: 4, md: 12 / 5 }}>
                  <KpiTile
                    label={t(`traffic.totals.${key}`)}
                    value={`${estimated ? '≈ ' : ''}${format.number(data.totals[key])}`}
                    change={view.compare ? change.count(data.totals[key], data.previousTotals?.[key]) : null}
                    help={t(estimated ? 'traffic.help.visitorsEstimated' : `traffic.help.${key}`)}
                  />
                </Grid>
              );
            })}
          </Grid>
          {data.totals.pageViews === 0 && data.totals.conversationsStarted === 0 ? (
            <ReportCard title={t('traffic.daily')}>
              <EmptyState
                title={t('traffic.emptyTitle')}
                body={t('traffic.emptyBody')}
                action={
                  <Button component={RouterLink} to="/v2/conversational-web-sdk" variant="outlined">
                    {t('traffic.emptyAction')}
                  </Button>
                }
              />
            </ReportCard>
          ) : (
            <>
              <ReportCard
                title={t('traffic.daily')}
                subtitle={t('traffic.dailyHelp')}
                action={
                  <CsvButton
                    fileName={`${fileStem}-days.csv`}
                    rows={data.days}
                    columns={[
                      { header: t('columns.date'), value: (row) => row.date },
                      ...TOTALS.map((key) => ({
                        header: t(`traffic.totals.${key}`),
                        value: (row: TrafficReport['days'][number]) => row[key],
                      })),
                    ]}
                  />
                }
              >
                <LineChart
                  height={300}
                  margin={{ right: 24 }}
                  skipAnimation
                  xAxis={[{ scaleType: 'point', data: data.days.map((day) => format.day(day.date)) }]}
                  yAxis={[{ min: 0, valueFormatter: format.compact }]}
                  series={(['pageViews', 'sessions', 'widgetOpens', 'conversationsStarted'] as const).map(
                    (key) => ({
                      id: key,
                      label: t(`traffic.totals.${key}`),
                      data: data.days.map((day) => day[key]),
                      showMark: data.days.length <= 31,
                      curve: 'linear' as const,
                      valueFormatter: (value: number | null) => (value === null ? '' : format.number(value)),
                    }),
                  )}
                  grid={{ horizontal: true }}
                />
              </ReportCard>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, lg: 7 }}>
                  <ReportCard
                    title={t('traffic.heatmap')}
                    subtitle={t('traffic.heatmapHelp')}
                    action={
                      <ToggleButtonGroup
                        size="small"
                        exclusive
                        value={metric}
                        onChange={(_, next) => next && setMetric(next)}
                        aria-label={t('traffic.heatmapMetric')}
                      >
                        <ToggleButton value="pageViews">{t('traffic.totals.pageViews')}</ToggleButton>
                        <ToggleButton value="conversationsStarted">{t('traffic.conversations')}</ToggleButton>
                      </ToggleButtonGroup>
                    }
                  >
                    <HourOfWeekHeatmap cells={data.hoursOfWeek} metric={metric} />
                  </ReportCard>
                </Grid>
                <Grid size={{ xs: 12, lg: 5 }}>
                  <ReportCard
                    title={t('traffic.topPages')}
                    subtitle={
                      view.domain
                        ? t('traffic.topPagesOn', { domain: view.domain })
                        : t('traffic.topPagesAll')
                    }
                    action={
                      <CsvButton
                        fileName={`${fileStem}-pages.csv`}
                        rows={data.topPages}
                        columns={[
                          { header: t('columns.domain'), value: (row) => row.domain },
                          { header: t('columns.url'), value: (row) => row.url },
                          { header: t('traffic.totals.pageViews'), value: (row) => row.pageViews },
                        ]}
                      />
                    }
                  >
                    <ReportTable
                      label={t('traffic.topPages')}
                      rows={data.topPages}
                      rowKey={(row) => `${row.domain}${row.url}`}
                      empty={t('traffic.noPages')}
                      columns={[
                        {
                          header: t('columns.page'),
                          cell: (row) => <PageUrl url={row.url} />,
                        },
                        {
                          header: t('traffic.totals.pageViews'),
                          cell: (row) => format.number(row.pageViews),
                          align: 'right',
                          width: 110,
                        },
                      ]}
                    />
                  </ReportCard>
                </Grid>
              </Grid>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
