import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../shared/ui/code-block';
import { instanceQuery, useTestInstance } from '../api/webhooks';
import { RequestPreview } from './request-preview';

const SAMPLE =
  '{\n  "name": "Ada Lovelace",\n  "email": "ada@example.com",\n  "phone": "+44 20 7946 0000",\n  "question": "Do you ship to Spain?"\n}';

function parseVariables(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Calls an installed webhook with a sample conversation and shows what was sent and came back. */
export function TestInstanceDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const { data: instance } = useQuery(instanceQuery(id));
  const test = useTestInstance(id);
  const [variablesText, setVariablesText] = useState(SAMPLE);
  const [botFields, setBotFields] = useState<Record<string, string>>({});
  const variables = parseVariables(variablesText);
  const result = test.data;
  const fields = instance?.template.fields.filter((field) => field.scope === 'bot') ?? [];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="webhook-test-title">
      <DialogTitle id="webhook-test-title">{t('test.title', { name: instance?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('test.intro')}
          </Typography>
          <TextField
            label={t('test.variables')}
            multiline
            minRows={4}
            value={variablesText}
            onChange={(event) => setVariablesText(event.target.value)}
            error={variables === null}
            helperText={variables === null ? t('test.notJson') : t('test.variablesHelp')}
            slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } } }}
          />
          {fields.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              multiline={field.type === 'multiline'}
              value={botFields[field.key] ?? field.example}
              onChange={(event) =>
                setBotFields((current) => ({ ...current, [field.key]: event.target.value }))
              }
              helperText={t('test.botFieldHelp')}
            />
          ))}
          {test.error && <Alert severity="error">{test.error.message}</Alert>}
          {result && (
            <Stack spacing={2} aria-live="polite">
              <Stack direction="row" spacing={1} alignItems="center">
                <Chip
                  color={result.ok ? 'success' : 'error'}
                  label={result.ok ? t('test.succeeded') : t('test.failed')}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('test.answered', {
                    status: result.status ?? '—',
                    time: result.durationMs,
                  })}
                </Typography>
              </Stack>
              {result.failure && (
                <Alert severity="error">
                  <strong>
                    {tc(`callFailure.${result.failure.reason}`, { status: result.status ?? '' })}
                  </strong>{' '}
                  — {result.failure.message}
                </Alert>
              )}
              <Box>
                <Typography variant="subtitle1" component="h3" fontWeight={650} gutterBottom>
                  {t('test.sent')}
                </Typography>
                <RequestPreview request={result.request} label={t('test.sent')} />
              </Box>
              <Box>
                <Typography variant="subtitle1" component="h3" fontWeight={650} gutterBottom>
                  {t('test.received')}
                </Typography>
                <CodeBlock code={result.responseBody || t('test.emptyBody')} label={t('test.received')} />
              </Box>
              {Object.keys(result.variables).length > 0 && (
                <Box>
                  <Typography variant="subtitle1" component="h3" fontWeight={650} gutterBottom>
                    {t('test.mapped')}
                  </Typography>
                  <CodeBlock code={JSON.stringify(result.variables, null, 2)} label={t('test.mapped')} />
                </Box>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button
          variant="contained"
          disabled={variables === null || test.isPending}
          onClick={() =>
            variables &&
            test.mutate({
              variables,
              botFields: {
                ...Object.fromEntries(fields.map((field) => [field.key, field.example])),
                ...botFields,
              },
            })
          }
        >
          {test.isPending ? t('test.sending') : t('test.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
