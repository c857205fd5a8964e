import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Paper,
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
import { LineChart } from '@mui/x-charts/LineChart';
import type { AgentDashboard, AgentPerformance, FailedRun } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageContainer } from '../../../shared/ui/page-container';
import { agentDashboardQuery, storedRunQuery } from '../api/agents-admin';
import { AgentTrace } from './agent-trace';
import { AgentsTabs } from './agents-tabs';
import { StaffCompanyPicker } from './staff-company-picker';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** The period the dashboard and the usage panel read: the last 7, 30 or 90 days. */
export function PeriodSelect({ value, onChange }: { value: Period; onChange: (days: Period) => void }) {
  const { t } = useTranslation('agents-admin');
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.period')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as Period)}
      sx={{ width: 180 }}
    >
      {PERIODS.map((each) => (
        <MenuItem key={each} value={each}>
          {t('dashboard.lastDays', { count: each })}
        </MenuItem>
      ))}
    </TextField>
  );
}
const dayMs = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

function useFormat() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return {
    number: (value: number) => number.format(value),
    percent: (part: number, whole: number) => (whole === 0 ? '—' : percent.format(part / whole)),
    ms: (value: number | null) => (value === null ? '—' : `${number.format(value)} ms`),
    day: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(iso),
      ),
    time: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
  };
}

function Kpi({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3, height: '100%' }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.25, mt: 0.5 }}>{value}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function Kpis({ totals }: { totals: AgentPerformance }) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat();
  const ended = totals.done + totals.handoff + totals.failed;
  const tiles = [
    { label: t('dashboard.conversations'), value: format.number(totals.conversations) },
    {
      label: t('dashboard.resolved'),
      value: format.percent(totals.done, ended),
      detail: t('dashboard.resolution', {
        done: totals.done,
        handoff: totals.handoff,
        failed: totals.failed,
      }),
    },
    {
      label: t('dashboard.toolCalls'),
      value: format.number(totals.toolCalls),
      detail: t('dashboard.failureRate', { rate: format.percent(totals.toolFailures, totals.toolCalls) }),
    },
    { label: t('dashboard.tokens'), value: format.number(totals.tokens) },
    {
      label: t('dashboard.stepTime'),
      value: format.ms(totals.stepP50Ms),
      detail: t('dashboard.p95', { ms: format.ms(totals.stepP95Ms) }),
    },
  ];
  return (
    <Grid container spacing={2}>
      {tiles.map((tile) => (
        <Grid key={tile.label} size={{ xs: 12, sm: 6, md: 2.4 }}>
          <Kpi {...tile} />
        </Grid>
      ))}
    </Grid>
  );
}

