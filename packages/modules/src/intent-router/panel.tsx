import AddRounded from '@mui/icons-material/AddRounded';
import { Autocomplete, Button, Chip, createFilterOptions, Stack, TextField, Typography } from '@mui/material';
import { toIntentName } from '../kit/intents';
import {
  type PanelProps,
  SliderField,
  TemplateField,
  usePanelHost,
  usePanelTranslation,
} from '../kit/panel-kit';
import type { IntentRouterContent } from './schema';

/** A bot intent in the picker, or the one the typed name would create. */
interface IntentOption {
  name: string;
  isNew: boolean;
}

const filter = createFilterOptions<IntentOption>();

/**
 * The intents the router listens for, picked from the bot's; a name the bot does not have yet
 * can be created right here (its phrases are added in the builder's Intents panel).
 */
function RoutedIntentsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(intents: string[]): void;
  error?: string;
}) {
  const t = usePanelTranslation();
  const { intents, intentPhrases, createIntent, openIntent } = usePanelHost();
  const known = new Set(intents);
  const options = intents.map((name) => ({ name, isNew: false }));
  return (
    <Autocomplete
      multiple
      autoHighlight
      options={options}
      value={value.map((name) => ({ name, isNew: false }))}
      isOptionEqualToValue={(option, chosen) => option.name === chosen.name}
      getOptionLabel={(option) => option.name}
      filterOptions={(all, state) => {
        const shown = filter(all, state);
        const name = toIntentName(state.inputValue);
        if (createIntent && name && !known.has(name)) shown.push({ name, isNew: true });
        return shown;
      }}
      onChange={(_, chosen) => {
        for (const option of chosen) if (option.isNew && !known.has(option.name)) createIntent?.(option.name);
        onChange([...new Set(chosen.map((option) => option.name))]);
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-intent-option={option.isNew ? 'new' : option.name}>
          {option.isNew ? (
            <Typography variant="body2" color="primary" fontWeight={600}>
              {t('intentRouter.create', { name: option.name })}
            </Typography>
          ) : (
            <Stack direction="row" spacing={1} alignItems="baseline" sx={{ width: '100%' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {option.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('intentRouter.phrases', { count: intentPhrases?.[option.name] ?? 0 })}
              </Typography>
            </Stack>
          )}
        </li>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const untrained = known.has(option.name) && (intentPhrases?.[option.name] ?? 1) === 0;
          return (
            <Chip
              key={key}
              label={option.name}
              size="small"
              color={known.has(option.name) ? (untrained ? 'warning' : 'default') : 'error'}
              variant={untrained ? 'outlined' : 'filled'}
              onClick={openIntent && known.has(option.name) ? () => openIntent(option.name) : undefined}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('intentRouter.intents')}
          size="small"
          error={Boolean(error)}
          helperText={
            error ??
            (intents.length === 0
              ? t(createIntent ? 'intentRouter.noIntentsCreate' : 'intentRouter.noIntents')
              : t(createIntent ? 'intentRouter.intentsHelpCreate' : 'intentRouter.intentsHelp'))
          }
        />
      )}
    />
  );
}

export function IntentRouterPanel({ options, onOptionsChange, errors }: PanelProps<IntentRouterContent>) {
  const t = usePanelTranslation();
  const { intents, intentPhrases, openIntent } = usePanelHost();
  const set = (patch: Partial<IntentRouterContent>) => onOptionsChange({ ...options, ...patch });
  // Routed intents the bot has but cannot predict yet: they need phrases.
  const untrained = options.intents.filter(
    (name) => intents.includes(name) && intentPhrases && (intentPhrases[name] ?? 0) === 0,
  );
  return (
    <>
      <TemplateField
        label={t('intentRouter.prompt')}
        multiline
        markdown
        value={options.prompt}
        onChange={(prompt) => set({ prompt })}
        helperText={t('intentRouter.promptHelp')}
        error={errors.prompt}
      />
      <RoutedIntentsField
        value={options.intents}
        onChange={(chosen) => set({ intents: chosen })}
        error={errors.intents}
      />
      {openIntent && untrained.length > 0 && (
        // The module's findings already say these are never predicted: here is the way to fix it.
        <Stack direction="row" flexWrap="wrap" gap={0.5} sx={{ mt: -0.5 }}>
          {untrained.map((name) => (
            <Button
              key={name}
              size="small"
              color="warning"
              startIcon={<AddRounded />}
              data-untrained-intent={name}
              onClick={() => openIntent(name)}
            >
              {t('intentRouter.addPhrases', { name })}
            </Button>
          ))}
        </Stack>
      )}
      <SliderField
        label={t('intentRouter.threshold', { value: Math.round(options.threshold * 100) })}
        min={0}
        max={1}
        step={0.05}
        value={options.threshold}
        onChange={(threshold) => set({ threshold })}
      />
    </>
  );
}
