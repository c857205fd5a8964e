import {
  AutoAwesomeOutlined,
  CampaignOutlined,
  FlagOutlined,
  HeadsetMicOutlined,
  HelpOutlineRounded,
  HourglassEmptyRounded,
  RouteOutlined,
  WebOutlined,
} from '@mui/icons-material';
import {
  Box,
  Button,
  Chip,
  Grid,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  type BusinessReport,
  KPI_NAMES,
  type KpiName,
  MIN_INDUSTRY_COMPANIES,
  MIN_TIP_CONVERSATIONS,
  type Tip,
} from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../shared/session/current-user';
import { useIndustryLabel } from '../../../shared/ui/industry-select';
import { businessReportQuery, useDefaultGoalValue } from '../api/reports-api';
import { BroadcastsCard } from './broadcasts-card';
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

/** For the fallback and handover rates, lower is better. */
const HIGHER_IS_BETTER: Record<KpiName, boolean> = {
  goalCompletionRate: true,
  openRate: true,
  handoverRate: false,
  fallbackRate: false,
};

const TIP_ICONS: Record<Tip['id'], ReactNode> = {
  'unrecognized-messages': <HelpOutlineRounded />,
  'proactive-greeting': <CampaignOutlined />,
  'goal-setup': <FlagOutlined />,
  'goal-completion': <RouteOutlined />,
  handover: <HeadsetMicOutlined />,
  traffic: <WebOutlined />,
};

function IndustryLine({ report, name }: { report: BusinessReport; name: KpiName }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const industryLabel = useIndustryLabel();
  const { companyId, ownCompanyId } = useReportContext();
  const kpi = report.kpis[name];
  if (!report.industry)
    return (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('business.noIndustry')}
        {companyId === ownCompanyId && (
          <>
            {' '}
            <Link component={RouterLink} to="/v2/company/settings">
              {t('business.setIndustry')}
            </Link>
          </>
        )}
      </Typography>
    );
  const industry = industryLabel(report.industry);
  if (kpi.industryMedian === null)
    return (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('business.industryTooFew', {
          industry,
          count: kpi.industryCompanies,
          minimum: MIN_INDUSTRY_COMPANIES,
        })}
      </Typography>
    );
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-industry>
      {t('business.industryMedian', {
        industry,
        value: format.percent(kpi.industryMedian),
        count: kpi.industryCompanies,
      })}
    </Typography>
  );
}

/** What the tips say when there are none: nothing stands out, or too few conversations to judge. */
function NoTips({ report }: { report: BusinessReport }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const healthy = report.tipsStatus === 'healthy';
  const conversations = report.kpis.handoverRate.denominator;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      sx={{ py: 1 }}
      data-tips-status={report.tipsStatus}
    >
      {healthy ? <AutoAwesomeOutlined color="success" /> : <HourglassEmptyRounded color="action" />}
      <Typography color="text.secondary">
        {healthy
          ? t('tips.none')
          : t('tips.tooFew', {
              count: conversations,
              value: format.number(conversations),
              minimum: MIN_TIP_CONVERSATIONS,
            })}
      </Typography>
    </Stack>
  );
}

