import {
  Alert,
  Box,
  Card,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type AudienceFilter, audienceFilterSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { audiencePreviewQuery } from '../api/audiences';

/** The filter once it has stopped changing for a moment, so typing does not ask on every key. */
function useSettled<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** How many contacts the filter matches, live, and the newest of them. */
export function AudiencePreview({ filter }: { filter: AudienceFilter }) {
  const { t, i18n } = useTranslation('audiences');
  const parsed = audienceFilterSchema.safeParse(useSettled(filter));
  const preview = useQuery({
    ...audiencePreviewQuery(
      parsed.success ? parsed.data : { schemaVersion: 1, match: 'all', conditions: [] },
    ),
    enabled: parsed.success,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="overline" color="text.secondary">
        {t('preview.title')}
      </Typography>
      {!parsed.success ? (
        <Alert severity="info">{t('preview.incomplete')}</Alert>
      ) : preview.isError ? (
        <Alert severity="error">{preview.error.message}</Alert>
      ) : (
        <>
          <Box sx={{ height: 4 }}>
            {preview.isFetching && <LinearProgress aria-label={t('preview.counting')} />}
          </Box>
          <Typography variant="h3" component="p" aria-live="polite" data-testid="audience-count">
            {preview.data ? number.format(preview.data.count) : '…'}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {t('preview.contacts', { count: preview.data?.count ?? 0 })}
          </Typography>
          {preview.data && preview.data.sample.length > 0 && (
            <Table size="small" aria-label={t('preview.sample')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('preview.who')}</TableCell>
                  <TableCell>{t('preview.channel')}</TableCell>
                  <TableCell>{t('preview.language')}</TableCell>
                  <TableCell>{t('preview.lastSeen')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.data.sample.map((contact) => (
                  <TableRow key={contact.id}>
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center">
                        <span>{contact.name ?? contact.email ?? t('preview.anonymous')}</span>
                        {contact.optedOut && <Chip size="small" label={t('preview.optedOut')} />}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      {t(`channels.${contact.channel}`, { defaultValue: contact.channel })}
                    </TableCell>
                    <TableCell>{contact.language ?? '—'}</TableCell>
                    <TableCell>
                      {contact.lastSeenAt ? date.format(new Date(contact.lastSeenAt)) : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Card>
  );
}
