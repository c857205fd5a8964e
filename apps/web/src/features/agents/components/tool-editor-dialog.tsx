import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { httpMethodSchema, type SaveToolRequest, type Tool } from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTool, useSaveTool } from '../api/agent-tools';
import { McpToolPicker } from './mcp-tool-picker';

type Kind = 'http' | 'mcp';
interface HeaderRow {
  name: string;
  value: string;
  secret: boolean;
  hint: string | null;
}
interface FieldRow {
  key: string;
  path: string;
}

const EXAMPLE_PARAMETERS = JSON.stringify(
  {
    type: 'object',
    properties: { order_id: { type: 'string', description: 'The order number' } },
    required: ['order_id'],
  },
  null,
  2,
);

/** The form's state from a tool (or a new one of `kind`). */
function initial(kind: Kind, tool?: Tool) {
  const definition = tool?.definition;
  const http = definition?.kind === 'http' ? definition : undefined;
  return {
    name: tool?.name ?? '',
    description: tool?.description ?? '',
    method: http?.method ?? 'GET',
    url: definition?.url ?? '',
    headers: (definition?.headers ?? []) as HeaderRow[],
    body: http?.body ?? '',
    parameters: http ? JSON.stringify(http.parameters, null, 2) : EXAMPLE_PARAMETERS,
    response: (http?.response ?? []) as FieldRow[],
    maxResponseBytes: http?.maxResponseBytes ?? 100_000,
    timeoutMs: definition?.timeoutMs ?? 10_000,
    tools: definition?.kind === 'mcp' ? definition.tools : [],
    kind: definition?.kind ?? kind,
  };
}
type Draft = ReturnType<typeof initial>;

/** The request to save, or the reason the parameters are not a JSON object. */
function requestOf(draft: Draft): SaveToolRequest | { parametersError: true } {
  const headers = draft.headers.map(({ name, value, secret }) => ({ name, value, secret }));
  const common = { name: draft.name, description: draft.description };
  if (draft.kind === 'mcp')
    return {
      ...common,
      definition: { kind: 'mcp', url: draft.url, headers, tools: draft.tools, timeoutMs: draft.timeoutMs },
    };
  let parameters: Record<string, unknown>;
  try {
    parameters = JSON.parse(draft.parameters);
  } catch {
    return { parametersError: true };
  }
  return {
    ...common,
    definition: {
      kind: 'http',
      method: draft.method,
      url: draft.url,
      headers,
      body: draft.body,
      parameters,
      response: draft.response.filter((field) => field.key.trim()),
      maxResponseBytes: draft.maxResponseBytes,
      timeoutMs: draft.timeoutMs,
    },
  };
}

