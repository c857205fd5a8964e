import {
  type PanelProps,
  SliderField,
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
