import {
  Alert,
  Chip,
  Link,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  AddButton,
  ListItemCard,
  NumberField,
  type PanelProps,
  PanelSection,
  TemplateField,
  usePanelHost,
  usePanelTranslation,
  VariableField,
  type WebhookInstanceOption,
} from '../kit/panel-kit';
import type { WebhookContent, WebhookInstanceChoice } from './schema';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The module's choice of an instance, with what the builder now knows of it (name, mapped variables). */
function choiceOf(option: WebhookInstanceOption, fields: Record<string, string>): WebhookInstanceChoice {
  return {
    id: option.id,
    name: option.name,
    fields: Object.fromEntries(
      option.botFields.map((field) => [field.key, fields[field.key] ?? field.example]),
    ),
    maps: option.maps.map((map) => map.variable),
  };
}

/** An installed webhook: which one, what it was installed with, the fields this module fills. */
function InstanceSection({
  options,
  onOptionsChange,
  errors,
}: PanelProps<WebhookContent> & { options: WebhookContent & { instance: WebhookInstanceChoice } }) {
  const t = usePanelTranslation();
  const { webhooks } = usePanelHost();
  const { instance } = options;
  const option = webhooks?.instances.find((candidate) => candidate.id === instance.id);
  const choose = (next: WebhookInstanceOption, fields: Record<string, string>) =>
    onOptionsChange({ ...options, instance: choiceOf(next, fields) });
  return (
    <>
      <TextField
        select
        size="small"
        label={t('webhook.instance')}
        value={option ? instance.id : ''}
        onChange={(event) => {
          const next = webhooks?.instances.find((candidate) => candidate.id === event.target.value);
          if (next) choose(next, {});
        }}
        error={Boolean(webhooks && !option)}
        helperText={
          webhooks && !option && instance.id
            ? t('webhook.instanceGone', { name: instance.name })
            : option
              ? option.templateName
              : undefined
        }
        fullWidth
      >
        {webhooks?.instances.map((candidate) => (
          <MenuItem key={candidate.id} value={candidate.id}>
            {candidate.name}
          </MenuItem>
        ))}
      </TextField>
      {webhooks && webhooks.instances.length === 0 && (
        <Alert severity="info">
          {t('webhook.noInstances')}{' '}
          <Link href={webhooks.marketplaceUrl}>{t('webhook.openMarketplace')}</Link>
        </Alert>
      )}
      {option && (
        <>
          {option.settings.length > 0 && (
            <PanelSection title={t('webhook.installedWith')}>
              <Stack component="dl" spacing={0.5} sx={{ m: 0 }} data-testid="webhook-instance-settings">
                {option.settings.map((setting) => (
                  <Stack key={setting.label} direction="row" spacing={1}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 110 }}>
                      {setting.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                      {setting.value}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            </PanelSection>
          )}
          {option.botFields.map((field) => (
            <TemplateField
              key={field.key}
              label={field.label}
              value={instance.fields[field.key] ?? field.example}
              onChange={(value) => choose(option, { ...instance.fields, [field.key]: value })}
              helperText={field.help}
              multiline
              error={errors[`instance.fields.${field.key}`]}
            />
          ))}
          <PanelSection title={t('webhook.mapsTo')}>
            {option.asynchronous ? (
              <Typography variant="body2" color="text.secondary">
                {t('webhook.asynchronous')}
              </Typography>
            ) : option.maps.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('webhook.mapsNothing')}
              </Typography>
            ) : (
              <Stack direction="row" flexWrap="wrap" gap={1} data-testid="webhook-instance-maps">
                {option.maps.map((map) => (
                  <Chip
                    key={map.variable}
                    size="small"
                    label={`${map.variable} ← ${map.path || t('webhook.wholeAnswer')}`}
                  />
                ))}
              </Stack>
            )}
          </PanelSection>
        </>
      )}
    </>
  );
}

type CallKind = 'instance' | 'request';