/** Creates or changes an HTTP tool or an MCP server. */
export function ToolEditorDialog({
  kind,
  tool,
  onClose,
  onCreated,
}: {
  kind: Kind;
  tool?: Tool;
  onClose: () => void;
  /** A new tool was saved (an MCP server then has its tools chosen). */
  onCreated?: (tool: Tool) => void;
}) {
  const { t } = useTranslation('agents');
  const [draft, setDraft] = useState(() => initial(kind, tool));
  const [parametersError, setParametersError] = useState(false);
  const create = useCreateTool();
  const save = useSaveTool();
  const mutation = tool ? save : create;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setHeader = (index: number, change: Partial<HeaderRow>) =>
    set(
      'headers',
      draft.headers.map((header, at) => (at === index ? { ...header, ...change } : header)),
    );
  const setField = (index: number, change: Partial<FieldRow>) =>
    set(
      'response',
      draft.response.map((field, at) => (at === index ? { ...field, ...change } : field)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(draft);
    setParametersError('parametersError' in request);
    if ('parametersError' in request) return;
    if (tool) save.mutate({ id: tool.id, body: request }, { onSuccess: onClose });
    else create.mutate(request, { onSuccess: (created) => (onCreated ? onCreated(created) : onClose()) });
  };
  const isMcp = draft.kind === 'mcp';
  const title = tool
    ? t('tools.editTitle', { name: tool.name })
    : isMcp
      ? t('tools.newMcp')
      : t('tools.newHttp');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <form onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('tools.name')}
                helperText={t('tools.nameHelp')}
                value={draft.name}
                onChange={(event) => set('name', event.target.value)}
                required
                autoFocus
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 64, pattern: '[A-Za-z0-9_\\-]+' } }}
              />
              <TextField
                type="number"
                label={t('tools.timeout')}
                value={draft.timeoutMs}
                onChange={(event) => set('timeoutMs', Number(event.target.value))}
                slotProps={{ htmlInput: { min: 500, max: 30000, step: 500 } }}
                sx={{ width: { sm: 200 } }}
              />
            </Stack>
            <TextField
              label={t('tools.description')}
              helperText={t('tools.descriptionHelp')}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <Stack direction="row" spacing={2}>
              {!isMcp && (
                <TextField
                  select
                  label={t('tools.method')}
                  value={draft.method}
                  onChange={(event) => set('method', event.target.value as Draft['method'])}
                  sx={{ width: 130 }}
                >
                  {httpMethodSchema.options.map((method) => (
                    <MenuItem key={method} value={method}>
                      {method}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <TextField
                label={isMcp ? t('tools.serverUrl') : t('tools.url')}
                helperText={isMcp ? t('tools.serverUrlHelp') : t('tools.urlHelp')}
                value={draft.url}
                onChange={(event) => set('url', event.target.value)}
                required
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 2000, style: { fontFamily: 'monospace' } } }}
              />
            </Stack>
            <Box>
              <Typography variant="subtitle2">{t('tools.headers')}</Typography>
              <Stack spacing={1} sx={{ mt: 1 }}>
                {draft.headers.map((header, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
                  <Stack key={index} direction="row" spacing={1} alignItems="center">
                    <TextField
                      size="small"
                      label={t('tools.headerName')}
                      value={header.name}
                      onChange={(event) => setHeader(index, { name: event.target.value })}
                      sx={{ width: 200 }}
                    />
                    <TextField
                      size="small"
                      label={t('tools.headerValue')}
                      type={header.secret ? 'password' : 'text'}
                      value={header.value}
                      placeholder={header.hint ? t('tools.secretKept', { hint: header.hint }) : ''}
                      onChange={(event) => setHeader(index, { value: event.target.value })}
                      sx={{ flex: 1 }}
                    />
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={header.secret}
                          onChange={(event) => setHeader(index, { secret: event.target.checked })}
                        />
                      }
                      label={t('tools.secret')}
                    />
                    <IconButton
                      aria-label={t('tools.removeHeader', { name: header.name })}
                      onClick={() =>
                        set(
                          'headers',
                          draft.headers.filter((_, at) => at !== index),
                        )
                      }
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Stack>
                ))}
                <Box>
                  <Button
                    size="small"
                    startIcon={<AddRounded />}
                    onClick={() =>
                      set('headers', [...draft.headers, { name: '', value: '', secret: false, hint: null }])
                    }
                  >
                    {t('tools.addHeader')}
                  </Button>
                </Box>
              </Stack>
            </Box>
            {!isMcp && (
              <>
                <TextField
                  label={t('tools.parameters')}
                  helperText={parametersError ? t('tools.parametersInvalid') : t('tools.parametersHelp')}
                  error={parametersError}
                  value={draft.parameters}
                  onChange={(event) => set('parameters', event.target.value)}
                  multiline
                  minRows={5}
                  slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
                />
                {draft.method !== 'GET' && draft.method !== 'DELETE' && (
                  <TextField
                    label={t('tools.body')}
                    helperText={t('tools.bodyHelp')}
                    value={draft.body}
                    onChange={(event) => set('body', event.target.value)}
                    multiline
                    minRows={3}
                    slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
                  />
                )}
                <Box>
                  <Typography variant="subtitle2">{t('tools.response')}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('tools.responseHelp')}
                  </Typography>
                  <Stack spacing={1} sx={{ mt: 1 }}>
                    {draft.response.map((field, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
                      <Stack key={index} direction="row" spacing={1} alignItems="center">
                        <TextField
                          size="small"
                          label={t('tools.responseKey')}
                          value={field.key}
                          onChange={(event) => setField(index, { key: event.target.value })}
                          sx={{ width: 200 }}
                        />
                        <TextField
                          size="small"
                          label={t('tools.responsePath')}
                          value={field.path}
                          placeholder={t('tools.responsePathExample')}
                          onChange={(event) => setField(index, { path: event.target.value })}
                          sx={{ flex: 1 }}
                        />
                        <IconButton
                          aria-label={t('tools.removeField', { name: field.key })}
                          onClick={() =>
                            set(
                              'response',
                              draft.response.filter((_, at) => at !== index),
                            )
                          }
                        >
                          <DeleteOutlineRounded />
                        </IconButton>
                      </Stack>
                    ))}
                    <Box>
                      <Button
                        size="small"
                        startIcon={<AddRounded />}
                        onClick={() => set('response', [...draft.response, { key: '', path: '' }])}
                      >
                        {t('tools.addField')}
                      </Button>
                    </Box>
                  </Stack>
                </Box>
                <TextField
                  type="number"
                  label={t('tools.maxResponse')}
                  helperText={t('tools.maxResponseHelp')}
                  value={draft.maxResponseBytes}
                  onChange={(event) => set('maxResponseBytes', Number(event.target.value))}
                  slotProps={{ htmlInput: { min: 1000, max: 1000000, step: 1000 } }}
                  sx={{ maxWidth: 260 }}
                />
              </>
            )}
            {isMcp &&
              (tool ? (
                <McpToolPicker
                  toolId={tool.id}
                  chosen={draft.tools}
                  onChange={(tools) => set('tools', tools)}
                />
              ) : (
                <Alert severity="info">{t('tools.mcpAfterSave')}</Alert>
              ))}
            {mutation.error && <Alert severity="error">{mutation.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!draft.name.trim() || !draft.url.trim() || mutation.isPending}
          >
            {tool ? t('tools.save') : t('tools.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
