import { Slider, Stack, Typography } from '@mui/material';
import {
  type PanelProps,
  TemplateField,
  usePanelHost,
  usePanelTranslation,
  WordsField,
} from '../kit/panel-kit';
import type { IntentRouterContent } from './schema';

export function IntentRouterPanel({ options, onOptionsChange, errors }: PanelProps<IntentRouterContent>) {
  const t = usePanelTranslation();
  const { intents } = usePanelHost();
  const set = (patch: Partial<IntentRouterContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
      <TemplateField
        label={t('intentRouter.prompt')}
        multiline
        value={options.prompt}
        onChange={(prompt) => set({ prompt })}
        helperText={t('intentRouter.promptHelp')}
        error={errors.prompt}
      />
      <WordsField
        label={t('intentRouter.intents')}
        options={intents}
        value={options.intents}
        onChange={(chosen) => set({ intents: chosen })}
        helperText={intents.length === 0 ? t('intentRouter.noIntents') : t('intentRouter.intentsHelp')}
        error={errors.intents}
      />
      <Stack>
        <Typography variant="body2" id="intent-threshold">
          {t('intentRouter.threshold', { value: Math.round(options.threshold * 100) })}
        </Typography>
        <Slider
          aria-labelledby="intent-threshold"
          min={0}
          max={1}
          step={0.05}
          value={options.threshold}
          onChange={(_, value) => set({ threshold: value as number })}
          size="small"
        />
      </Stack>
    </>
  );
}
