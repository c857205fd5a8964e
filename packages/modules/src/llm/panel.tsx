import { Autocomplete, FormControlLabel, Switch, TextField } from '@mui/material';
import {
  NumberField,
  type PanelProps,
  SliderField,
  TemplateField,
  usePanelTranslation,
  VariableField,
} from '../kit/panel-kit';
import type { LlmContent } from './schema';

/** Suggestions only: any model name the configured provider knows is accepted. */
export const SUGGESTED_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-3.5-turbo'];

export function LlmPanel({ options, onOptionsChange, errors }: PanelProps<LlmContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<LlmContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
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
      <VariableField
        label={t('llm.resultVariable')}
        value={options.resultVariable ?? ''}
        onChange={(name) => set({ resultVariable: name === '' ? undefined : name })}
        helperText={t('llm.resultVariableHelp')}
        error={errors.resultVariable}
      />
      <FormControlLabel
        control={
          <Switch
            checked={options.sendAsMessage}
            onChange={(event) => set({ sendAsMessage: event.target.checked })}
          />
        }
        label={t('llm.sendAsMessage')}
      />
    </>
  );
}
