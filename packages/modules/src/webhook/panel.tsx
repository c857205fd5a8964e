import { MenuItem, Stack, TextField } from '@mui/material';
import {
  AddButton,
  ListItemCard,
  NumberField,
  type PanelProps,
  PanelSection,
  TemplateField,
  usePanelTranslation,
  VariableField,
} from '../kit/panel-kit';
import type { WebhookContent } from './schema';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function WebhookPanel({ options, onOptionsChange, errors }: PanelProps<WebhookContent>) {
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
}
