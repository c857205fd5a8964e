import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import {
  NumberField,
  type PanelProps,
  PatternFields,
  TemplateField,
  usePanelTranslation,
  VariableField,
  WordsField,
} from '../kit/panel-kit';
import type { InputContent } from './schema';
import type { InputValidator } from './validators';

const validatorTypes = ['text', 'email', 'phone', 'number', 'date', 'regex', 'choice'] as const;

function validatorOfType(type: InputValidator['type']): InputValidator {
  switch (type) {
    case 'text':
      return { type, minLength: 1 };
    case 'regex':
      return { type, pattern: '.+', flags: 'i' };
    case 'choice':
      return { type, choices: [] };
    default:
      return { type };
  }
}

export function InputPanel({ options, onOptionsChange, errors }: PanelProps<InputContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<InputContent>) => onOptionsChange({ ...options, ...patch });
  const validator = options.validator;
  return (
    <>
      <TemplateField
        label={t('input.prompt')}
        multiline
        markdown
        value={options.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errors.prompt}
      />
      <VariableField
        label={t('input.variable')}
        value={options.variable}
        onChange={(variable) => set({ variable })}
        helperText={t('input.variableHelp')}
        error={errors.variable}
      />
      <TextField
        select
        size="small"
        label={t('input.expect')}
        value={validator.type}
        onChange={(event) =>
          set({
            validator:
              event.target.value === validator.type
                ? validator
                : validatorOfType(event.target.value as InputValidator['type']),
          })
        }
      >
        {validatorTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`input.validator.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {validator.type === 'text' && (
        <NumberField
          label={t('input.minLength')}
          min={0}
          value={validator.minLength}
          onChange={(minLength) => set({ validator: { ...validator, minLength: minLength ?? Number.NaN } })}
          error={errors['validator.minLength']}
        />
      )}
      {validator.type === 'number' && (
        <Stack direction="row" spacing={1}>
          <NumberField
            label={t('input.min')}
            value={validator.min}
            onChange={(min) => set({ validator: { ...validator, min } })}
          />
          <NumberField
            label={t('input.max')}
            value={validator.max}
            onChange={(max) => set({ validator: { ...validator, max } })}
          />
        </Stack>
      )}
      {validator.type === 'regex' && (
        <PatternFields
          pattern={validator.pattern}
          flags={validator.flags}
          onChange={(pattern) => set({ validator: { ...validator, ...pattern } })}
          errors={errors}
          path="validator"
        />
      )}
      {validator.type === 'choice' && (
        <WordsField
          label={t('input.choices')}
          value={validator.choices}
          onChange={(choices) => set({ validator: { ...validator, choices } })}
          error={errors['validator.choices']}
        />
      )}
      <TemplateField
        label={t('input.retryMessage')}
        markdown
        value={options.retryMessage}
        onChange={(retryMessage) => set({ retryMessage })}
        error={errors.retryMessage}
      />
      <NumberField
        label={t('input.maxRetries')}
        min={0}
        max={10}
        value={options.maxRetries}
        onChange={(maxRetries) => set({ maxRetries: maxRetries ?? Number.NaN })}
        helperText={t('input.maxRetriesHelp')}
        error={errors.maxRetries}
      />
      <FormControlLabel
        control={
          <Switch
            checked={options.skippable}
            onChange={(event) => set({ skippable: event.target.checked })}
          />
        }
        label={t('input.skippable')}
      />
      {options.skippable && (
        <WordsField
          label={t('input.skipWords')}
          value={options.skipWords}
          onChange={(skipWords) => set({ skipWords })}
          error={errors.skipWords}
        />
      )}
    </>
  );
}
