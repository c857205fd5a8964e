import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ApiKey, type ApiKeyScope, apiKeyScopeSchema, type CreatedApiKey } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoval } from '../../../shared/ui/confirm-dialog';
import { PageContainer } from '../../../shared/ui/page-container';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from '../api/agents';
import { AgentsAuditLog } from './agents-audit-log';
import { AgentsTabs } from './agents-tabs';
import { AgentsUsage } from './agents-usage';

const scopeKey = (scope: ApiKeyScope) => scope.replace('agents:', '') as 'read' | 'write' | 'run';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t, i18n } = useTranslation('agents');
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ sm: 'center' }}
      sx={{
        p: 2.5,
        opacity: apiKey.revokedAt ? 0.6 : 1,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <KeyRounded color={apiKey.revokedAt ? 'disabled' : 'primary'} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="h4" component="h3">
            {apiKey.name}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} color="text.secondary">
            {apiKey.hint}
          </Typography>
          {apiKey.revokedAt && <Chip size="small" label={t('admin.revoked')} />}
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ my: 0.5 }}>
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} size="small" variant="outlined" label={t(`admin.scope.${scopeKey(scope)}`)} />
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('admin.keyLine', {
            by: apiKey.createdBy,
            created: format(apiKey.createdAt),
            used: apiKey.lastUsedAt ? format(apiKey.lastUsedAt) : t('admin.neverUsed'),
          })}
        </Typography>
      </Box>
      {!apiKey.revokedAt && (
        <Button color="error" variant="outlined" onClick={onRevoke}>
          {t('admin.revoke')}
        </Button>
      )}
    </Stack>
  );
}

function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation('agents');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['agents:read']);
  const create = useCreateApiKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, scopes }, { onSuccess: onCreated });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((each) => each !== scope)));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle>{t('admin.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('admin.keyName')}
              helperText={t('admin.keyNameHelp')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <FormGroup>
              <FormLabel component="legend">{t('admin.scopes')}</FormLabel>
              {apiKeyScopeSchema.options.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={
                    <Checkbox
                      checked={scopes.includes(scope)}
                      onChange={(event) => toggle(scope, event.target.checked)}
                    />
                  }
                  label={
                    <Box>
                      <Typography variant="body2">{t(`admin.scope.${scopeKey(scope)}`)}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`admin.scopeHelp.${scopeKey(scope)}`)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!name.trim() || scopes.length === 0 || create.isPending}
          >
            {t('admin.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    await navigator.clipboard.writeText(created.secret);
    enqueueSnackbar(t('admin.copied'), { variant: 'success' });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.secretTitle', { name: created.key.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('admin.secretOnce')}
        </Alert>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            value={created.secret}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                'aria-label': t('admin.secret'),
                style: { fontFamily: 'monospace' },
              },
            }}
          />
          <Tooltip title={t('admin.copy')}>
            <IconButton aria-label={t('admin.copy')} onClick={copy}>
              <ContentCopyRounded />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('admin.secretUse')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('admin.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `/v2/agents/admin`: usage per agent and day with spending limits and the kill switch, the agents
 * API's keys (created with scopes, shown once, revocable), and the agents' audit log.
 */
export function AgentsAdminPage() {
  const { t } = useTranslation('agents');
  const { data } = useSuspenseQuery(apiKeysQuery);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();

  return (
    <PageContainer>
      <Box>
        <Typography variant="h1">{t('admin.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('admin.subtitle')}
        </Typography>
      </Box>
      <AgentsTabs />
      <AgentsUsage />
      <Stack direction="row" alignItems="center">
        <Typography variant="h2" sx={{ flex: 1 }}>
          {t('admin.keysTitle')}
        </Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
          {t('admin.new')}
        </Button>
      </Stack>
      <Card variant="outlined">
        {data.keys.map((apiKey) => (
          <KeyRow
            key={apiKey.id}
            apiKey={apiKey}
            onRevoke={() => {
              revoke.reset();
              setRevoking(apiKey);
            }}
          />
        ))}
        {data.keys.length === 0 && (
          <Box sx={{ p: 6, textAlign: 'center' }}>
            <Typography variant="h4" component="p">
              {t('admin.emptyTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('admin.empty')}
            </Typography>
          </Box>
        )}
      </Card>
      <AgentsAuditLog />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      <ConfirmRemoval
        target={revoking}
        removal={revoke}
        words={(name) => ({
          title: t('admin.revokeTitle', { name }),
          text: t('admin.revokeText'),
          confirm: t('admin.revoke'),
          removed: t('admin.revokedNamed', { name }),
        })}
        cancelLabel={t('cancel')}
        onClose={() => setRevoking(null)}
      />
    </PageContainer>
  );
}
