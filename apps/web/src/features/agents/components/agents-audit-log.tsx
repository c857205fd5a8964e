import { Alert, Box, Button, Card, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import type { AgentAuditEntry } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentAuditQuery } from '../api/agents-admin';
import { StaffCompanyPicker, useIsStaff } from './staff-company-picker';

function EntryRow({ entry, showCompany }: { entry: AgentAuditEntry; showCompany: boolean }) {
  const { t, i18n } = useTranslation('agents-admin');
  const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(entry.at),
  );
  const what = t(`audit.actions.${entry.action}`, { defaultValue: entry.action });
  const details = Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ px: 2.5, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ width: 170, flexShrink: 0 }}>
        {at}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">
          <strong>{entry.actor?.name ?? t('audit.someone')}</strong> {what}
          {entry.target?.label ? ` · ${entry.target.label}` : ''}
        </Typography>
        {details && (
          <Typography variant="caption" color="text.secondary">
            {details}
          </Typography>
        )}
      </Box>
      {showCompany && (
        <Box sx={{ flexShrink: 0 }}>
          <Chip size="small" variant="outlined" label={entry.company.name} />
        </Box>
      )}
    </Stack>
  );
}

/**
 * The audit log's entries about agents, prompts, tools and their settings: the company's own, or
 * for Parley staff every company's (each entry naming its company) or one company's they pick.
 */
export function AgentsAuditLog() {
  const { t } = useTranslation('agents-admin');
  const staff = useIsStaff();
  const [companyId, setCompanyId] = useState<string | undefined>(undefined);
  const log = useInfiniteQuery(agentAuditQuery(companyId));
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <Box sx={{ flex: 1 }}>
          <Typography variant="h2">{t('audit.title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(staff ? 'audit.helpStaff' : 'audit.help')}
          </Typography>
        </Box>
        <StaffCompanyPicker value={companyId} onChange={setCompanyId} everyCompany />
      </Stack>
      {log.error && <Alert severity="error">{log.error.message}</Alert>}
      {log.isPending && <CircularProgress aria-label={t('loading')} />}
      {log.data && (
        <Card variant="outlined" aria-label={t('audit.title')} role="region">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} showCompany={staff && companyId === undefined} />
          ))}
          {entries.length === 0 && (
            <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>{t('audit.empty')}</Box>
          )}
        </Card>
      )}
      {log.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {t('audit.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