function TipCard({ tip }: { tip: Tip }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  return (
    <Stack direction="row" spacing={1.5} sx={{ py: 1.5 }} data-tip={tip.id}>
      <Box sx={{ color: 'primary.main', pt: 0.25 }}>{TIP_ICONS[tip.id]}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
          {t(`tips.${tip.id}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`tips.${tip.id}.body`, { value: tip.value === null ? '' : format.percent(tip.value) })}
        </Typography>
        {tip.examples.length > 0 && (
          <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
            {tip.examples.map((example) => (
              <Chip
                key={example.text}
                size="small"
                variant="outlined"
                label={`“${example.text}” · ${format.number(example.count)}`}
              />
            ))}
          </Stack>
        )}
      </Box>
      <Button
        component={RouterLink}
        to={tip.href}
        size="small"
        variant="outlined"
        sx={{ alignSelf: 'center', flexShrink: 0 }}
      >
        {t(`tips.${tip.id}.action`)}
      </Button>
    </Stack>
  );
}

function DefaultGoalValue({ botId, value }: { botId: string; value: number }) {
  const { t } = useTranslation('reports');
  const { enqueueSnackbar } = useSnackbar();
  const save = useDefaultGoalValue(botId);
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const parsed = Number(draft);
  const valid = draft.trim() !== '' && Number.isFinite(parsed) && parsed >= 0 && parsed <= 1_000_000_000;
  const commit = () => {
    if (!valid || parsed === value) return;
    save.mutate(parsed, {
      onSuccess: () => enqueueSnackbar(t('revenue.defaultSaved'), { variant: 'success' }),
      onError: () => enqueueSnackbar(t('revenue.defaultFailed'), { variant: 'error' }),
    });
  };
  return (
    <TextField
      size="small"
      type="number"
      label={t('revenue.defaultValue')}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      error={!valid}
      helperText={valid ? t('revenue.defaultHelp') : t('revenue.defaultInvalid')}
      disabled={save.isPending}
      slotProps={{
        htmlInput: { min: 0, step: 1 },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
      sx={{ width: 220 }}
    />
  );
}

function RevenueImpact({ report }: { report: BusinessReport }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const change = useChange();
  const { view, companyId, ownCompanyId } = useReportContext();
  const { revenue } = report;
  const delta = change.count(revenue.total, revenue.previousTotal);
  // Analysts and viewers read revenue; only those who manage bots set a bot's goal value.
  const canSetGoalValue = useCan('bots:manage');
  return (
    <ReportCard
      title={t('revenue.title')}
      subtitle={t('revenue.subtitle')}
      id="revenue"
      action={
        <CsvButton
          fileName={`parley-revenue-${view.from}-${view.to}.csv`}
          rows={revenue.goals}
          columns={[
            { header: t('columns.goal'), value: (row) => row.name ?? row.moduleId },
            { header: t('columns.completions'), value: (row) => row.completions },
            { header: t('columns.valueUsd'), value: (row) => row.value },
            { header: t('columns.revenueUsd'), value: (row) => row.revenue },
          ]}
        />
      }
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems={{ md: 'flex-start' }}>
        <Stack spacing={2} sx={{ minWidth: 240 }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('revenue.total')}
            </Typography>
            <Typography sx={{ fontSize: 34, fontWeight: 700 }} data-revenue-total>
              {format.money(revenue.total)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('revenue.completions', {
                count: revenue.completions,
                value: format.number(revenue.completions),
              })}
            </Typography>
            {delta && (
              <Typography
                variant="body2"
                sx={{ color: delta.direction === 'down' ? 'error.main' : 'success.main', fontWeight: 600 }}
              >
                {delta.text}
              </Typography>
            )}
          </Box>
          <TextField
            select
            size="small"
            label={t('revenue.currency')}
            value="USD"
            helperText={t('revenue.currencySoon')}
            sx={{ width: 220 }}
          >
            <MenuItem value="USD">USD · $</MenuItem>
            <MenuItem value="EUR" disabled>
              EUR · € — {t('revenue.soon')}
            </MenuItem>
            <MenuItem value="GBP" disabled>
              GBP · £ — {t('revenue.soon')}
            </MenuItem>
          </TextField>
          {canSetGoalValue && view.botId && revenue.defaultValue !== null && companyId === ownCompanyId && (
            <DefaultGoalValue botId={view.botId} value={revenue.defaultValue} />
          )}
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {revenue.completions === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('revenue.empty')}
            </Typography>
          ) : (
            <>
              <BarChart
                height={220}
                skipAnimation
                hideLegend
                xAxis={[{ scaleType: 'band', data: report.days.map((day) => format.day(day.date)) }]}
                yAxis={[{ valueFormatter: format.compact }]}
                series={[
                  {
                    label: t('revenue.perDay'),
                    data: report.days.map((day) => day.revenue),
                    valueFormatter: (value: number | null) => (value === null ? '' : format.money(value)),
                  },
                ]}
                grid={{ horizontal: true }}
              />
              <ReportTable
                label={t('revenue.byGoal')}
                rows={revenue.goals}
                rowKey={(row) => `${row.botId}:${row.moduleId}`}
                empty={t('revenue.empty')}
                columns={[
                  {
                    header: t('columns.goal'),
                    cell: (row) => row.name ?? t('revenue.removedModule', { id: row.moduleId }),
                  },
                  {
                    header: t('columns.completions'),
                    cell: (row) => format.number(row.completions),
                    align: 'right',
                  },
                  {
                    header: t('columns.value'),
                    cell: (row) =>
                      `${format.money(row.value)}${row.valueFrom === 'default' ? ` (${t('revenue.default')})` : ''}`,
                    align: 'right',
                  },
                  { header: t('columns.revenue'), cell: (row) => format.money(row.revenue), align: 'right' },
                ]}
              />
            </>
          )}
        </Box>
      </Stack>
    </ReportCard>
  );
}

export function BusinessReportPage() {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const change = useChange();
  const { view, query } = useReportContext();
  const [trend, setTrend] = useState<KpiName>('goalCompletionRate');
  const report = useQuery(businessReportQuery(query()));
  const data = report.data;
  if (report.isError && !data) return <ReportError onRetry={() => report.refetch()} />;

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" justifyContent="flex-end">
        {data && <UpdatedNote updatedAt={data.updatedAt} />}
      </Stack>
      {report.isFetching && <LinearProgress aria-label={t('loading')} sx={{ borderRadius: 1 }} />}
      {data && (
        <>
          <Grid container spacing={2}>
            {KPI_NAMES.map((name) => {
              const kpi = data.kpis[name];
              return (
                <Grid key={name} size={{ xs: 12, sm: 6, lg: 3 }}>
                  <KpiTile
                    label={t(`kpis.${name}.label`)}
                    value={format.percent(kpi.value)}
                    change={view.compare ? change.rate(kpi.value, kpi.previous) : null}
                    higherIsBetter={HIGHER_IS_BETTER[name]}
                    help={t(`kpis.${name}.help`)}
                  >
                    <Typography variant="caption" color="text.secondary" component="p">
                      {t(`kpis.${name}.parts`, {
                        numerator: format.number(kpi.numerator),
                        denominator: format.number(kpi.denominator),
                      })}
                    </Typography>
                    <IndustryLine report={data} name={name} />
                  </KpiTile>
                </Grid>
              );
            })}
          </Grid>
          <ReportCard
            title={t('business.trend')}
            subtitle={view.compare ? t('business.trendCompare') : t('business.trendHelp')}
            action={
              <CsvButton
                fileName={`parley-business-${view.from}-${view.to}.csv`}
                rows={data.days}
                columns={[
                  { header: t('columns.date'), value: (row) => row.date },
                  { header: t('columns.conversations'), value: (row) => row.conversations },
                  ...KPI_NAMES.map((name) => ({
                    header: t(`kpis.${name}.label`),
                    value: (row: BusinessReport['days'][number]) => row[name],
                  })),
                  { header: t('columns.revenueUsd'), value: (row) => row.revenue },
                ]}
              />
            }
          >
            <ToggleButtonGroup
              size="small"
              exclusive
              value={trend}
              onChange={(_, next) => next && setTrend(next)}
              aria-label={t('business.trendMetric')}
              sx={{ mb: 1, flexWrap: 'wrap' }}
            >
              {KPI_NAMES.map((name) => (
                <ToggleButton key={name} value={name}>
                  {t(`kpis.${name}.label`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <LineChart
              height={280}
              margin={{ right: 24 }}
              skipAnimation
              xAxis={[{ scaleType: 'point', data: data.days.map((day) => format.day(day.date)) }]}
              yAxis={[{ min: 0, valueFormatter: (value: number) => format.percent(value) }]}
              series={[
                {
                  id: 'current',
                  label: t('business.thisPeriod'),
                  data: data.days.map((day) => day[trend]),
                  connectNulls: true,
                  curve: 'linear' as const,
                  showMark: data.days.length <= 31,
                  valueFormatter: (value: number | null) => format.percent(value),
                },
                ...(data.previousDays
                  ? [
                      {
                        id: 'previous',
                        label: t('business.previousPeriod'),
                        data: data.previousDays.map((day) => day[trend]),
                        connectNulls: true,
                        curve: 'linear' as const,
                        showMark: false,
                        color: '#94a3b8',
                        valueFormatter: (value: number | null) => format.percent(value),
                      },
                    ]
                  : []),
                ...(data.kpis[trend].industryMedian !== null
                  ? [
                      {
                        id: 'industry',
                        label: t('business.industrySeries'),
                        data: data.days.map(() => data.kpis[trend].industryMedian),
                        showMark: false,
                        color: '#f59e0b',
                        valueFormatter: (value: number | null) => format.percent(value),
                      },
                    ]
                  : []),
              ]}
              grid={{ horizontal: true }}
            />
          </ReportCard>
          <ReportCard title={t('tips.title')} subtitle={t('tips.subtitle')} id="tips">
            {data.tips.length === 0 ? (
              <NoTips report={data} />
            ) : (
              <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
                {data.tips.map((tip) => (
                  <TipCard key={tip.id} tip={tip} />
                ))}
              </Stack>
            )}
          </ReportCard>
          <RevenueImpact report={data} />
          <BroadcastsCard />
        </>
      )}
    </Stack>
  );
}
