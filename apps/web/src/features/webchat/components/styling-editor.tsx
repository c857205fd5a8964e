import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type WebchatStyle, webchatStringsSchema, webchatStyleSchema } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type Control, Controller, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/session/current-user';
import {
  botQuery,
  deploymentsQuery,
  useSaveWebchatStyle,
  webchatOpeningQuery,
  webchatStyleQuery,
} from '../api/webchat';
import { EmbedSnippet } from './embed-snippet';
import { WidgetPreview } from './widget-preview';

const colorFields = ['primaryColor', 'backgroundColor', 'textColor', 'botBubbleColor'] as const;
const stringNames = webchatStringsSchema.keyof().options;

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2}>
      <div>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        )}
      </div>
      {children}
    </Stack>
  );
}

/** A choice among a few named options, as buttons. */
/** The values a style field allows, from the contract. */
const choicesOf = (name: 'theme' | 'bubbleShape' | 'launcherIcon' | 'position' | 'fontFamily') =>
  webchatStyleSchema.shape[name].unwrap().options;

function Choice<K extends FieldPath<WebchatStyle>>(props: {
  control: Control<WebchatStyle>;
  name: K;
  label: string;
  options: readonly string[];
  optionLabel: (option: string) => string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Stack spacing={0.75}>
          <Typography variant="body2" id={`${props.name}-label`}>
            {props.label}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-labelledby={`${props.name}-label`}
            value={field.value}
            onChange={(_event, value: string | null) => value !== null && field.onChange(value)}
          >
            {props.options.map((option) => (
              <ToggleButton key={option} value={option} sx={{ px: 2, textTransform: 'none' }}>
                {props.optionLabel(option)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      )}
    />
  );
}

function ColorField({
  control,
  name,
  label,
  help,
  pickLabel,
}: {
  control: Control<WebchatStyle>;
  name: (typeof colorFields)[number];
  label: string;
  help: string;
  pickLabel: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.invalid}
          helperText={fieldState.invalid ? help : ' '}
          slotProps={{
            input: {
              startAdornment: (
                <Box
                  component="input"
                  type="color"
                  aria-label={pickLabel}
                  value={/^#[0-9a-f]{6}$/i.test(field.value) ? field.value : '#000000'}
                  onChange={(event) => field.onChange((event.target as HTMLInputElement).value)}
                  sx={{
                    width: 28,
                    height: 28,
                    mr: 1,
                    p: 0,
                    border: 0,
                    bgcolor: 'transparent',
                    cursor: 'pointer',
                  }}
                />
              ),
            },
          }}
        />
      )}
    />
  );
}

/**
 * A language's title and welcome text left empty mean "the ones above, translated": they are left
 * out of the saved style rather than stored as empty words.
 */
function withoutEmptyWindowWords(style: WebchatStyle): WebchatStyle {
  const strings = Object.fromEntries(
    Object.entries(style.strings).map(([language, { title, welcome, ...words }]) => [
      language,
      { ...words, ...(title ? { title } : {}), ...(welcome ? { welcome } : {}) },
    ]),
  );
  return { ...style, strings };
}

/** Looks a shop owner can start from (lite styling): a few colours and shapes that go together. */
export const stylePresets = {
  classic: {
    primaryColor: '#4f46e5',
    backgroundColor: '#ffffff',
    textColor: '#0f172a',
    botBubbleColor: '#f1f5f9',
    theme: 'light',
    bubbleShape: 'rounded',
  },
  fresh: {
    primaryColor: '#059669',
    backgroundColor: '#f8fffb',
    textColor: '#064e3b',
    botBubbleColor: '#e7f6ef',
    theme: 'light',
    bubbleShape: 'pill',
  },
  warm: {
    primaryColor: '#c2410c',
    backgroundColor: '#fffaf5',
    textColor: '#431407',
    botBubbleColor: '#fdebdc',
    theme: 'light',
    bubbleShape: 'rounded',
  },
  night: {
    primaryColor: '#38bdf8',
    backgroundColor: '#0f172a',
    textColor: '#e2e8f0',
    botBubbleColor: '#1e293b',
    theme: 'dark',
    bubbleShape: 'square',
  },
} as const satisfies Record<string, Partial<WebchatStyle>>;
type StylePreset = keyof typeof stylePresets;

