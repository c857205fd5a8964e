import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { Alert, Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { Prompt, PromptDefinition } from '@parley/contracts';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePrompt } from '../api/prompts';

/** Variables the template reads (`{{ name }}`, `{{ name.field }}`, `{% if name %}`) that are not declared yet. */
function undeclared(definition: PromptDefinition): string[] {
  const declared = new Set(definition.variables.map((variable) => variable.name));
  const used = new Set<string>();
  for (const match of definition.template.matchAll(
    /\{\{-?\s*([A-Za-z_]\w*)|\{%-?\s*(?:if|elif)\s+([A-Za-z_]\w*)/g,
  ))
    used.add(match[1] ?? match[2] ?? '');
  return [...used].filter(
    (name) => name && !declared.has(name) && !['loop', 'true', 'false', 'none'].includes(name),
  );
}

/** A prompt's current version to change: name, description, template and its variables. */
export function PromptEditor({ prompt }: { prompt: Prompt }) {
  const { t } = useTranslation('agents');
  const [draft, setDraft] = useState(prompt.definition);
  const [baseVersion, setBaseVersion] = useState(prompt.version);
  const save = useSavePrompt(prompt.id);
  const { enqueueSnackbar } = useSnackbar();
  const changed =
    JSON.stringify(draft) !== JSON.stringify(prompt.definition) || baseVersion !== prompt.version;
  const missing = undeclared(draft);
  const setVariable = (index: number, change: Partial<PromptDefinition['variables'][number]>) =>
    setDraft((current) => ({
      ...current,
      variables: current.variables.map((variable, at) =>
        at === index ? { ...variable, ...change } : variable,
      ),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { definition: draft, baseVersion },
      {
        onSuccess: (saved) => {
          setBaseVersion(saved.version);
          enqueueSnackbar(t('prompts.saved', { version: saved.version }), { variant: 'success' });
        },
      },
    );
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} aria-label={t('prompts.editor')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('prompts.name')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          required
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label={t('prompts.description')}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ flex: 2 }}
        />
      </Stack>
      <TextField
        label={t('prompts.template')}
        helperText={t('prompts.templateHelp')}
        value={draft.template}
        onChange={(event) => setDraft({ ...draft, template: event.target.value })}
        multiline
        minRows={10}
        slotProps={{ htmlInput: { maxLength: 20000, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Box>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h4" component="h3" sx={{ flex: 1 }}>
            {t('prompts.variables')}
          </Typography>
          <Button
            size="small"
            startIcon={<AddRounded />}
            disabled={draft.variables.length >= 30}
            onClick={() =>
              setDraft({
                ...draft,
                variables: [...draft.variables, { name: '', description: '', sample: '' }],
              })
            }
          >
            {t('prompts.addVariable')}
          </Button>
        </Stack>
        {missing.length > 0 && (
          <Alert
            severity="info"
            sx={{ mb: 1.5 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  setDraft({
                    ...draft,
                    variables: [
                      ...draft.variables,
                      ...missing.map((name) => ({ name, description: '', sample: '' })),
                    ].slice(0, 30),
                  })
                }
              >
                {t('prompts.declare')}
              </Button>
            }
          >
            {t('prompts.undeclared', { names: missing.join(', ') })}
          </Alert>
        )}
        {draft.variables.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('prompts.noVariables')}
          </Typography>
        )}
        <Stack spacing={1.5}>
          {draft.variables.map((variable, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a name may be empty
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
              <TextField
                size="small"
                label={t('prompts.variableName')}
                value={variable.name}
                onChange={(event) => setVariable(index, { name: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 64, style: { fontFamily: 'monospace' } } }}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={t('prompts.variableDescription')}
                value={variable.description}
                onChange={(event) => setVariable(index, { description: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                sx={{ flex: 2 }}
              />
              <TextField
                size="small"
                label={t('prompts.variableSample')}
                value={variable.sample}
                onChange={(event) => setVariable(index, { sample: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
                sx={{ flex: 2 }}
              />
              <Tooltip title={t('prompts.removeVariable')}>
                <IconButton
                  aria-label={t('prompts.removeVariableNamed', { name: variable.name || index + 1 })}
                  onClick={() =>
                    setDraft({ ...draft, variables: draft.variables.filter((_, at) => at !== index) })
                  }
                >
                  <DeleteOutlineRounded />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
        </Stack>
      </Box>
      {save.error && <Alert severity="error">{save.error.message}</Alert>}
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="flex-end">
        <Typography variant="body2" color="text.secondary">
          {changed ? t('detail.unsaved') : t('detail.upToDate', { version: baseVersion })}
        </Typography>
        <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
          {save.isPending ? t('detail.saving') : t('prompts.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
