import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TranslationProvider } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../../../shared/api/api-error';
import { useCan } from '../../../shared/session/current-user';
import { providerQuery, useRemoveTranslationKey, useSaveTranslationKey } from '../api/translation';
import { LanguagesCard } from './languages-card';

/** The bot settings' Translation tab: the company's DeepL key the bot inherits, and its languages. */
export function TranslationSettings({ botId }: { botId: string }) {
  const { data } = useSuspenseQuery(providerQuery());
  return (
    <Stack spacing={3}>
      <ProviderCard provider={data} />
      <LanguagesCard botId={botId} />
    </Stack>
  );
}

function ProviderCard({ provider }: { provider: TranslationProvider }) {
  const { t, i18n } = useTranslation('translation');
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('company:manage');
  const [replacing, setReplacing] = useState(false);
  const remove = useRemoveTranslationKey();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <div>
            <Typography variant="h3" component="h2">
              {t('provider.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('provider.subtitle')}
            </Typography>
          </div>
          {provider.configured ? (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Chip color="primary" variant="outlined" label={t(`provider.plan.${provider.plan}`)} />
                <Typography
                  variant="body2"
                  sx={{ fontFamily: 'monospace' }}
                  aria-label={t('provider.keyLabel')}
                >
                  {provider.keyHint}
                </Typography>
              </Stack>
              <Box>
                <Typography variant="body2" sx={{ mb: 0.75 }}>
                  {t('provider.usage', {
                    used: number.format(provider.characterCount),
                    limit: number.format(provider.characterLimit),
                  })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  aria-label={t('provider.usageBar')}
                  value={
                    provider.characterLimit > 0
                      ? Math.min(100, (provider.characterCount / provider.characterLimit) * 100)
                      : 0
                  }
                  sx={{ height: 8, borderRadius: 4, maxWidth: 420 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('provider.checked', {
                    date: new Intl.DateTimeFormat(i18n.language, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }).format(new Date(provider.checkedAt)),
                  })}
                </Typography>
              </Box>
              {provider.problem && (
                <Alert severity="warning">
                  {t(
                    `provider.problem.${provider.problem.reason === 'rate_limited' ? 'quota' : provider.problem.status === 403 ? 'key' : 'other'}`,
                    {
                      message: provider.problem.message,
                    },
                  )}
                </Alert>
              )}
              {canManage && !replacing && (
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" onClick={() => setReplacing(true)}>
                    {t('provider.replace')}
                  </Button>
                  <Button
                    color="error"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: () => enqueueSnackbar(t('provider.removed'), { variant: 'success' }),
                      })
                    }
                  >
                    {t('provider.remove')}
                  </Button>
                </Stack>
              )}
            </>
          ) : (
            !canManage && <Alert severity="info">{t('provider.askAdmin')}</Alert>
          )}
          {canManage && (!provider.configured || replacing) && (
            <KeyForm onDone={() => setReplacing(false)} cancellable={provider.configured} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function KeyForm({ onDone, cancellable }: { onDone: () => void; cancellable: boolean }) {
  const { t } = useTranslation('translation');
  const { enqueueSnackbar } = useSnackbar();
  const [apiKey, setApiKey] = useState('');
  const save = useSaveTranslationKey();
  const message = errorWords(save.error, {
    TranslationKeyRejectedException: t('key.rejected'),
    ValidationException: t('key.malformed'),
    UpstreamException: t('key.unreachable'),
  });
  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { provider: 'deepl', apiKey: apiKey.trim() },
          {
            onSuccess: () => {
              setApiKey('');
              enqueueSnackbar(t('key.saved'), { variant: 'success' });
              onDone();
            },
          },
        );
      }}
    >
      <TextField
        label={t('key.label')}
        type="password"
        autoComplete="off"
        value={apiKey}
        onChange={(event) => setApiKey(event.target.value)}
        helperText={t('key.help')}
        error={Boolean(message)}
        // The field is marked wrong; its help stays help (the error is said below, in red).
        slotProps={{ formHelperText: { error: false } }}
        sx={{ maxWidth: 520 }}
      />
      {message && <Alert severity="error">{message}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={save.isPending || apiKey.trim() === ''}>
          {save.isPending ? t('key.checking') : t('key.save')}
        </Button>
        {cancellable && <Button onClick={onDone}>{t('key.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}
