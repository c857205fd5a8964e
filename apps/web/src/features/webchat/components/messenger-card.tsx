import FacebookRounded from '@mui/icons-material/FacebookRounded';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { MessengerStatus } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/session/current-user';
import { messengerStatusQuery, useConnectMessenger, useDisconnectMessenger } from '../api/messenger';
import { deploymentsQuery } from '../api/webchat';
import { ChannelDisconnect } from './channel-disconnect';

type Connected = Extract<MessengerStatus, { connected: true }>;

/**
 * The bot settings' Messenger tab: connect the bot's published deployment to a Facebook Page
 * (its token checked with Graph), see what to paste into Meta's app dashboard and how the
 * connection is doing, replace an expired token, disconnect.
 */
export function MessengerCard({ botId }: { botId: string }) {
  const { t } = useTranslation('webchat');
  const { data: deployments } = useSuspenseQuery(deploymentsQuery(botId));
  const deployment = deployments.find((one) => one.channel === 'webchat');
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <FacebookRounded sx={{ color: '#2563eb', fontSize: 32, mt: 0.25 }} aria-hidden />
            <div>
              <Typography variant="h3" component="h2">
                {t('messenger.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('messenger.subtitle')}
              </Typography>
            </div>
          </Stack>
          {deployment ? (
            <Connection deploymentId={deployment.id} />
          ) : (
            <Alert severity="info">{t('messenger.needsDeployment')}</Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Connection({ deploymentId }: { deploymentId: string }) {
  const { data } = useSuspenseQuery(messengerStatusQuery(deploymentId));
  return data.connected ? (
    <ConnectedStatus deploymentId={deploymentId} status={data} />
  ) : (
    <ConnectForm deploymentId={deploymentId} />
  );
}

function ConnectForm({
  deploymentId,
  current,
  onDone,
}: {
  deploymentId: string;
  current?: Connected;
  onDone?: () => void;
}) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canPublish = useCan('bots:publish');
  const connect = useConnectMessenger(deploymentId);
  const [pageId, setPageId] = useState(current?.pageId ?? '');
  const [pageAccessToken, setPageAccessToken] = useState('');
  const [appSecret, setAppSecret] = useState('');
  const [verifyToken, setVerifyToken] = useState('');
  const complete = pageId.trim() && pageAccessToken.trim() && appSecret.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(
      {
        pageId: pageId.trim(),
        pageAccessToken: pageAccessToken.trim(),
        appSecret: appSecret.trim(),
        ...(verifyToken.trim() ? { verifyToken: verifyToken.trim() } : {}),
      },
      {
        onSuccess: () => {
          enqueueSnackbar(t('messenger.connected'), { variant: 'success' });
          onDone?.();
        },
      },
    );
  };

  if (!canPublish) return <Typography color="text.secondary">{t('messenger.notConnected')}</Typography>;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} sx={{ maxWidth: 560 }}>
      <TextField
        label={t('messenger.pageId')}
        helperText={t('messenger.pageIdHelp')}
        value={pageId}
        onChange={(e) => setPageId(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
      />
      <TextField
        label={t('messenger.pageAccessToken')}
        helperText={t('messenger.pageAccessTokenHelp')}
        type="password"
        autoComplete="off"
        value={pageAccessToken}
        onChange={(e) => setPageAccessToken(e.target.value)}
        required
      />
      <TextField
        label={t('messenger.appSecret')}
        helperText={t('messenger.appSecretHelp')}
        type="password"
        autoComplete="off"
        value={appSecret}
        onChange={(e) => setAppSecret(e.target.value)}
        required
      />
      <TextField
        label={t('messenger.verifyToken')}
        helperText={current ? t('messenger.verifyTokenKeep') : t('messenger.verifyTokenHelp')}
        value={verifyToken}
        onChange={(e) => setVerifyToken(e.target.value)}
      />
      {connect.error && <Alert severity="error">{connect.error.message}</Alert>}
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" disabled={!complete || connect.isPending}>
          {connect.isPending ? t('messenger.connecting') : t('messenger.connect')}
        </Button>
        {onDone && <Button onClick={onDone}>{t('messenger.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 200 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

function ConnectedStatus({ deploymentId, status }: { deploymentId: string; status: Connected }) {
  const { t, i18n } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canPublish = useCan('bots:publish');
  const disconnect = useDisconnectMessenger(deploymentId);
  const [replacing, setReplacing] = useState(false);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  if (replacing)
    return <ConnectForm deploymentId={deploymentId} current={status} onDone={() => setReplacing(false)} />;
  return (
    <Stack spacing={2}>
      {status.disconnectedAt ? (
        <Alert severity="error">
          <AlertTitle>{t('messenger.disconnectedTitle')}</AlertTitle>
          {t('messenger.disconnectedBecause', {
            date: when(status.disconnectedAt),
            reason: status.disconnectedReason ?? '',
          })}
        </Alert>
      ) : (
        <Chip
          color="success"
          variant="outlined"
          label={t('messenger.connectedTo', { page: status.pageName, date: when(status.connectedAt) })}
          sx={{ alignSelf: 'flex-start' }}
        />
      )}
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: '#f8fafc', border: '1px solid', borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('messenger.setupTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('messenger.setupHelp')}
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Row label={t('messenger.webhookUrl')} value={status.webhookUrl} />
          <Row label={t('messenger.verifyToken')} value={status.verifyToken} />
        </Stack>
      </Box>
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        <Row label={t('messenger.page')} value={`${status.pageName} (${status.pageId})`} />
        <Row label={t('messenger.pageAccessToken')} value={status.pageAccessTokenHint} />
        <Row label={t('messenger.appSecret')} value={status.appSecretHint} />
        <Row label={t('messenger.graphVersion')} value={status.graphVersion} />
        <Row
          label={t('messenger.lastEvent')}
          value={status.lastEventAt ? when(status.lastEventAt) : t('messenger.noEvents')}
        />
      </Stack>
      {status.lastError && status.lastErrorAt && (
        <Alert severity="warning">
          {t('messenger.lastError', { date: when(status.lastErrorAt), error: status.lastError })}
        </Alert>
      )}
      {disconnect.error && <Alert severity="error">{disconnect.error.message}</Alert>}
      {canPublish && (
        <ChannelDisconnect
          words={{
            confirm: t('messenger.disconnectConfirm'),
            disconnect: t('messenger.disconnect'),
            cancel: t('messenger.cancel'),
          }}
          pending={disconnect.isPending}
          onDisconnect={() =>
            disconnect.mutate(undefined, {
              onSuccess: () => enqueueSnackbar(t('messenger.disconnected'), { variant: 'success' }),
            })
          }
          actions={
            <Button
              variant={status.disconnectedAt ? 'contained' : 'outlined'}
              onClick={() => setReplacing(true)}
            >
              {t('messenger.replaceToken')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