function Trends({ data }: { data: AgentDashboard }) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat();
  // With no conversation in the period, a chart would be flat lines over a bare "0.00…" axis.
  const empty = data.series.every((day) => day.conversations === 0);
  const series = (['conversations', 'done', 'handoff', 'failed'] as const).map((key) => ({
    id: key,
    label: t(`dashboard.series.${key}`),
    data: data.series.map((day) => day[key]),
    showMark: data.series.length <= 31,
    curve: 'linear' as const,
  }));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2">{t('dashboard.overTime')}</Typography>
        {empty ? (
          <EmptyState title={t('dashboard.emptyTitle')} body={t('dashboard.emptyBody')} />
        ) : (
          <LineChart
            height={280}
            margin={{ right: 24 }}
            skipAnimation
            xAxis={[{ scaleType: 'point', data: data.series.map((day) => format.day(day.day)) }]}
            yAxis={[{ min: 0 }]}
            series={series}
            grid={{ horizontal: true }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AgentsTable({ data }: { data: AgentDashboard }) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('dashboard.perAgent')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-label={t('dashboard.perAgent')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.agent')}</TableCell>
                <TableCell align="right">{t('dashboard.conversations')}</TableCell>
                <TableCell align="right">{t('dashboard.series.done')}</TableCell>
                <TableCell align="right">{t('dashboard.series.handoff')}</TableCell>
                <TableCell align="right">{t('dashboard.series.failed')}</TableCell>
                <TableCell align="right">{t('dashboard.toolCalls')}</TableCell>
                <TableCell align="right">{t('dashboard.toolFailures')}</TableCell>
                <TableCell align="right">{t('dashboard.tokens')}</TableCell>
                <TableCell align="right">p50</TableCell>
                <TableCell align="right">p95</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.agents.map((agent) => (
                <TableRow key={agent.id} hover>
                  <TableCell>
                    <RouterLink to={`/v2/agents/manage/${agent.id}`}>{agent.name}</RouterLink>
                  </TableCell>
                  <TableCell align="right">{format.number(agent.conversations)}</TableCell>
                  <TableCell align="right">{format.number(agent.done)}</TableCell>
                  <TableCell align="right">{format.number(agent.handoff)}</TableCell>
                  <TableCell align="right">{format.number(agent.failed)}</TableCell>
                  <TableCell align="right">{format.number(agent.toolCalls)}</TableCell>
                  <TableCell align="right">{format.percent(agent.toolFailures, agent.toolCalls)}</TableCell>
                  <TableCell align="right">{format.number(agent.tokens)}</TableCell>
                  <TableCell align="right">{format.ms(agent.stepP50Ms)}</TableCell>
                  <TableCell align="right">{format.ms(agent.stepP95Ms)}</TableCell>
                </TableRow>
              ))}
              {data.agents.length === 0 && (
                <TableRow>
                  <TableCell colSpan={10} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t('dashboard.noAgents')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

/** One kept run's whole trace, read when opened. */
export function RunDialog({
  run,
  companyId,
  onClose,
}: {
  run: FailedRun;
  companyId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('agents-admin');
  const stored = useQuery(storedRunQuery(run.id, companyId));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('dashboard.runTitle', { name: run.agentName })}</DialogTitle>
      <DialogContent>
        {stored.isPending && <CircularProgress aria-label={t('loading')} />}
        {stored.error && <Alert severity="error">{stored.error.message}</Alert>}
        {stored.data && <AgentTrace run={{ ...stored.data, variables: {} }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function FailedRuns({ runs, companyId }: { runs: FailedRun[]; companyId?: string }) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat();
  const [open, setOpen] = useState<FailedRun | null>(null);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('dashboard.failedRuns')}
        </Typography>
        {runs.length === 0 && <Typography color="text.secondary">{t('dashboard.noFailures')}</Typography>}
        <Stack divider={<Box sx={{ borderBottom: 1, borderColor: 'divider' }} />}>
          {runs.map((run) => (
            <Stack key={run.id} direction="row" spacing={1.5} alignItems="center" sx={{ py: 1.25 }}>
              <ErrorOutlineRounded color="error" />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{run.agentName}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {run.failure ?? t('dashboard.noReason')}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {format.time(run.at)} · {t(`dashboard.source.${run.source}`)}
                </Typography>
              </Box>
              <Button variant="outlined" size="small" onClick={() => setOpen(run)}>
                {t('dashboard.openTrace')}
              </Button>
            </Stack>
          ))}
        </Stack>
      </CardContent>
      {open && <RunDialog run={open} companyId={companyId} onClose={() => setOpen(null)} />}
    </Card>
  );
}

/** `/v2/agents`: how the company's agents did over a period, per agent and over time. */
export function AgentsDashboardPage() {
  const { t } = useTranslation('agents-admin');
  const [days, setDays] = useState<Period>(30);
  const [source, setSource] = useState<'conversation' | 'all'>('conversation');
  const [companyId, setCompanyId] = useState<string | undefined>(undefined);
  const now = Date.now();
  const query = { from: isoDay(now - (days - 1) * dayMs), to: isoDay(now), source, companyId };
  const dashboard = useQuery(agentDashboardQuery(query));
  return (
    <PageContainer>
      <Box>
        <Typography variant="h1">{t('dashboard.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('dashboard.subtitle')}
        </Typography>
      </Box>
      <AgentsTabs />
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <PeriodSelect value={days} onChange={setDays} />
        <TextField
          select
          size="small"
          label={t('dashboard.include')}
          value={source}
          onChange={(event) => setSource(event.target.value === 'all' ? 'all' : 'conversation')}
          sx={{ width: 240 }}
        >
          <MenuItem value="conversation">{t('dashboard.conversationsOnly')}</MenuItem>
          <MenuItem value="all">{t('dashboard.withPlayground')}</MenuItem>
        </TextField>
        <StaffCompanyPicker value={companyId} onChange={setCompanyId} />
      </Stack>
      {dashboard.error && <Alert severity="error">{dashboard.error.message}</Alert>}
      {dashboard.isPending && <CircularProgress aria-label={t('loading')} />}
      {dashboard.data && (
        <>
          <Kpis totals={dashboard.data.totals} />
          <Trends data={dashboard.data} />
          <AgentsTable data={dashboard.data} />
          <FailedRuns runs={dashboard.data.failedRuns} companyId={companyId} />
        </>
      )}
    </PageContainer>
  );
}
