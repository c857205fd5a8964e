import AddRounded from '@mui/icons-material/AddRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { AgentSettings, ModelPrice, SaveAgentSettingsRequest } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { PageContainer } from '../../../shared/ui/page-container';
import {
  agentSettingsQuery,
  useRemoveProvider,
  useSaveAgentSettings,
  useSaveProvider,
} from '../api/agents-admin';
import { AgentsTabs } from './agents-tabs';

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h2">{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
          {help}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The company's own OpenAI-compatible provider: checked when saved, its key never shown again. */
function ProviderSection({ settings }: { settings: AgentSettings }) {
  const { t, i18n } = useTranslation('agents-admin');
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(!settings.provider.configured);
  const [baseUrl, setBaseUrl] = useState(
    settings.provider.configured ? settings.provider.baseUrl : 'https://api.openai.com/v1',
  );
  const [apiKey, setApiKey] = useState('');
  const [removing, setRemoving] = useState(false);
  const save = useSaveProvider();
  const remove = useRemoveProvider();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { baseUrl, apiKey },
      {
        onSuccess: () => {
          setApiKey('');
          setEditing(false);
          enqueueSnackbar(t('provider.saved'), { variant: 'success' });
        },
      },
    );
  };
  const { provider } = settings;
  return (
    <Section title={t('provider.title')} help={t('provider.help')}>
      {provider.configured && !editing ? (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center">
            <CheckCircleRounded color="success" />
            <Typography sx={{ fontWeight: 600 }}>{provider.baseUrl}</Typography>
            <Chip size="small" variant="outlined" label={t('provider.key', { hint: provider.keyHint })} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('provider.checked', {
              at: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(provider.checkedAt),
              ),
              count: provider.models.length,
            })}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
            {provider.models.slice(0, 12).map((model) => (
              <Chip key={model} size="small" label={model} />
            ))}
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t('provider.replace')}
            </Button>
            <Button color="error" onClick={() => setRemoving(true)}>
              {t('provider.remove')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit}>
          {!provider.configured && <Alert severity="info">{t('provider.serverModel')}</Alert>}
          <TextField
            label={t('provider.baseUrl')}
            helperText={t('provider.baseUrlHelp')}
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            required
            type="url"
          />
          <TextField
            label={t('provider.apiKey')}
            helperText={t('provider.apiKeyHelp')}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            required
            type="password"
            autoComplete="off"
          />
          {save.error && <Alert severity="error">{save.error.message}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={save.isPending || !apiKey.trim()}>
              {save.isPending ? t('provider.checking') : t('provider.save')}
            </Button>
            {provider.configured && <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={removing}
        title={t('provider.removeTitle')}
        text={t('provider.removeText')}
        confirmLabel={t('provider.remove')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              setEditing(true);
              setApiKey('');
            },
          })
        }
      />
    </Section>
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function PriceRow({
  price,
  currency,
  onChange,
  onRemove,
}: {
  price: ModelPrice;
  currency: string;
  onChange: (price: ModelPrice) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('agents-admin');
  const money = { input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
      <TextField
        size="small"
        label={t('prices.model')}
        value={price.model}
        onChange={(event) => onChange({ ...price, model: event.target.value })}
        sx={{ flex: 2 }}
      />
      <TextField
        size="small"
        type="number"
        label={t('prices.prompt')}
        value={price.promptPerMillion}
        onChange={(event) => onChange({ ...price, promptPerMillion: Number(event.target.value) })}
        slotProps={{ ...money, htmlInput: { min: 0, step: 0.01 } }}
        sx={{ flex: 1 }}
      />
      <TextField
        size="small"
        type="number"
        label={t('prices.completion')}
        value={price.completionPerMillion}
        onChange={(event) => onChange({ ...price, completionPerMillion: Number(event.target.value) })}
        slotProps={{ ...money, htmlInput: { min: 0, step: 0.01 } }}
        sx={{ flex: 1 }}
      />
      <Tooltip title={t('prices.remove')}>
        <IconButton aria-label={t('prices.remove')} onClick={onRemove}>
          <DeleteOutlineRounded />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Defaults for new agents, trace retention, model prices and the company's monthly cap. */
function DefaultsForm({ settings }: { settings: AgentSettings }) {
  const { t } = useTranslation('agents-admin');
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState<SaveAgentSettingsRequest>({
    defaultModel: settings.defaultModel,
    defaultLimits: settings.defaultLimits,
    retentionDays: settings.retentionDays,
    currency: settings.currency,
    prices: settings.prices,
    spendingLimit: settings.spendingLimit,
  });
  const save = useSaveAgentSettings();
  const limits = form.defaultLimits;
  const cap = { monthlyTokens: null, monthlyCost: null, ...form.spendingLimit };
  const prices = form.prices;
  const setLimit = (key: keyof typeof limits, value: string) =>
    setForm({ ...form, defaultLimits: { ...limits, [key]: Number(value) } });
  const models = settings.provider.configured ? settings.provider.models : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => enqueueSnackbar(t('defaults.saved'), { variant: 'success' }) });
  };
  return (
    <Stack component="form" spacing={3} onSubmit={submit}>
      <Section title={t('defaults.title')} help={t('defaults.help')}>
        <Stack spacing={2}>
          <Autocomplete
            freeSolo
            options={models}
            value={form.defaultModel}
            onInputChange={(_event, value) => setForm({ ...form, defaultModel: value })}
            renderInput={(params) => (
              <TextField {...params} label={t('defaults.model')} helperText={t('defaults.modelHelp')} />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="number"
              label={t('defaults.maxSteps')}
              value={limits.maxSteps}
              onChange={(event) => setLimit('maxSteps', event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 50 } }}
              fullWidth
            />
            <TextField
              type="number"
              label={t('defaults.maxSeconds')}
              value={limits.maxSeconds}
              onChange={(event) => setLimit('maxSeconds', event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 300 } }}
              fullWidth
            />
            <TextField
              type="number"
              label={t('defaults.maxTokens')}
              value={limits.maxTokens}
              onChange={(event) => setLimit('maxTokens', event.target.value)}
              slotProps={{ htmlInput: { min: 100, max: 1_000_000 } }}
              fullWidth
            />
          </Stack>
        </Stack>
      </Section>
      <Section title={t('retention.title')} help={t('retention.help')}>
        <TextField
          type="number"
          label={t('retention.days')}
          value={form.retentionDays}
          onChange={(event) => setForm({ ...form, retentionDays: Number(event.target.value) })}
          slotProps={{ htmlInput: { min: 1, max: 730 } }}
          sx={{ width: 220 }}
        />
      </Section>
      <Section title={t('prices.title')} help={t('prices.help')}>
        <Stack spacing={1.5}>
          <TextField
            label={t('prices.currency')}
            value={form.currency}
            onChange={(event) => setForm({ ...form, currency: event.target.value.toUpperCase() })}
            slotProps={{ htmlInput: { maxLength: 3 } }}
            sx={{ width: 160 }}
          />
          {prices.map((price, index) => (
            <PriceRow
              // Rows are edited in place; their model names may repeat while typed.
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's position is its identity here
              key={index}
              price={price}
              currency={form.currency}
              onChange={(next) =>
                setForm({ ...form, prices: prices.map((each, at) => (at === index ? next : each)) })
              }
              onRemove={() => setForm({ ...form, prices: prices.filter((_each, at) => at !== index) })}
            />
          ))}
          <Box>
            <Button
              startIcon={<AddRounded />}
              onClick={() =>
                setForm({
                  ...form,
                  prices: [
                    ...prices,
                    { model: form.defaultModel || '', promptPerMillion: 0, completionPerMillion: 0 },
                  ],
                })
              }
            >
              {t('prices.add')}
            </Button>
          </Box>
          <Typography variant="h4" component="h3" sx={{ pt: 1 }}>
            {t('cap.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cap.help')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="number"
              label={t('cap.tokens')}
              value={cap.monthlyTokens ?? ''}
              onChange={(event) =>
                setForm({
                  ...form,
                  spendingLimit: { ...cap, monthlyTokens: numberOrNull(event.target.value) },
                })
              }
              helperText={t('cap.empty')}
              fullWidth
            />
            <TextField
              type="number"
              label={t('cap.cost', { currency: form.currency })}
              value={cap.monthlyCost ?? ''}
              onChange={(event) =>
                setForm({ ...form, spendingLimit: { ...cap, monthlyCost: numberOrNull(event.target.value) } })
              }
              helperText={t('cap.empty')}
              slotProps={{ htmlInput: { step: 0.01 } }}
              fullWidth
            />
          </Stack>
        </Stack>
      </Section>
      {save.error && <Alert severity="error">{save.error.message}</Alert>}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {t('defaults.save')}
        </Button>
      </Box>
    </Stack>
  );
}

/** `/v2/agents/settings`: the company's model provider, defaults for new agents, retention and spending. */
export function AgentsSettingsPage() {
  const { t } = useTranslation('agents-admin');
  const { data } = useSuspenseQuery(agentSettingsQuery);
  return (
    <PageContainer>
      <Box>
        <Typography variant="h1">{t('settings.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('settings.subtitle')}
        </Typography>
      </Box>
      <AgentsTabs />
      <ProviderSection settings={data} />
      <DefaultsForm settings={data} />
    </PageContainer>
  );
}
