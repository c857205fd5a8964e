import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  Link,
  MenuItem,
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { translationUsageQuery } from '../api/translation';

/** This month and the eleven before it, as `2026-11`, newest first. */
function lastMonths(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
}

/**
 * Company settings: what each bot had machine-translated in a month, so an admin sees which bot
 * spends the company's DeepL characters.
 */
export function TranslationUsageCard() {
  const { t, i18n } = useTranslation('translation');
  const months = lastMonths();
  const [month, setMonth] = useState(months[0] ?? '');
  const usage = useQuery({ ...translationUsageQuery(month), placeholderData: keepPreviousData });
  const number = new Intl.NumberFormat(i18n.language);
  const monthName = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}-01T00:00:00Z`),
    );
  const data = usage.data;
  return (
    <Card aria-labelledby="translation-usage-title">
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
          >
            <div>
              <Typography variant="h3" component="h2" id="translation-usage-title">
                {t('usage.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('usage.subtitle')}
              </Typography>
            </div>
            <TextField
              select
              size="small"
              label={t('usage.month')}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              sx={{ minWidth: 200 }}
            >
              {months.map((value) => (
                <MenuItem key={value} value={value}>
                  {monthName(value)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {usage.isError && (
            <Typography color="error" role="alert">
              {usage.error.message}
            </Typography>
          )}
          {data && data.bots.length === 0 && (
            <Typography color="text.secondary">
              {t('usage.none', { month: monthName(data.month) })}
            </Typography>
          )}
          {data && data.bots.length > 0 && (
            <>
              <Typography variant="body2">
                {t('usage.total', {
                  characters: number.format(data.characters),
                  requests: number.format(data.requests),
                })}
              </Typography>
              <TableContainer>
                <Table size="small" aria-label={t('usage.table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('usage.bot')}</TableCell>
                      <TableCell align="right">{t('usage.characters')}</TableCell>
                      <TableCell align="right">{t('usage.requests')}</TableCell>
                      <TableCell sx={{ width: '30%' }}>{t('usage.share')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.bots.map((bot) => {
                      const share = data.characters > 0 ? (bot.characters / data.characters) * 100 : 0;
                      return (
                        <TableRow key={bot.botId}>
                          <TableCell>
                            {bot.deleted ? (
                              <Typography variant="body2" color="text.secondary">
                                {t('usage.deleted', { name: bot.name })}
                              </Typography>
                            ) : (
                              <Link
                                component={RouterLink}
                                to={`/v2/lite/bots/${bot.botId}/settings/languages`}
                              >
                                {bot.name}
                              </Link>
                            )}
                          </TableCell>
                          <TableCell align="right">{number.format(bot.characters)}</TableCell>
                          <TableCell align="right">{number.format(bot.requests)}</TableCell>
                          <TableCell>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                              <LinearProgress
                                variant="determinate"
                                value={share}
                                aria-label={t('usage.shareOf', { name: bot.name })}
                                sx={{ flex: 1, height: 6, borderRadius: 3 }}
                              />
                              <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
                                {`${Math.round(share)}%`}
                              </Typography>
                            </Box>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
