import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type HelpdeskConnection, zendeskSubdomainSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../../../shared/api/api-error';
import {
  helpdeskConnectionQuery,
  useConnectHelpdesk,
  useDisconnectHelpdesk,
  useHelpdeskSigningSecret,
} from '../api/helpdesk';

type Connected = Extract<HelpdeskConnection, { connected: true }>;

/** The body the Zendesk trigger's webhook sends: the ticket's id (Parley reads the rest itself). */
const TRIGGER_BODY = '{ "ticket_id": "{{ticket.id}}" }';

/**
 * Company settings' Helpdesk card (owners and admins): connect Zendesk Support with the account's
 * subdomain, an agent's email and an API token; then the webhook Zendesk calls on ticket updates
 * (its address, the body, and its signing secret kept here), so agents' replies and solved tickets
 * come back to the conversation.
 */
export function HelpdeskCard() {
  const { t } = useTranslation('company');
  const { data, isError } = useQuery(helpdeskConnectionQuery());
  return (
    <Card aria-labelledby="helpdesk-card-title">
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 44,
                height: 44,
                borderRadius: 3,
                display: 'grid',
                placeItems: 'center',
                bgcolor: '#eff6ff',
                color: '#1d4ed8',
                flexShrink: 0,
              }}
            >
              <SupportAgentOutlined />
            </Box>
            <div>
              <Typography id="helpdesk-card-title" variant="h3" component="h2">
                {t('helpdesk.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                {t('helpdesk.subtitle')}
              </Typography>
            </div>
          </Stack>
          {isError ? (
            <Alert severity="error">{t('helpdesk.loadFailed')}</Alert>
          ) : !data ? (
            <CircularProgress size={24} aria-label={t('helpdesk.loading')} />
          ) : data.connected ? (
            <ConnectedHelpdesk connection={data} />
          ) : (
            <ConnectForm />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ConnectedHelpdesk({ connection }: { connection: Connected }) {
  const { t, i18n } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const [replacing, setReplacing] = useState(false);
  const disconnect = useDisconnectHelpdesk();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h4" component="p" sx={{ mr: 1 }}>
            {t('helpdesk.account', { subdomain: connection.subdomain })}
          </Typography>
          {connection.problem ? (
            <Chip size="small" color="error" label={t('helpdesk.disconnected')} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('helpdesk.connected')} />
          )}
        </Stack>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            {t('helpdesk.agent', { name: connection.agentName, email: connection.email })}
          </Typography>
          <Typography variant="body2">
            {t('helpdesk.token')}{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }} aria-label={t('helpdesk.tokenHint')}>
              {connection.tokenHint}
            </Box>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('helpdesk.checked', { date: when(connection.checkedAt) })}
          </Typography>
        </Stack>
      </Box>
      {connection.problem && (
        <Alert severity="error">
          {t(
            connection.problem.kind === 'token_rejected'
              ? 'helpdesk.problem.token'
              : 'helpdesk.problem.other',
            {
              message: connection.problem.message,
              date: when(connection.problem.at),
            },
          )}
        </Alert>
      )}
      <WebhookSetup connection={connection} />
      {replacing || connection.problem ? (
        <ConnectForm
          known={connection}
          onDone={() => setReplacing(false)}
          onCancel={connection.problem ? undefined : () => setReplacing(false)}
        />
      ) : (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setReplacing(true)}>
            {t('helpdesk.replace')}
          </Button>
          <Button
            color="error"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => enqueueSnackbar(t('helpdesk.removed'), { variant: 'success' }),
              })
            }
          >
            {t('helpdesk.disconnect')}
          </Button>
        </Stack>
      )}
    </>
  );
}

/** The Zendesk webhook to create (address, trigger body) and its signing secret, kept here. */
function WebhookSetup({ connection }: { connection: Connected }) {
  const { t } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const [secret, setSecret] = useState('');
  const save = useHelpdeskSigningSecret();
  const error = save.error;
  return (
    <Stack spacing={1.5}>
      <Typography variant="h4" component="h3">
        {t('helpdesk.webhook.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('helpdesk.webhook.help')}
      </Typography>
      <TextField
        label={t('helpdesk.webhook.url')}
        value={connection.webhookUrl}
        size="small"
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        onFocus={(event) => event.target.select()}
      />
      <TextField
        label={t('helpdesk.webhook.body')}
        value={TRIGGER_BODY}
        size="small"
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        onFocus={(event) => event.target.select()}
      />
      {connection.signingSecretHint ? (
        <Alert severity="success">
          {t('helpdesk.webhook.secretKept', { hint: connection.signingSecretHint })}
        </Alert>
      ) : (
        <Alert severity="warning">{t('helpdesk.webhook.secretMissing')}</Alert>
      )}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { signingSecret: secret.trim() },
            {
              onSuccess: () => {
                setSecret('');
                enqueueSnackbar(t('helpdesk.webhook.secretSaved'), { variant: 'success' });
              },
            },
          );
        }}
      >
        <TextField
          label={t('helpdesk.webhook.secret')}
          type="password"
          autoComplete="off"
          size="small"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={Boolean(error)}
          helperText={error ? t('helpdesk.errors.secret') : t('helpdesk.webhook.secretHelp')}
          sx={{ flex: 1, maxWidth: 520 }}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={save.isPending || secret.trim() === ''}>
            {t('helpdesk.webhook.saveSecret')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

function ConnectForm({
  known,
  onDone,
  onCancel,
}: {
  known?: Connected;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const [subdomain, setSubdomain] = useState(known?.subdomain ?? '');
  const [email, setEmail] = useState(known?.email ?? '');
  const [apiToken, setApiToken] = useState('');
  const [touched, setTouched] = useState(false);
  const connect = useConnectHelpdesk();
  const subdomainValid = zendeskSubdomainSchema.safeParse(subdomain).success;
  const message = errorWords(connect.error, {
    HelpdeskTokenRejectedException: t('helpdesk.errors.rejected'),
    UpstreamException: t('helpdesk.errors.unreachable'),
    ValidationException: t('helpdesk.errors.malformed'),
  });
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!subdomainValid) return;
        connect.mutate(
          { subdomain: subdomain.trim().toLowerCase(), email: email.trim(), apiToken: apiToken.trim() },
          {
            onSuccess: (saved) => {
              setApiToken('');
              onDone?.();
              if (saved.connected)
                enqueueSnackbar(t('helpdesk.saved', { subdomain: saved.subdomain }), { variant: 'success' });
            },
          },
        );
      }}
    >
      <TextField
        label={t('helpdesk.fields.subdomain')}
        value={subdomain}
        onChange={(event) => setSubdomain(event.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && !subdomainValid}
        helperText={
          touched && !subdomainValid ? t('helpdesk.errors.subdomain') : t('helpdesk.fields.subdomainHelp')
        }
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        sx={{ maxWidth: 520 }}
      />
      <TextField
        label={t('helpdesk.fields.email')}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        helperText={t('helpdesk.fields.emailHelp')}
        sx={{ maxWidth: 520 }}
      />
      <TextField
        label={t('helpdesk.fields.token')}
        type="password"
        autoComplete="off"
        value={apiToken}
        onChange={(event) => setApiToken(event.target.value)}
        helperText={t('helpdesk.fields.tokenHelp')}
        sx={{ maxWidth: 520 }}
      />
      {message && <Alert severity="error">{message}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={
            connect.isPending || apiToken.trim() === '' || subdomain.trim() === '' || email.trim() === ''
          }
        >
          {connect.isPending ? t('helpdesk.checking') : t('helpdesk.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('helpdesk.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}
