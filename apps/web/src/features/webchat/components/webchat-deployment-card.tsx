import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { useCan } from '../../../shared/session/current-user';
import {
  deploymentsQuery,
  testDeploymentQuery,
  useCreateWebchatDeployment,
  usePublishBot,
  versionsQuery,
} from '../api/webchat';
import { EmbedSnippet } from './embed-snippet';

/** Publish the draft, put the bot on a website, and copy the tag that does it. */
export function WebchatDeploymentCard({ botId }: { botId: string }) {
  const { t, i18n } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const { data: versions } = useSuspenseQuery(versionsQuery(botId));
  const { data: deployments } = useSuspenseQuery(deploymentsQuery(botId));
  const { data: testDeployment } = useSuspenseQuery(testDeploymentQuery(botId));
  const publish = usePublishBot(botId);
  const create = useCreateWebchatDeployment(botId);
  const canPublish = useCan('bots:publish');
  const latest = versions[0];
  const webchat = deployments.find((deployment) => deployment.channel === 'webchat');
  const refused = publish.error && isApiError(publish.error) && publish.error.status === 400;

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <div>
            <Typography variant="h3" component="h2">
              {t('deploy.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('deploy.subtitle')}
            </Typography>
          </div>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography>
              {latest
                ? t('deploy.published', {
                    version: latest.version,
                    date: new Intl.DateTimeFormat(i18n.language, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }).format(new Date(latest.created_at)),
                  })
                : t('deploy.notPublished')}
            </Typography>
            {canPublish && (
              <Button
                variant={latest ? 'outlined' : 'contained'}
                disabled={publish.isPending}
                onClick={() =>
                  publish.mutate(undefined, {
                    // "Live" only when a web chat serves it: the server says which ones now do.
                    onSuccess: ({ version, deployments: serving }) =>
                      enqueueSnackbar(
                        t(serving.length > 0 ? 'deploy.publishedToast' : 'deploy.publishedNowhereToast', {
                          version: version.version,
                        }),
                        { variant: 'success' },
                      ),
                  })
                }
              >
                {publish.isPending ? t('deploy.publishing') : t('deploy.publish')}
              </Button>
            )}
          </Stack>
          <Button
            variant="text"
            startIcon={<PlayCircleOutline />}
            href={`/v2/lite/bots/${testDeployment.id}/tester`}
            target="_blank"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('deploy.tryDraft')}
          </Button>
          {publish.error && (
            <Alert severity="error">{refused ? t('deploy.publishRefused') : publish.error.message}</Alert>
          )}
          {create.error && <Alert severity="error">{create.error.message}</Alert>}
          {webchat ? (
            <>
              <Chip
                color="success"
                variant="outlined"
                label={t('deploy.live', { version: webchat.version })}
                sx={{ alignSelf: 'flex-start' }}
              />
              <EmbedSnippet deploymentKey={webchat.key} />
            </>
          ) : (
            latest &&
            canPublish && (
              <Button
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                disabled={create.isPending}
                onClick={() => create.mutate()}
              >
                {t('deploy.create')}
              </Button>
            )
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
