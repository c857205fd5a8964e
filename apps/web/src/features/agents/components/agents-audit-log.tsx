import { Alert, Box, Card, CircularProgress, Stack, Typography } from '@mui/material';
import type { AuditEntry } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agentAuditQuery } from '../api/agents-admin';

function EntryRow({ entry }: { entry: AuditEntry }) {
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
    </Stack>
  );
}

/** The company's audit log, its entries about agents, prompts, tools and their settings only. */
export function AgentsAuditLog() {
  const { t } = useTranslation('agents-admin');
  const log = useQuery(agentAuditQuery);
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h2">{t('audit.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('audit.help')}
        </Typography>
      </Box>
      {log.error && <Alert severity="error">{log.error.message}</Alert>}
      {log.isPending && <CircularProgress aria-label={t('loading')} />}
      {log.data && (
        <Card variant="outlined">
          {log.data.items.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
          {log.data.items.length === 0 && (
            <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>{t('audit.empty')}</Box>
          )}
        </Card>
      )}
    </Stack>
  );
}
