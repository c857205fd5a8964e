import {
  Box,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useOutletContext, useSearchParams } from 'react-router';
import { currentUserQuery } from '../../../shared/session/current-user';
import { ContextSelectors } from '../../inbox/components/context-selectors';
import { useRememberedContext } from '../../inbox/model/use-remembered-context';
import {
  PRESETS,
  type Preset,
  presetRange,
  type ReportView,
  readReportView,
  reportQuery,
  validRange,
  writeReportView,
} from '../model/report-view';

export interface ReportContext {
  view: ReportView;
  /** The person's own company (requests name a company only when it is another). */
  ownCompanyId: string;
  /** The company the report is about. */
  companyId: string;
  update(patch: Partial<ReportView>): void;
  /** The query a report request sends (the domain only when asked: only traffic narrows to one). */
  query(options?: { domain?: boolean }): URLSearchParams;
}

export const useReportContext = () => useOutletContext<ReportContext>();

const TABS = [
  { path: '/v2/reports', label: 'tabs.traffic' },
  { path: '/v2/reports/business', label: 'tabs.business' },
  { path: '/v2/reports/messages', label: 'tabs.messages' },
] as const;

function RangeControls({ view, update }: { view: ReportView; update: ReportContext['update'] }) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState({ from: view.from, to: view.to });
  useEffect(() => setDraft({ from: view.from, to: view.to }), [view.from, view.to]);
  const invalid = view.preset === 'custom' && !validRange(draft.from, draft.to);
  const applyDay = (patch: Partial<typeof draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const range = validRange(next.from, next.to);
    if (range) update({ preset: 'custom', ...range });
  };
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
      <TextField
        select
        size="small"
        label={t('range.label')}
        value={view.preset}
        onChange={(event) => {
          const preset = event.target.value as Preset;
          update(preset === 'custom' ? { preset } : { preset, ...presetRange(preset) });
        }}
        sx={{ width: 180 }}
      >
        {PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`range.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {view.preset === 'custom' && (
        <>
          <TextField
            type="date"
            size="small"
            label={t('range.from')}
            value={draft.from}
            onChange={(event) => applyDay({ from: event.target.value })}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
          <TextField
            type="date"
            size="small"
            label={t('range.to')}
            value={draft.to}
            onChange={(event) => applyDay({ to: event.target.value })}
            error={invalid}
            helperText={invalid ? t('range.invalid') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
        </>
      )}
      <FormControlLabel
        control={
          <Switch checked={view.compare} onChange={(event) => update({ compare: event.target.checked })} />
        }
        label={t('range.compare')}
      />
    </Stack>
  );
}

/**
 * `/v2/reports`, `/v2/reports/business` and `/v2/reports/messages`: company, bot, range and the
 * comparison live in the address (shared by the three tabs), so links and reloads show the same.
 */
export function ReportsLayout() {
  const { t } = useTranslation('reports');
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => readReportView(search), [search]);
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const viewRef = useRef(view);
  viewRef.current = view;

  // Without a company and bot in the address, reports open on the ones picked last (as the inbox).
  useRememberedContext(view, (saved) => setSearch(writeReportView({ ...view, ...saved }), { replace: true }));

  const update = useCallback(
    (patch: Partial<ReportView>) => setSearch(writeReportView({ ...viewRef.current, ...patch })),
    [setSearch],
  );
  const companyId = view.companyId ?? user.company.id;
  const context: ReportContext = {
    view,
    ownCompanyId: user.company.id,
    companyId,
    update,
    query: (options) => reportQuery(view, user.company.id, options?.domain ?? false),
  };
  const tab = TABS.find((candidate) => candidate.path === pathname.replace(/\/$/, ''))?.path ?? TABS[0].path;

  return (
    <Stack spacing={2.5}>
      <Stack
        direction="row"
        alignItems="flex-end"
        justifyContent="space-between"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
      >
        <Box>
          <Typography variant="h2" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        <ContextSelectors
          companyId={companyId}
          botId={view.botId}
          onChange={(next) => update({ companyId: next.companyId, botId: next.botId, domain: undefined })}
        />
      </Stack>
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tabs value={tab} aria-label={t('tabs.label')}>
          {TABS.map((item) => (
            <Tab
              key={item.path}
              value={item.path}
              label={t(item.label)}
              component={RouterLink}
              to={`${item.path}?${writeReportView(view)}`}
            />
          ))}
        </Tabs>
        <Box sx={{ pb: 1 }}>
          <RangeControls view={view} update={update} />
        </Box>
      </Stack>
      <Outlet context={context} />
    </Stack>
  );
}
