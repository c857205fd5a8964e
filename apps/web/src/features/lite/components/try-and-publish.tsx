import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { LiteBot } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../shared/session/current-user';
import { deploymentsQuery, testDeploymentQuery } from '../../webchat/api/webchat';
import { EmbedSnippet } from '../../webchat/components/embed-snippet';
import { usePublishToSite } from '../api/lite';

/** The draft running in the tester beside one button that publishes it and gives the embed code. */
export function TryAndPublish({ liteBot }: { liteBot: LiteBot }) {
  const { t } = useTranslation('lite');
  const botId = liteBot.id;
  const { data: testDeployment } = useSuspenseQuery(testDeploymentQuery(botId));
  const { data: deployments } = useQuery(deploymentsQuery(botId));
  const publish = usePublishToSite(botId);
  const canPublish = useCan('bots:publish');
  const webchat = publish.data ?? deployments?.find((deployment) => deployment.channel === 'webchat');

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h3" component="h2">
              {t('publish.tryTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {t('publish.tryHelp')}
            </Typography>
            <Box
              component="iframe"
              title={t('publish.testerTitle', { name: liteBot.bot.name })}
              src={`/v2/lite/bots/${testDeployment.id}/tester`}
              sx={{
                width: '100%',
                height: 520,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'background.default',
              }}
            />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent sx={{ p: 3 }}>
            <Stack spacing={2.5}>
              <div>
                <Typography variant="h3" component="h2">
                  {t('publish.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('publish.help')}
                </Typography>
              </div>
              {webchat && !publish.isPending ? (
                <>
                  <Alert icon={<CheckCircleRounded />} severity="success">
                    {t('publish.live')}
                  </Alert>
                  <EmbedSnippet deploymentKey={webchat.key} />
                </>
              ) : canPublish ? (
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<RocketLaunchRounded />}
                  disabled={publish.isPending}
                  onClick={() => publish.mutate()}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {publish.isPending ? t('publish.publishing') : t('publish.action')}
                </Button>
              ) : (
                <Alert severity="info">{t('publish.notAllowed')}</Alert>
              )}
              {publish.error && <Alert severity="error">{publish.error.message}</Alert>}
              <Stack direction="row" spacing={1.5} sx={{ pt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                <Button component={Link} to="/v2/lite" variant="outlined">
                  {t('publish.toHome')}
                </Button>
                <Button component={Link} to={`/v2/lite/bots/${botId}/settings`} variant="text">
                  {t('publish.toSettings')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
