import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import type { WebhookDeliverySummary } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { CodeBlock } from '../../../shared/ui/code-block';
import { PageContainer } from '../../../shared/ui/page-container';
import { deliveryQuery, useReplayDelivery } from '../api/webhooks';
import { deliveredAt, OutcomeIcon, useOutcomeText } from './deliveries-page';
import { RequestPreview } from './request-preview';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" fontWeight={600} component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Other deliveries of this one (attempts, replays), each a line opening onto it. */
function RelatedList({
  title,
  deliveries,
  current,
}: {
  title: string;
  deliveries: WebhookDeliverySummary[];
  current: string;
}) {
  const { t, i18n } = useTranslation('webhooks');
  const outcome = useOutcomeText();
  return (
    <Box>
      <Typography variant="h4" component="h2" gutterBottom>
        {title}
      </Typography>
      <Card variant="outlined">
        {deliveries.map((delivery) => (
          <Stack
            key={delivery.id}
            direction="row"
            spacing={1.5}
            alignItems="center"
            sx={{ px: 2, py: 1.25, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
          >
            <OutcomeIcon ok={delivery.ok} />
            {delivery.id === current ? (
              <Typography variant="body2" fontWeight={600}>
                {t('log.attempt', { attempt: delivery.attempt })} · {t('log.thisOne')}
              </Typography>
            ) : (
              <Link component={RouterLink} to={`/webhook/deliveries/${delivery.id}`} variant="body2">
                {delivery.kind === 'replay'
                  ? deliveredAt(delivery.createdAt, i18n.resolvedLanguage)
                  : t('log.attempt', { attempt: delivery.attempt })}
              </Link>
            )}
            <Typography variant="body2" color="text.secondary">
              {outcome(delivery)}
            </Typography>
          </Stack>
        ))}
      </Card>
    </Box>
  );
}

/** `/webhook/deliveries/:id`: what one delivery sent and got back; sending it again. */
export function DeliveryPage() {
  const { deliveryId = '' } = useParams();
  const { t, i18n } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const { data: delivery } = useSuspenseQuery(deliveryQuery(deliveryId));
  const [confirming, setConfirming] = useState(false);
  const replay = useReplayDelivery(deliveryId);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const outcome = useOutcomeText();
  const status = delivery.status === null ? t('log.noStatus') : String(delivery.status);

  return (
    <PageContainer>
      <Box>
        <Button
          component={RouterLink}
          to="/webhook/deliveries"
          startIcon={<ArrowBackRounded />}
          sx={{ mb: 1 }}
        >
          {t('log.title')}
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ flex: 1, minWidth: 0 }}>
            <OutcomeIcon ok={delivery.ok} />
            <Typography variant="h1" noWrap>
              {t('log.deliveryTitle', { name: delivery.instanceName ?? t('log.removedInstance') })}
            </Typography>
          </Stack>
          <Button
            variant="contained"
            startIcon={<ReplayRounded />}
            disabled={!delivery.replayable}
            onClick={() => setConfirming(true)}
          >
            {t('log.replay')}
          </Button>
        </Stack>
        <Typography color={delivery.ok ? 'text.secondary' : 'error.main'} sx={{ mt: 0.5 }}>
          {outcome(delivery)}
        </Typography>
      </Box>
      {!delivery.replayable && <Alert severity="info">{t('log.notReplayable')}</Alert>}
      <Card variant="outlined" sx={{ p: 2.5 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
          }}
        >
          <Fact label={t('log.when')}>{deliveredAt(delivery.createdAt, i18n.resolvedLanguage)}</Fact>
          <Fact label={t('log.kindLabel')}>{t(`log.kind.${delivery.kind}`)}</Fact>
          <Fact label={t('log.bot')}>
            {delivery.botId ? (
              <Link component={RouterLink} to={`/webhook/deliveries?botId=${delivery.botId}`}>
                {delivery.botName ?? delivery.botId}
              </Link>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label={t('log.conversation')}>
            {delivery.conversationId ? (
              <Link
                component={RouterLink}
                to={`/webhook/deliveries?conversationId=${delivery.conversationId}`}
              >
                {delivery.conversationId.slice(0, 8)}
              </Link>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label={t('log.module')}>{delivery.moduleId ?? '—'}</Fact>
          <Fact label={t('log.status')}>{status}</Fact>
          <Fact label={t('log.time')}>{t('log.ms', { ms: delivery.durationMs })}</Fact>
          {delivery.replayOf && (
            <Fact label={t('log.replayOf')}>
              <Link component={RouterLink} to={`/webhook/deliveries/${delivery.replayOf}`}>
                {t('log.original')}
              </Link>
            </Fact>
          )}
        </Box>
      </Card>
      {delivery.failure && (
        <Alert severity="error">
          <strong>{tc(`callFailure.${delivery.failure.reason}`, { status })}</strong> —{' '}
          {delivery.failure.message}
        </Alert>
      )}
      <Box>
        <Typography variant="h4" component="h2" gutterBottom>
          {t('log.request')}
        </Typography>
        <RequestPreview request={delivery.request} label={t('log.request')} />
        <Typography variant="caption" color="text.secondary">
          {t('log.masked')}
        </Typography>
      </Box>
      <Box>
        <Typography variant="h4" component="h2" gutterBottom>
          {t('log.response')}
        </Typography>
        <CodeBlock code={delivery.responseBody || t('log.emptyBody')} label={t('log.response')} />
      </Box>
      {delivery.attempts.length > 1 && (
        <RelatedList title={t('log.attempts')} deliveries={delivery.attempts} current={delivery.id} />
      )}
      {delivery.replays.length > 0 && (
        <RelatedList title={t('log.replays')} deliveries={delivery.replays} current={delivery.id} />
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('log.replayTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('log.replayText', { name: delivery.instanceName ?? '', url: delivery.url })}
          </DialogContentText>
          {replay.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {replay.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={replay.isPending}
            onClick={() =>
              replay.mutate(undefined, {
                onSuccess: (result) => {
                  setConfirming(false);
                  enqueueSnackbar(result.ok ? t('log.replayed') : t('log.replayFailed'), {
                    variant: result.ok ? 'success' : 'error',
                  });
                  void navigate(`/webhook/deliveries/${result.deliveryId}`);
                },
              })
            }
          >
            {replay.isPending ? t('log.replaying') : t('log.replayConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </PageContainer>
  );
}