export function WebhookPanel(props: PanelProps<WebhookContent>) {
  const { options, onOptionsChange, errors } = props;
  const t = usePanelTranslation();
  const { webhooks } = usePanelHost();
  const set = (patch: Partial<WebhookContent>) => onOptionsChange({ ...options, ...patch });
  const kind: CallKind = options.instance ? 'instance' : 'request';
  const switchTo = (next: CallKind) => {
    if (next === kind) return;
    if (next === 'request') {
      const { instance: _, ...request } = options;
      onOptionsChange(request);
      return;
    }
    const first = webhooks?.instances[0];
    onOptionsChange({
      ...options,
      instance: first ? choiceOf(first, {}) : { id: '', name: '', fields: {}, maps: [] },
    });
  };
  const callKind = (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth
      value={kind}
      onChange={(_, next: CallKind | null) => next && switchTo(next)}
      aria-label={t('webhook.calls')}
    >
      <ToggleButton value="instance">{t('webhook.installed')}</ToggleButton>
      <ToggleButton value="request">{t('webhook.rawRequest')}</ToggleButton>
    </ToggleButtonGroup>
  );
  const shared = (
    <>
      <NumberField
        label={t('webhook.timeout')}
        min={500}
        max={30_000}
        step={500}
        value={options.timeoutMs}
        onChange={(timeoutMs) => set({ timeoutMs: timeoutMs ?? Number.NaN })}
        error={errors.timeoutMs}
      />
      <VariableField
        label={t('webhook.responseVariable')}
        value={options.responseVariable ?? ''}
        onChange={(name) => set({ responseVariable: name === '' ? undefined : name })}
        helperText={t('webhook.responseVariableHelp')}
        error={errors.responseVariable}
      />
    </>
  );
  if (options.instance)
    return (
      <>
        {callKind}
        <InstanceSection {...props} options={{ ...options, instance: options.instance }} />
        {shared}
      </>
    );
  return (
    <>
      {callKind}
      <RequestSection {...props} />
      {shared}
    </>
  );
}

/** The request the builder writes: method, address, headers, body. */
function RequestSection({ options, onOptionsChange, errors }: PanelProps<WebhookContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<WebhookContent>) => onOptionsChange({ ...options, ...patch });
  const setHeader = (index: number, patch: Partial<WebhookContent['headers'][number]>) =>
    set({ headers: options.headers.map((header, at) => (at === index ? { ...header, ...patch } : header)) });
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          select
          size="small"
          label={t('webhook.method')}
          value={options.method}
          onChange={(event) => set({ method: event.target.value as WebhookContent['method'] })}
          sx={{ minWidth: 110 }}
        >
          {methods.map((method) => (
            <MenuItem key={method} value={method}>
              {method}
            </MenuItem>
          ))}
        </TextField>
        <TemplateField
          label={t('webhook.url')}
          value={options.url}
          onChange={(url) => set({ url })}
          error={errors.url}
        />
      </Stack>
      <PanelSection title={t('webhook.headers')}>
        {options.headers.map((header, index) => (
          <ListItemCard
            // Headers may repeat a name; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            label={header.name || t('webhook.header', { number: index + 1 })}
            onRemove={() => set({ headers: options.headers.filter((_, at) => at !== index) })}
          >
            <TextField
              label={t('webhook.headerName')}
              size="small"
              value={header.name}
              onChange={(event) => setHeader(index, { name: event.target.value })}
              error={Boolean(errors[`headers.${index}.name`])}
              helperText={errors[`headers.${index}.name`]}
            />
            <TemplateField
              label={t('webhook.headerValue')}
              value={header.value}
              onChange={(value) => setHeader(index, { value })}
              error={errors[`headers.${index}.value`]}
            />
          </ListItemCard>
        ))}
        <AddButton
          label={t('webhook.addHeader')}
          disabled={options.headers.length >= 30}
          onClick={() => set({ headers: [...options.headers, { name: '', value: '' }] })}
        />
      </PanelSection>
      {options.method !== 'GET' && (
        <TemplateField
          label={t('webhook.body')}
          multiline
          value={options.body}
          onChange={(body) => set({ body })}
          placeholder={'{"order": {{ order_id | tojson }}}'}
          helperText={t('webhook.bodyHelp')}
          error={errors.body}
        />
      )}
    </>
  );
}
