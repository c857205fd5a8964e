import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { Prompt } from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunPrompt } from '../api/prompts';

const preSx = {
  m: 0,
  p: 1.5,
  bgcolor: 'grey.50',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  fontSize: 13,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 260,
  overflow: 'auto',
} as const;

/** A test run of the saved prompt: sample values, a visitor's message, and what the model answers. */
export function PromptRun({ prompt }: { prompt: Prompt }) {
  const { t } = useTranslation('agents');
  const variables = prompt.definition.variables;
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(variables.map((variable) => [variable.name, variable.sample])),
  );
  const [message, setMessage] = useState('');
  const run = useRunPrompt(prompt.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim()) run.mutate({ version: prompt.version, values, message });
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label={t('prompts.test')}>
      <Typography variant="body2" color="text.secondary">
        {t('prompts.testHelp', { version: prompt.version })}
      </Typography>
      {variables.map((variable) => (
        <TextField
          key={variable.name}
          size="small"
          label={variable.name}
          helperText={variable.description || undefined}
          value={values[variable.name] ?? ''}
          onChange={(event) => setValues({ ...values, [variable.name]: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      ))}
      <TextField
        label={t('prompts.message')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={2}
        required
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<PlayArrowRounded />}
          disabled={!message.trim() || run.isPending}
        >
          {run.isPending ? t('prompts.running') : t('prompts.run')}
        </Button>
      </Box>
      {run.error && <Alert severity="error">{run.error.message}</Alert>}
      {run.data && (
        <Stack spacing={1.5} data-testid="prompt-result">
          <Typography variant="caption" color="text.secondary">
            {t('prompts.runMeta', {
              model: run.data.model,
              prompt: run.data.promptTokens,
              completion: run.data.completionTokens,
              ms: run.data.durationMs,
            })}
          </Typography>
          <Typography variant="h4" component="h3">
            {t('prompts.rendered')}
          </Typography>
          <Box component="pre" sx={preSx}>
            {run.data.rendered}
          </Box>
          <Typography variant="h4" component="h3">
            {t('prompts.reply')}
          </Typography>
          <Box component="pre" sx={{ ...preSx, bgcolor: 'primary.50' }}>
            {run.data.reply}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
