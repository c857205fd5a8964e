import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { SunshineRegion, SunshineStatus } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/session/current-user';
import { sunshineStatusQuery, useConnectSunshine, useDisconnectSunshine } from '../api/messaging-suite';
import { deploymentsQuery } from '../api/webchat';
import { ChannelDisconnect } from './channel-disconnect';

/**
 * The bot settings' Messaging suite tab: connect the bot's published deployment to a Sunshine
 * Conversations (Zendesk) app, see how the connection is doing, disconnect it.
 */
export function MessagingSuiteCard({ botId }: { botId: string }) {
  const { t } = useTranslation('webchat');
  const { data: deployments } = useSuspenseQuery(deploymentsQuery(botId));
  const deployment = deployments.find((one) => one.channel === 'webchat');
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <div>
            <Typography variant="h3" component="h2">
              {t('messaging.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('messaging.subtitle')}
            </Typography>
          </div>
          {deployment ? (
            <Connection deploymentId={deployment.id} />
          ) : (
            <Alert severity="info">{t('messaging.needsDeployment')}</Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Connection({ deploymentId }: { deploymentId: string }) {
  const { data } = useSuspenseQuery(sunshineStatusQuery(deploymentId));
  return data.connected ? (
    <ConnectedStatus deploymentId={deploymentId} status={data} />
  ) : (
    <ConnectForm deploymentId={deploymentId} />
  );
}

function ConnectForm({ deploymentId }: { deploymentId: string }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canPublish = useCan('bots:publish');
  const connect = useConnectSunshine(deploymentId);
  const [appId, setAppId] = useState('');
  const [keyId, setKeyId] = useState('');
  const [keySecret, setKeySecret] = useState('');
  const [region, setRegion] = useState<SunshineRegion>('us');
  const [apiUrl, setApiUrl] = useState('');
  const [firstResponder, setFirstResponder] = useState<'bot' | 'agents'>('bot');
  const complete = appId.trim() && keyId.trim() && keySecret.trim() && (region !== 'custom' || apiUrl.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(
      {
        appId,
        keyId,
        keySecret,
        region,
        ...(region === 'custom' ? { apiUrl: apiUrl.trim() } : {}),
        firstResponder,
      },
      { onSuccess: () => enqueueSnackbar(t('messaging.connected'), { variant: 'success' }) },
    );
  };

  if (!canPublish) return <Typography color="text.secondary">{t('messaging.notConnected')}</Typography>;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} sx={{ maxWidth: 560 }}>
      <TextField
        label={t('messaging.appId')}
        value={appId}
        onChange={(e) => setAppId(e.target.value)}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('messaging.keyId')}
          value={keyId}
          onChange={(e) => setKeyId(e.target.value)}
          required
          fullWidth
        />
        <TextField
          label={t('messaging.keySecret')}
          type="password"
          autoComplete="off"
          value={keySecret}
          onChange={(e) => setKeySecret(e.target.value)}
          required
          fullWidth
        />
      </Stack>
      <TextField
        select
        label={t('messaging.region')}
        value={region}
        onChange={(e) => setRegion(e.target.value as SunshineRegion)}
      >
        <MenuItem value="us">{t('messaging.regions.us')}</MenuItem>
        <MenuItem value="eu">{t('messaging.regions.eu')}</MenuItem>
        <MenuItem value="custom">{t('messaging.regions.custom')}</MenuItem>
      </TextField>
      {region === 'custom' && (
        <TextField
          label={t('messaging.apiUrl')}
          placeholder={t('messaging.apiUrlPlaceholder')}
          value={apiUrl}
          onChange={(e) => setApiUrl(e.target.value)}
          required
        />
      )}
      <div>
        <Typography variant="subtitle2" id="first-responder">
          {t('messaging.firstResponder')}
        </Typography>
        <RadioGroup
          aria-labelledby="first-responder"
          value={firstResponder}
          onChange={(e) => setFirstResponder(e.target.value === 'agents' ? 'agents' : 'bot')}
        >
          <FormControlLabel value="bot" control={<Radio />} label={t('messaging.botFirst')} />
          <FormControlLabel value="agents" control={<Radio />} label={t('messaging.agentsFirst')} />
        </RadioGroup>
      </div>
      {connect.error && <Alert severity="error">{connect.error.message}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={!complete || connect.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {connect.isPending ? t('messaging.connecting') : t('messaging.connect')}
      </Button>
    </Stack>
  );
}

function ConnectedStatus({
  deploymentId,
  status,
}: {
  deploymentId: string;
  status: Extract<SunshineStatus, { connected: true }>;
}) {
  const { t, i18n } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canPublish = useCan('bots:publish');
  const disconnect = useDisconnectSunshine(deploymentId);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const rows: [string, string][] = [
    [t('messaging.appId'), status.appId],
    [t('messaging.keyId'), `${status.keyId}  ${status.keySecretHint}`],
    [t('messaging.apiUrl'), status.apiUrl],
    [t('messaging.integrationId'), status.integrationId],
    [t('messaging.switchboardIntegrationId'), status.switchboardIntegrationId],
    [t('messaging.webhookUrl'), status.webhookUrl],
    [t('messaging.lastEvent'), status.lastEventAt ? when(status.lastEventAt) : t('messaging.noEvents')],
    [t('messaging.ignoredEvents'), new Intl.NumberFormat(i18n.language).format(status.ignoredEvents)],
  ];
  return (
    <Stack spacing={2}>
      <Chip
        color="success"
        variant="outlined"
        label={t('messaging.connectedSince', { date: when(status.connectedAt) })}
        sx={{ alignSelf: 'flex-start' }}
      />
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {rows.map(([label, value]) => (
          <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 220 }}>
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
        ))}
      </Stack>
      {status.lastError && status.lastErrorAt && (
        <Alert severity="warning">
          {t('messaging.lastError', { date: when(status.lastErrorAt), error: status.lastError })}
        </Alert>
      )}
      {disconnect.error && <Alert severity="error">{disconnect.error.message}</Alert>}
      {canPublish && (
        <ChannelDisconnect
          words={{
            confirm: t('messaging.disconnectConfirm'),
            disconnect: t('messaging.disconnect'),
            cancel: t('messaging.cancel'),
          }}
          pending={disconnect.isPending}
          onDisconnect={() =>
            disconnect.mutate(undefined, {
              onSuccess: () => enqueueSnackbar(t('messaging.disconnected'), { variant: 'success' }),
            })
          }
        />
      )}
    </Stack>
  );
}
