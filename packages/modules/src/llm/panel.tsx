import { Alert, AlertTitle, Autocomplete, Box, Link, TextField } from '@mui/material';
import { Trans } from 'react-i18next';
import {
  AnswerDeliveryFields,
  NumberField,
  type PanelProps,
  SliderField,
  TemplateField,
  usePanelHost,
  usePanelTranslation,
} from '../kit/panel-kit';
import { SUGGESTED_MODELS } from './models';
import type { LlmContent } from './schema';

/** Said before anything else: without a model, every run of this module takes Failed. */
function NoModelWarning({ helpUrl }: { helpUrl: string }) {
  const t = usePanelTranslation();
  return (
    <Alert severity="warning" data-testid="llm-no-model">
      <AlertTitle>{t('llm.noModelTitle')}</AlertTitle>
      <Trans
        t={t}
        i18nKey="llm.noModelBody"
        components={{ code: <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.92em' }} /> }}
      />{' '}
      <Link href={helpUrl} target="_blank" rel="noopener noreferrer" color="inherit" fontWeight={600}>
        {t('llm.noModelHelp')}
      </Link>
    </Alert>
  );
}

export function LlmPanel({ options, onOptionsChange, errors }: PanelProps<LlmContent>) {
  const t = usePanelTranslation();
  const { llm } = usePanelHost();
  const set = (patch: Partial<LlmContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
      {llm && !llm.configured && <NoModelWarning helpUrl={llm.helpUrl} />}
      <Autocomplete
        freeSolo
        options={SUGGESTED_MODELS}
        value={options.model}
        inputValue={options.model}
        onInputChange={(_, model) => set({ model })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('llm.model')}
            size="small"
            error={Boolean(errors.model)}
            helperText={errors.model}
          />
        )}
      />
      <TemplateField
        label={t('llm.systemPrompt')}
        multiline
        value={options.systemPrompt}
        onChange={(systemPrompt) => set({ systemPrompt })}
        error={errors.systemPrompt}
      />
      <TemplateField
        label={t('llm.userPrompt')}
        multiline
        value={options.userPrompt}
        onChange={(userPrompt) => set({ userPrompt })}
        helperText={t('llm.userPromptHelp')}
        error={errors.userPrompt}
      />
      <SliderField
        label={t('llm.temperature', { value: options.temperature })}
        min={0}
        max={2}
        step={0.1}
        value={options.temperature}
        onChange={(temperature) => set({ temperature })}
      />
      <NumberField
        label={t('llm.maxTokens')}
        min={1}
        max={8192}
        value={options.maxTokens}
        onChange={(maxTokens) => set({ maxTokens: maxTokens ?? Number.NaN })}
        error={errors.maxTokens}
      />
      <AnswerDeliveryFields words="llm" options={options} onChange={set} errors={errors} />
    </>
  );
}
