import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { GenerativeSettings, GenerativeTab as Tab } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useCan } from '../../../shared/session/current-user';
import { generativeQuery, useSaveGenerative } from '../api/generative';
import { GenerativeSettingsForm, SaveBar } from './generative-settings-form';
import { GenerativeTestPanel } from './generative-test-panel';

/**
 * The generative response tab: how the bot answers from its knowledge when it does not understand
 * a message, and a test panel beside it that asks under the settings as they stand in the form.
 */
export function GenerativeTab({ botId }: { botId: string }) {
  const { data } = useSuspenseQuery(generativeQuery(botId));
  // Here, not in the form: the form remounts when a save lands, and the save's toast must not go with it.
  const save = useSaveGenerative(botId);
  // Remounts the form when the saved settings change (after a save or a reload).
  return <GenerativeEditor key={`${data.draftRevision}`} botId={botId} tab={data} save={save} />;
}

function GenerativeEditor({
  botId,
  tab,
  save,
}: {
  botId: string;
  tab: Tab;
  save: ReturnType<typeof useSaveGenerative>;
}) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('bots:manage');
  const [settings, setSettings] = useState<GenerativeSettings>(tab.settings);
  const dirty = JSON.stringify(settings) !== JSON.stringify(tab.settings);
  const onSave = () =>
    save.mutate(
      { settings, baseRevision: tab.draftRevision },
      {
        onSuccess: () => enqueueSnackbar(t('generative.saved'), { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar(isApiError(error) ? error.message : t('generative.saveFailed'), {
            variant: 'error',
          }),
      },
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={2.5}>
            <div>
              <Typography variant="h3" component="h2">
                {t('generative.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('generative.subtitle')}
              </Typography>
            </div>
            {tab.unpublished && !dirty && (
              <Alert severity="info">
                {t('generative.unpublished')}{' '}
                <Link component={RouterLink} to={`/v2/lite/bots/${botId}/settings`} fontWeight={600}>
                  {t('generative.publishLink')}
                </Link>
              </Alert>
            )}
            <GenerativeSettingsForm
              tab={tab}
              settings={settings}
              onChange={setSettings}
              disabled={!canManage || save.isPending}
            />
            {canManage && (
              <SaveBar
                dirty={dirty}
                saving={save.isPending}
                onSave={onSave}
                onDiscard={() => setSettings(tab.settings)}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ alignSelf: 'start' }}>
        <CardContent sx={{ p: 3 }}>
          {canManage ? (
            <GenerativeTestPanel botId={botId} settings={settings} />
          ) : (
            <Typography color="text.secondary">{t('generative.testNeedsRights')}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
