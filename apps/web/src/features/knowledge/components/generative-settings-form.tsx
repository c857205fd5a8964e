import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { GenerativeSettings, GenerativeTab } from '@parley/contracts';
import { SUGGESTED_MODELS } from '@parley/modules';
import { useTranslation } from 'react-i18next';
import { FailedSourceList } from '../../../shared/ui/failed-source-list';

const lengths = ['short', 'medium', 'long'] as const;

type TabSource = GenerativeTab['sources'][number];

/** A source's name, and its state when it is not simply ready (a failed one: why). */
function SourceLabel({ source }: { source: TabSource }) {
  const { t } = useTranslation('webchat');
  return (
    <Box sx={{ py: 0.25 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <span>{source.name}</span>
        {source.state !== 'ready' && (
          <Chip
            size="small"
            variant="outlined"
            color={source.state === 'failed' ? 'error' : 'default'}
            label={t(source.state === 'failed' ? 'generative.sourceFailed' : 'generative.sourceProcessing')}
          />
        )}
      </Stack>
      {source.state === 'failed' && (
        <Typography variant="caption" color="error" component="div">
          {t('generative.sourceFailedReason', { error: source.error ?? '' })}{' '}
          {t('generative.sourceFailedChosen')}
        </Typography>
      )}
    </Box>
  );
}

/** The generative response tab's settings, as the form holds them (saved by the tab). */
export function GenerativeSettingsForm({
  tab,
  settings,
  onChange,
  disabled,
}: {
  tab: GenerativeTab;
  settings: GenerativeSettings;
  onChange: (settings: GenerativeSettings) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('webchat');
  const set = (patch: Partial<GenerativeSettings>) => onChange({ ...settings, ...patch });
  const toggleSource = (id: string, on: boolean) =>
    set({ sourceIds: on ? [...settings.sourceIds, id] : settings.sourceIds.filter((each) => each !== id) });
  // A source whose file failed is not offered (the server refuses it); one chosen before stays, marked.
  const chosen = (source: TabSource) => !settings.allSources && settings.sourceIds.includes(source.id);
  const offered = tab.sources.filter((source) => source.state !== 'failed' || chosen(source));
  const hidden = tab.sources.filter((source) => source.state === 'failed' && !chosen(source));
  return (
    <Stack spacing={2.5} component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0 }}>
      <FormControlLabel
        control={
          <Switch checked={settings.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
        }
        label={
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t('generative.enabled')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('generative.enabledHelp')}
            </Typography>
          </Box>
        }
        sx={{ alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.5 } }}
      />
      {!tab.model.configured && <Alert severity="warning">{t('generative.noModel')}</Alert>}
      <Autocomplete
        freeSolo
        options={SUGGESTED_MODELS}
        value={settings.model}
        inputValue={settings.model}
        onInputChange={(_, model) => set({ model })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('generative.model')}
            placeholder={tab.model.defaultModel}
            helperText={t('generative.modelHelp', { model: tab.model.defaultModel })}
          />
        )}
      />
      <TextField
        label={t('generative.instructions')}
        multiline
        minRows={4}
        value={settings.instructions}
        onChange={(event) => set({ instructions: event.target.value })}
        helperText={t('generative.instructionsHelp', { example: '{{ name }}' })}
        slotProps={{
          htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace', fontSize: 14 } },
        }}
      />
      <Box>
        <Typography id="generative-temperature" variant="body2" sx={{ fontWeight: 500 }}>
          {t('generative.temperature', { value: settings.temperature })}
        </Typography>
        <Slider
          aria-labelledby="generative-temperature"
          min={0}
          max={2}
          step={0.1}
          value={settings.temperature}
          onChange={(_, value) => set({ temperature: value as number })}
        />
      </Box>
      <Box>
        <Typography id="generative-length" variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
          {t('generative.answerLength')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-labelledby="generative-length"
          value={settings.answerLength}
          onChange={(_, answerLength) => answerLength && set({ answerLength })}
        >
          {lengths.map((length) => (
            <ToggleButton key={length} value={length}>
              {t(`generative.length.${length}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box>
        <Typography id="generative-min-score" variant="body2" sx={{ fontWeight: 500 }}>
          {t('generative.minScore', { value: settings.minScore.toFixed(2) })}
        </Typography>
        <Slider
          aria-labelledby="generative-min-score"
          min={0}
          max={1}
          step={0.05}
          value={settings.minScore}
          onChange={(_, value) => set({ minScore: value as number })}
        />
        <Typography variant="caption" color="text.secondary">
          {t('generative.minScoreHelp')}
        </Typography>
      </Box>
      <FormControl>
        <FormLabel id="generative-sources">{t('generative.sources')}</FormLabel>
        <RadioGroup
          aria-labelledby="generative-sources"
          value={settings.allSources ? 'all' : 'some'}
          onChange={(event) => set({ allSources: event.target.value === 'all' })}
        >
          <FormControlLabel value="all" control={<Radio />} label={t('generative.allSources')} />
          <FormControlLabel
            value="some"
            control={<Radio />}
            label={t('generative.someSources')}
            disabled={offered.length === 0}
          />
        </RadioGroup>
        {!settings.allSources && (
          <FormGroup sx={{ pl: 4 }}>
            {offered.map((source) => (
              <FormControlLabel
                key={source.id}
                sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
                control={
                  <Checkbox
                    checked={settings.sourceIds.includes(source.id)}
                    onChange={(event) => toggleSource(source.id, event.target.checked)}
                  />
                }
                label={<SourceLabel source={source} />}
              />
            ))}
          </FormGroup>
        )}
        {!settings.allSources && hidden.length > 0 && (
          <FailedSourceList
            heading={t('generative.sourceFailedHidden', { count: hidden.length })}
            failedLabel={t('generative.sourceFailed')}
            sources={hidden}
            reason={(source) => t('generative.sourceFailedReason', { error: source.error ?? '' })}
            sx={{ mt: 1, pl: 4 }}
          />
        )}
        {tab.sources.length === 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('generative.noSources')}
          </Typography>
        )}
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={settings.citations}
            onChange={(event) => set({ citations: event.target.checked })}
          />
        }
        label={t('generative.citations')}
      />
    </Stack>
  );
}

/** Save and discard, shown while the form differs from what is saved. */
export function SaveBar({
  dirty,
  saving,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('webchat');
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button disabled={!dirty || saving} onClick={onDiscard}>
        {t('generative.discard')}
      </Button>
      <Button variant="contained" disabled={!dirty || saving} onClick={onSave}>
        {saving ? t('generative.saving') : t('generative.save')}
      </Button>
    </Stack>
  );
}
