import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type StoreConnection, shopDomainSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../../../shared/api/api-error';
import { storeConnectionQuery, useCheckStore, useConnectStore, useDisconnectStore } from '../api/store';
import { clearStoreRecord, readStoreRecord, saveStoreRecord } from '../store-record';

/** The record as of now, read again when it expires (so the card asks again without a reload). */
function useStoreRecord() {
  const [version, setVersion] = useState(0);
  const record = readStoreRecord();
  useEffect(() => {
    if (!record) return;
    const timer = setTimeout(
      () => setVersion((value) => value + 1),
      Math.max(0, record.expiry - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [record]);
  return {
    record,
    version,
    renew: (domain: string) => {
      saveStoreRecord(domain);
      setVersion((value) => value + 1);
    },
    forget: () => {
      clearStoreRecord();
      setVersion((value) => value + 1);
    },
  };
}

/**
 * Company settings' Store card (owners and admins): connect a Shopify store with its myshopify
 * domain and an Admin API access token. The browser keeps the `shopify` record for 12 hours; after
 * that the card asks again (check the kept token, or enter it again) before showing the store.
 */
export function StoreCard() {
  const { t } = useTranslation('company');
  const { data, isError } = useQuery(storeConnectionQuery());
  const store = useStoreRecord();
  const confirmed = data?.connected === true && store.record?.domain === data.domain;
  return (
    <Card aria-labelledby="store-card-title">
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
                bgcolor: '#ecfdf5',
                color: '#15803d',
                flexShrink: 0,
              }}
            >
              <StorefrontOutlined />
            </Box>
            <div>
              <Typography id="store-card-title" variant="h3" component="h2">
                {t('store.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                {t('store.subtitle')}
              </Typography>
            </div>
          </Stack>
          {isError ? (
            <Alert severity="error">{t('store.loadFailed')}</Alert>
          ) : !data ? (
            <CircularProgress size={24} aria-label={t('store.loading')} />
          ) : !data.connected ? (
            <ConnectForm onConnected={store.renew} />
          ) : confirmed ? (
            <ConnectedStore connection={data} onRenew={store.renew} onForget={store.forget} />
          ) : (
            <ConfirmStore connection={data} onConfirmed={store.renew} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

type Connected = Extract<StoreConnection, { connected: true }>;

function ConnectedStore({
  connection,
  onRenew,
  onForget,
}: {
  connection: Connected;
  onRenew: (domain: string) => void;
  onForget: () => void;
}) {
  const { t, i18n } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const [replacing, setReplacing] = useState(false);
  const disconnect = useDisconnectStore();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h4" component="p" sx={{ mr: 1 }}>
            {connection.shopName}
          </Typography>
          {connection.problem ? (
            <Chip size="small" color="error" label={t('store.disconnected')} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('store.connected')} />
          )}
          <Chip size="small" variant="outlined" label={connection.currencyCode} />
        </Stack>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            {t('store.domain')}{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {connection.domain}
            </Box>
          </Typography>
          <Typography variant="body2">
            {t('store.storefront')}{' '}
            <Link href={connection.storefrontUrl} target="_blank" rel="noreferrer">
              {connection.storefrontUrl}
            </Link>
          </Typography>
          <Typography variant="body2">
            {t('store.token')}{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }} aria-label={t('store.tokenHint')}>
              {connection.tokenHint}
            </Box>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('store.checked', { date: when(connection.checkedAt) })}
          </Typography>
        </Stack>
      </Box>
      {connection.problem && (
        <Alert severity="error">
          {t(connection.problem.kind === 'token_rejected' ? 'store.problem.token' : 'store.problem.other', {
            message: connection.problem.message,
            date: when(connection.problem.at),
          })}
        </Alert>
      )}
      {replacing || connection.problem ? (
        <ConnectForm
          domain={connection.domain}
          onConnected={(domain) => {
            onRenew(domain);
            setReplacing(false);
          }}
          onCancel={connection.problem ? undefined : () => setReplacing(false)}
        />
      ) : (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setReplacing(true)}>
            {t('store.replace')}
          </Button>
          <Button
            color="error"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => {
                  onForget();
                  enqueueSnackbar(t('store.removed'), { variant: 'success' });
                },
              })
            }
          >
            {t('store.disconnect')}
          </Button>
        </Stack>
      )}
    </>
  );
}

/** The record has expired (or this browser never had one): ask again before showing the store. */
function ConfirmStore({
  connection,
  onConfirmed,
}: {
  connection: Connected;
  onConfirmed: (domain: string) => void;
}) {
  const { t } = useTranslation('company');
  const check = useCheckStore();
  const failed = errorWords(check.error, {
    StoreTokenRejectedException: t('store.errors.rejected'),
    UpstreamException: t('store.errors.unreachable'),
  });
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        {t('store.confirm.ask', { domain: connection.domain })}
      </Alert>
      {failed && <Alert severity="error">{failed}</Alert>}
      <Box>
        <Button
          variant="contained"
          disabled={check.isPending}
          onClick={() => check.mutate(undefined, { onSuccess: () => onConfirmed(connection.domain) })}
        >
          {check.isPending ? t('store.checking') : t('store.confirm.check')}
        </Button>
      </Box>
      <Divider>{t('store.confirm.or')}</Divider>
      <ConnectForm domain={connection.domain} onConnected={onConfirmed} />
    </Stack>
  );
}

function ConnectForm({
  domain: knownDomain,
  onConnected,
  onCancel,
}: {
  domain?: string;
  onConnected: (domain: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const [domain, setDomain] = useState(knownDomain ?? '');
  const [accessToken, setAccessToken] = useState('');
  const [touched, setTouched] = useState(false);
  const connect = useConnectStore();
  const domainValid = shopDomainSchema.safeParse(domain).success;
  const message = errorWords(connect.error, {
    StoreTokenRejectedException: t('store.errors.rejected'),
    UpstreamException: t('store.errors.unreachable'),
    ValidationException: t('store.errors.malformed'),
  });
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!domainValid) return;
        connect.mutate(
          { domain: domain.trim().toLowerCase(), accessToken: accessToken.trim() },
          {
            onSuccess: (saved) => {
              setAccessToken('');
              if (saved.connected) {
                onConnected(saved.domain);
                enqueueSnackbar(t('store.saved', { shop: saved.shopName }), { variant: 'success' });
              }
            },
          },
        );
      }}
    >
      <TextField
        label={t('store.fields.domain')}
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        onBlur={() => setTouched(true)}
        placeholder={t('store.fields.domainPlaceholder')}
        disabled={Boolean(knownDomain)}
        error={touched && !domainValid}
        helperText={touched && !domainValid ? t('store.errors.domain') : t('store.fields.domainHelp')}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        sx={{ maxWidth: 520 }}
      />
      <TextField
        label={t('store.fields.token')}
        type="password"
        autoComplete="off"
        value={accessToken}
        onChange={(event) => setAccessToken(event.target.value)}
        helperText={t('store.fields.tokenHelp')}
        sx={{ maxWidth: 520 }}
      />
      {message && <Alert severity="error">{message}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={connect.isPending || accessToken.trim() === '' || domain.trim() === ''}
        >
          {connect.isPending ? t('store.checking') : t('store.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('store.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}