/** The presets as swatches: picking one sets its fields in the form (saved with the rest). */
function Presets({ onPick }: { onPick: (preset: StylePreset) => void }) {
  const { t } = useTranslation('webchat');
  return (
    <Section title={t('styling.presets')} help={t('styling.presetsHelp')}>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        {(Object.keys(stylePresets) as StylePreset[]).map((name) => {
          const preset = stylePresets[name];
          return (
            <Button
              key={name}
              variant="outlined"
              color="inherit"
              onClick={() => onPick(name)}
              sx={{ textTransform: 'none', gap: 1, borderColor: 'divider', px: 1.5, py: 1 }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  border: 1,
                  borderColor: 'divider',
                  background: `linear-gradient(135deg, ${preset.primaryColor} 50%, ${preset.backgroundColor} 50%)`,
                }}
              />
              {t(`styling.presetNames.${name}`)}
            </Button>
          );
        })}
      </Stack>
    </Section>
  );
}

export function StylingEditor({ botId, presets = false }: { botId: string; presets?: boolean }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const { data: bot } = useSuspenseQuery(botQuery(botId));
  const { data: saved } = useSuspenseQuery(webchatStyleQuery(botId));
  const { data: deployments } = useSuspenseQuery(deploymentsQuery(botId));
  // The preview shows what the bot says first; without it (an error) the widget opens empty.
  const opening = useQuery({ ...webchatOpeningQuery(botId), staleTime: 0 });
  const save = useSaveWebchatStyle(botId);
  const canManage = useCan('bots:manage');
  const { control, register, handleSubmit, reset, formState, setValue } = useForm<WebchatStyle>({
    values: saved,
    // The form always holds a whole style (loaded with its defaults), so input and output types agree.
    resolver: zodResolver(webchatStyleSchema) as Resolver<WebchatStyle>,
    mode: 'onChange',
  });
  const values = useWatch({ control }) as WebchatStyle;
  // The preview follows every valid change and keeps the last valid look while a field is mid-edit.
  const [previewStyle, setPreviewStyle] = useState(saved);
  const parsed = useMemo(() => webchatStyleSchema.safeParse(values), [values]);
  useEffect(() => {
    if (parsed.success) setPreviewStyle(parsed.data);
  }, [parsed]);
  const languages = Object.keys(values.strings ?? saved.strings);
  const [language, setLanguage] = useState(languages[0] ?? 'en');
  const webchat = deployments.find((deployment) => deployment.channel === 'webchat');

  const onSubmit = handleSubmit((style) =>
    save.mutate(withoutEmptyWindowWords(style), {
      onSuccess: (stored) => {
        reset(stored);
        enqueueSnackbar(t('styling.saved'), { variant: 'success' });
      },
    }),
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card component="form" onSubmit={onSubmit} noValidate aria-label={t('styling.title')}>
          <CardContent sx={{ p: 3 }}>
            <Stack spacing={4}>
              <div>
                <Typography variant="h3" component="h2">
                  {t('styling.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('styling.subtitle')}
                </Typography>
              </div>
              {presets && (
                <Presets
                  onPick={(name) => {
                    for (const [field, value] of Object.entries(stylePresets[name]))
                      setValue(field as keyof (typeof stylePresets)[StylePreset], value, {
                        shouldDirty: true,
                        shouldValidate: true,
                      });
                  }}
                />
              )}
              <Section title={t('styling.colors')}>
                <Grid container spacing={2}>
                  {colorFields.map((name) => (
                    <Grid key={name} size={{ xs: 12, sm: 6 }}>
                      <ColorField
                        control={control}
                        name={name}
                        label={t(`styling.${name}`)}
                        help={t('styling.colorHelp')}
                        pickLabel={t('styling.pickColor', { name: t(`styling.${name}`).toLowerCase() })}
                      />
                    </Grid>
                  ))}
                </Grid>
              </Section>
              <Section title={t('styling.look')}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={3}
                  sx={{ flexWrap: 'wrap', rowGap: 2 }}
                >
                  <Choice
                    control={control}
                    name="theme"
                    label={t('styling.theme')}
                    options={choicesOf('theme')}
                    optionLabel={(o) => t(`styling.themes.${o}`)}
                  />
                  <Choice
                    control={control}
                    name="bubbleShape"
                    label={t('styling.bubbleShape')}
                    options={choicesOf('bubbleShape')}
                    optionLabel={(o) => t(`styling.shapes.${o}`)}
                  />
                </Stack>
                <Controller
                  control={control}
                  name="fontFamily"
                  render={({ field }) => (
                    <TextField select label={t('styling.fontFamily')} {...field} sx={{ maxWidth: 280 }}>
                      {choicesOf('fontFamily').map((font) => (
                        <MenuItem key={font} value={font}>
                          {t(`styling.fonts.${font}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Section>
              <Section title={t('styling.launcher')}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={3}
                  sx={{ flexWrap: 'wrap', rowGap: 2 }}
                >
                  <Choice
                    control={control}
                    name="launcherIcon"
                    label={t('styling.launcherIcon')}
                    options={choicesOf('launcherIcon')}
                    optionLabel={(o) => t(`styling.icons.${o}`)}
                  />
                  <Choice
                    control={control}
                    name="position"
                    label={t('styling.position')}
                    options={choicesOf('position')}
                    optionLabel={(o) => t(`styling.positions.${o}`)}
                  />
                </Stack>
              </Section>
              <Section title={t('styling.header')}>
                <TextField
                  label={t('styling.titleField')}
                  {...register('title')}
                  error={!!formState.errors.title}
                  helperText={formState.errors.title?.message}
                />
                <TextField
                  label={t('styling.avatarUrl')}
                  {...register('avatarUrl', {
                    setValueAs: (value: string) => (value?.trim() ? value.trim() : undefined),
                  })}
                  error={!!formState.errors.avatarUrl}
                  helperText={formState.errors.avatarUrl?.message ?? t('styling.avatarHelp')}
                />
                <TextField
                  label={t('styling.welcomeText')}
                  multiline
                  minRows={2}
                  {...register('welcomeText')}
                  error={!!formState.errors.welcomeText}
                  helperText={formState.errors.welcomeText?.message ?? t('styling.welcomeHelp')}
                />
              </Section>
              <Section title={t('styling.strings')} help={t('styling.stringsHelp')}>
                <Tabs
                  value={language}
                  onChange={(_event, value: string) => setLanguage(value)}
                  aria-label={t('styling.language')}
                >
                  {languages.map((code) => (
                    <Tab key={code} value={code} label={code.toUpperCase()} />
                  ))}
                </Tabs>
                <Grid container spacing={2} key={language}>
                  {stringNames.map((name) => (
                    <Grid key={name} size={{ xs: 12, sm: 6 }}>
                      <TextField
                        fullWidth
                        label={t(`styling.stringNames.${name}`)}
                        {...register(`strings.${language}.${name}`)}
                        error={!!formState.errors.strings?.[language]?.[name]}
                        helperText={formState.errors.strings?.[language]?.[name]?.message}
                      />
                    </Grid>
                  ))}
                </Grid>
              </Section>
              {save.error && <Alert severity="error">{save.error.message}</Alert>}
              {canManage && (
                <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    disabled={!formState.isDirty || save.isPending}
                    // Keeping the fields' refs, as the form does when the saved style changes: without
                    // them the fields registered again after the reset and the form stayed "changed".
                    onClick={() => reset(saved, { keepFieldsRef: true })}
                  >
                    {t('styling.discard')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={!formState.isDirty || save.isPending}>
                    {t('styling.save')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <div>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('styling.preview')}
            </Typography>
            <WidgetPreview
              style={previewStyle}
              botName={bot.name}
              language={bot.language}
              opening={opening.isError ? [] : opening.data?.messages}
            />
          </div>
          {webchat && (
            <Card>
              <CardContent sx={{ p: 3 }}>
                <EmbedSnippet deploymentKey={webchat.key} />
              </CardContent>
            </Card>
          )}
        </Stack>
      </Grid>
    </Grid>
  );
}
