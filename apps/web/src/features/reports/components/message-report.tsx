import { ForumOutlined } from '@mui/icons-material';
import {
  Autocomplete,
  Box,
  Grid,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { FunnelReport, MessageReport } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { writeInboxView } from '../../inbox/model/inbox-view';
import { funnelReportQuery, messageReportQuery, pathsReportQuery } from '../api/reports-api';
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

type ModuleOption = MessageReport['modules'][number];

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += 86_400_000)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}
const moduleLabel = (module: ModuleOption) => module.name ?? module.moduleId;

/** A link to the inbox, searching for the text, in the report's company and bot. */
function InboxSearchLink({ text }: { text: string }) {
  const { t } = useTranslation('reports');
  const { view, companyId } = useReportContext();
  const search = writeInboxView({ companyId, botId: view.botId, q: text.slice(0, 200) });
  return (
    <Tooltip title={t('messages.openInInbox')}>
      <IconButton
        size="small"
        component={RouterLink}
        to={`/v2/inbox?${search}`}
        aria-label={t('messages.openInInboxFor', { text })}
      >
        <ForumOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function TextTable({
  title,
  subtitle,
  rows,
  fileName,
  empty,
  inbox,
  header,
}: {
  header: string;
  title: string;
  subtitle?: string;
  rows: { text: string; count: number }[];
  fileName: string;
  empty: string;
  inbox?: boolean;
}) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  return (
    <ReportCard
      title={title}
      subtitle={subtitle}
      action={
        <CsvButton
          fileName={fileName}
          rows={rows}
          columns={[
            { header: t('columns.text'), value: (row) => row.text },
            { header: t('columns.count'), value: (row) => row.count },
          ]}
        />
      }
    >
      <ReportTable
        label={title}
        rows={rows}
        rowKey={(row) => row.text}
        empty={empty}
        columns={[
          { header, cell: (row) => row.text },
          { header: t('columns.count'), cell: (row) => format.number(row.count), align: 'right', width: 80 },
          ...(inbox
            ? [
                {
                  header: '',
                  cell: (row: { text: string }) => <InboxSearchLink text={row.text} />,
                  width: 48,
                },
              ]
            : []),
        ]}
      />
    </ReportCard>
  );
}

function FunnelChart({ funnel }: { funnel: FunnelReport }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const first = funnel.steps[0]?.conversations ?? 0;
  return (
    <Stack spacing={1.25} role="list" aria-label={t('funnel.title')}>
      {funnel.steps.map((step, index) => {
        const share = first > 0 ? step.conversations / first : 0;
        return (
          <Box key={step.moduleId} role="listitem" data-funnel-step={index}>
            <Stack direction="row" justifyContent="space-between" spacing={2}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {index + 1}. {step.name ?? step.moduleId}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('funnel.conversations', {
                  count: step.conversations,
                  value: format.number(step.conversations),
                })}
                {step.dropOff !== null &&
                  ` · ${t('funnel.dropOff', { value: format.percent(step.dropOff) })}`}
              </Typography>
            </Stack>
            <Box sx={{ height: 14, borderRadius: 7, bgcolor: 'grey.100', mt: 0.5, overflow: 'hidden' }}>
              <Box
                sx={{
                  height: '100%',
                  width: `${Math.max(share * 100, step.conversations > 0 ? 1 : 0)}%`,
                  bgcolor: 'primary.main',
                  borderRadius: 7,
                }}
              />
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

function AdvancedReports({ modules }: { modules: ModuleOption[] }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const { view, query } = useReportContext();
  const [steps, setSteps] = useState<ModuleOption[]>([]);
  const [after, setAfter] = useState('');
  const botId = view.botId;
  const funnelParams = query();
  funnelParams.set('steps', steps.map((step) => step.moduleId).join(','));
  const funnel = useQuery({
    ...funnelReportQuery(funnelParams),
    enabled: Boolean(botId) && steps.length >= 2,
  });
  const pathParams = query();
  pathParams.set('moduleId', after);
  const paths = useQuery({ ...pathsReportQuery(pathParams), enabled: Boolean(botId) && after !== '' });
  const options = modules.filter((module) => module.botId === botId);

  if (!botId)
    return (
      <ReportCard title={t('funnel.title')} id="funnel">
        <EmptyState title={t('funnel.chooseBotTitle')} body={t('funnel.chooseBotBody')} />
      </ReportCard>
    );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <ReportCard
          title={t('funnel.title')}
          subtitle={t('funnel.subtitle')}
          id="funnel"
          action={
            funnel.data && (
              <CsvButton
                fileName={`parley-funnel-${view.from}-${view.to}.csv`}
                rows={funnel.data.steps}
                columns={[
                  { header: t('columns.step'), value: (row) => row.name ?? row.moduleId },
                  { header: t('columns.conversations'), value: (row) => row.conversations },
                  { header: t('columns.dropOff'), value: (row) => row.dropOff },
                ]}
              />
            )
          }
        >
          <Autocomplete
            multiple
            size="small"
            options={options}
            value={steps}
            onChange={(_, next) => setSteps(next.slice(0, 8))}
            getOptionLabel={moduleLabel}
            isOptionEqualToValue={(option, value) => option.moduleId === value.moduleId}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('funnel.steps')}
                placeholder={steps.length < 8 ? t('funnel.addStep') : undefined}
              />
            )}
            noOptionsText={t('funnel.noModules')}
            sx={{ mb: 2 }}
          />
          {steps.length < 2 ? (
            <Typography color="text.secondary" variant="body2">
              {t('funnel.pickTwo')}
            </Typography>
          ) : funnel.isError ? (
            <ReportError onRetry={() => funnel.refetch()} />
          ) : funnel.data ? (
            <FunnelChart funnel={funnel.data} />
          ) : (
            <LinearProgress aria-label={t('loading')} />
          )}
        </ReportCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <ReportCard title={t('paths.title')} subtitle={t('paths.subtitle')} id="paths">
          <TextField
            select
            size="small"
            label={t('paths.after')}
            value={after}
            onChange={(event) => setAfter(event.target.value)}
            fullWidth
            sx={{ mb: 2 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="" disabled>
              {t('paths.choose')}
            </MenuItem>
            {options.map((module) => (
              <MenuItem key={module.moduleId} value={module.moduleId}>
                {moduleLabel(module)}
              </MenuItem>
            ))}
          </TextField>
          {after !== '' && paths.data && (
            <ReportTable
              label={t('paths.title')}
              rows={paths.data.paths}
              rowKey={(row) => row.modules.map((module) => module.moduleId).join('>') || 'stop'}
              empty={t('paths.none')}
              columns={[
                {
                  header: t('paths.next'),
                  cell: (row) =>
                    row.modules.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('paths.stopped')}
                      </Typography>
                    ) : (
                      row.modules.map((module) => module.name ?? module.moduleId).join(' → ')
                    ),
                },
                {
                  header: t('columns.conversations'),
                  cell: (row) => format.number(row.conversations),
                  align: 'right',
                  width: 110,
                },
              ]}
            />
          )}
          {after !== '' && paths.isError && <ReportError onRetry={() => paths.refetch()} />}
        </ReportCard>
      </Grid>
    </Grid>
  );
}

export function MessageReportPage() {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  const change = useChange();
  const { view, query } = useReportContext();
  const report = useQuery(messageReportQuery(query()));
  const data = report.data;
  if (report.isError && !data) return <ReportError onRetry={() => report.refetch()} />;
  const stem = `parley-messages-${view.from}-${view.to}`;
  const dates = data ? everyDay(data.range.from, data.range.to) : [];
  const channels = data ? [...new Set(data.days.map((day) => day.channel))] : [];

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" justifyContent="flex-end">
        {data && <UpdatedNote updatedAt={data.updatedAt} />}
      </Stack>
      {report.isFetching && <LinearProgress aria-label={t('loading')} sx={{ borderRadius: 1 }} />}
      {data && (
        <>
          <Grid container spacing={2}>
            {(['userMessages', 'botMessages', 'agentMessages', 'conversations'] as const).map((key) => (
              <Grid key={key} size={{ xs: 6, md: 3 }}>
                <KpiTile
                  label={t(`messages.totals.${key}`)}
                  value={format.number(data.totals[key])}
                  change={view.compare ? change.count(data.totals[key], data.previousTotals?.[key]) : null}
                />
              </Grid>
            ))}
          </Grid>
          {data.totals.conversations === 0 ? (
            <ReportCard title={t('messages.volume')}>
              <EmptyState title={t('messages.emptyTitle')} body={t('messages.emptyBody')} />
            </ReportCard>
          ) : (
            <>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, lg: 8 }}>
                  <ReportCard
                    title={t('messages.volume')}
                    subtitle={t('messages.volumeHelp')}
                    action={
                      <CsvButton
                        fileName={`${stem}-volume.csv`}
                        rows={data.days}
                        columns={[
                          { header: t('columns.date'), value: (row) => row.date },
                          { header: t('columns.channel'), value: (row) => row.channel },
                          { header: t('messages.totals.userMessages'), value: (row) => row.userMessages },
                          { header: t('messages.totals.botMessages'), value: (row) => row.botMessages },
                          { header: t('messages.totals.agentMessages'), value: (row) => row.agentMessages },
                        ]}
                      />
                    }
                  >
                    <BarChart
                      height={280}
                      skipAnimation
                      xAxis={[{ scaleType: 'band', data: dates.map(format.day) }]}
                      yAxis={[{ valueFormatter: format.compact }]}
                      series={channels.map((channel) => ({
                        id: channel,
                        label: t('messages.userMessagesOn', { channel }),
                        stack: 'messages',
                        data: dates.map(
                          (date) =>
                            data.days.find((day) => day.date === date && day.channel === channel)
                              ?.userMessages ?? 0,
                        ),
                        valueFormatter: (value: number | null) =>
                          value === null ? '' : format.number(value),
                      }))}
                      grid={{ horizontal: true }}
                    />
                  </ReportCard>
                </Grid>
                <Grid size={{ xs: 12, lg: 4 }}>
                  <ReportCard
                    title={t('messages.lengths')}
                    subtitle={t('messages.lengthsHelp')}
                    action={
                      <CsvButton
                        fileName={`${stem}-lengths.csv`}
                        rows={data.lengths}
                        columns={[
                          { header: t('columns.userMessages'), value: (row) => row.bucket },
                          { header: t('columns.conversations'), value: (row) => row.conversations },
                        ]}
                      />
                    }
                  >
                    <BarChart
                      height={280}
                      skipAnimation
                      hideLegend
                      yAxis={[{ valueFormatter: format.compact }]}
                      xAxis={[
                        {
                          scaleType: 'band',
                          data: data.lengths.map((bucket) => bucket.bucket),
                          label: t('columns.userMessages'),
                        },
                      ]}
                      series={[
                        {
                          label: t('columns.conversations'),
                          data: data.lengths.map((bucket) => bucket.conversations),
                        },
                      ]}
                      grid={{ horizontal: true }}
                    />
                  </ReportCard>
                </Grid>
              </Grid>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, lg: 6 }}>
                  <TextTable
                    header={t('columns.text')}
                    title={t('messages.top')}
                    rows={data.topMessages}
                    fileName={`${stem}-top.csv`}
                    empty={t('messages.noTop')}
                    inbox
                  />
                </Grid>
                <Grid size={{ xs: 12, lg: 6 }}>
                  <TextTable
                    header={t('columns.text')}
                    title={t('messages.unrecognized')}
                    subtitle={t('messages.unrecognizedHelp')}
                    rows={data.topUnrecognized}
                    fileName={`${stem}-unrecognized.csv`}
                    empty={t('messages.noUnrecognized')}
                    inbox
                  />
                </Grid>
                <Grid size={{ xs: 12, lg: 6 }}>
                  <ReportCard
                    title={t('messages.lowConfidence')}
                    subtitle={t('messages.lowConfidenceHelp')}
                    action={
                      <CsvButton
                        fileName={`${stem}-low-confidence.csv`}
                        rows={data.lowConfidence}
                        columns={[
                          { header: t('columns.text'), value: (row) => row.text },
                          { header: t('columns.intent'), value: (row) => row.intent },
                          {
                            header: t('columns.confidence'),
                            value: (row) => row.averageConfidence.toFixed(3),
                          },
                          { header: t('columns.count'), value: (row) => row.count },
                        ]}
                      />
                    }
                  >
                    <ReportTable
                      label={t('messages.lowConfidence')}
                      rows={data.lowConfidence}
                      rowKey={(row) => `${row.text}:${row.intent}`}
                      empty={t('messages.noLowConfidence')}
                      columns={[
                        { header: t('columns.text'), cell: (row) => row.text },
                        { header: t('columns.intent'), cell: (row) => row.intent },
                        {
                          header: t('columns.confidence'),
                          cell: (row) => format.percent(row.averageConfidence),
                          align: 'right',
                        },
                        {
                          header: t('columns.count'),
                          cell: (row) => format.number(row.count),
                          align: 'right',
                        },
                      ]}
                    />
                  </ReportCard>
                </Grid>
                <Grid size={{ xs: 12, lg: 6 }}>
                  <TextTable
                    header={t('columns.button')}
                    title={t('messages.buttons')}
                    rows={data.buttons}
                    fileName={`${stem}-buttons.csv`}
                    empty={t('messages.noButtons')}
                  />
                </Grid>
              </Grid>
              <ReportCard
                title={t('messages.modules')}
                subtitle={t('messages.modulesHelp')}
                action={
                  <CsvButton
                    fileName={`${stem}-modules.csv`}
                    rows={data.modules}
                    columns={[
                      { header: t('columns.module'), value: (row) => row.name ?? row.moduleId },
                      { header: t('columns.type'), value: (row) => row.type },
                      { header: t('columns.visits'), value: (row) => row.visits },
                    ]}
                  />
                }
              >
                <ReportTable
                  label={t('messages.modules')}
                  rows={data.modules}
                  rowKey={(row) => `${row.botId}:${row.moduleId}`}
                  empty={t('messages.noModules')}
                  columns={[
                    {
                      header: t('columns.module'),
                      cell: (row) =>
                        row.name === null ? (
                          <Typography variant="body2" color="text.secondary">
                            {t('messages.removedModule', { id: row.moduleId })}
                          </Typography>
                        ) : (
                          <RouterLink to={`/bots/list/${row.botId}/module/${row.moduleId}/settings`}>
                            {row.name}
                          </RouterLink>
                        ),
                    },
                    { header: t('columns.type'), cell: (row) => row.type ?? '—' },
                    {
                      header: t('columns.visits'),
                      cell: (row) => format.number(row.visits),
                      align: 'right',
                      width: 110,
                    },
                  ]}
                />
              </ReportCard>
              <Typography variant="h3" component="h2" sx={{ pt: 1 }}>
                {t('advanced.title')}
              </Typography>
              <AdvancedReports modules={data.modules} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
