import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import {
  type LiteAnswers,
  type LiteAnswersInput,
  liteLanguageSchema,
  litePurposeSchema,
  liteToneSchema,
  liteWeekdays,
} from '@parley/contracts';
import { type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The guided answers' form, shared by the creation form's steps and lite settings. */
export type AnswersForm = UseFormReturn<LiteAnswersInput, unknown, LiteAnswers>;

/** A choice shown as large cards, one of them selected (a radio group for assistive technology). */
function ChoiceCards<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  title: (option: T) => string;
  description: (option: T) => string;
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    <Box role="radiogroup" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <Grid container spacing={1.5}>
        {props.options.map((option) => {
          const selected = option === props.value;
          return (
            <Grid key={option} size={{ xs: 12, sm: 6 }}>
              <Card
                variant="outlined"
                sx={{
                  height: '100%',
                  borderWidth: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: (theme) =>
                    selected ? alpha(theme.palette.primary.main, 0.06) : theme.palette.background.paper,
                }}
              >
                <CardActionArea
                  role="radio"
                  aria-checked={selected}
                  onClick={() => props.onChange(option)}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Typography sx={{ fontWeight: 650 }}>{props.title(option)}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {props.description(option)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}

/** A text field bound to one answer, its error said in the app's language. */
function AnswerField({
  form,
  name,
  label,
  help,
  error,
  ...rest
}: {
  form: AnswersForm;
  name: 'businessName' | 'website' | 'greeting' | 'contact.email' | 'contact.phone';
  label: string;
  help: string;
  error: string | undefined;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <TextField
      {...form.register(name)}
      label={label}
      error={error !== undefined}
      helperText={error ?? help}
      fullWidth
      minRows={rest.multiline ? 2 : undefined}
      {...rest}
    />
  );
}

export function BusinessFields({ form }: { form: AnswersForm }) {
  const { t } = useTranslation('lite');
  const { errors } = form.formState;
  return (
    <Stack spacing={2.5}>
      <AnswerField
        form={form}
        name="businessName"
        label={t('fields.businessName')}
        help={t('help.businessName')}
        error={errors.businessName && t('errors.businessName')}
        autoComplete="organization"
      />
      <AnswerField
        form={form}
        name="website"
        label={t('fields.website')}
        help={t('help.website')}
        error={errors.website && t('errors.website')}
        type="url"
        placeholder="https://"
        autoComplete="url"
      />
    </Stack>
  );
}

export function PurposeField({ form }: { form: AnswersForm }) {
  const { t } = useTranslation('lite');
  return (
    <Controller
      control={form.control}
      name="purpose"
      render={({ field }) => (
        <ChoiceCards
          label={t('fields.purpose')}
          value={field.value}
          options={litePurposeSchema.options}
          title={(option) => t(`purposes.${option}.title`)}
          description={(option) => t(`purposes.${option}.description`)}
          onChange={field.onChange}
        />
      )}
    />
  );
}

export function VoiceFields({ form }: { form: AnswersForm }) {
  const { t } = useTranslation('lite');
  const { errors } = form.formState;
  return (
    <Stack spacing={3}>
      <Controller
        control={form.control}
        name="tone"
        render={({ field }) => (
          <ChoiceCards
            label={t('fields.tone')}
            value={field.value}
            options={liteToneSchema.options}
            title={(option) => t(`tones.${option}.title`)}
            description={(option) => t(`tones.${option}.description`)}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="language"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.language')}
            {...field}
            helperText={t('help.language')}
            sx={{ maxWidth: 320 }}
          >
            {liteLanguageSchema.options.map((language) => (
              <MenuItem key={language} value={language}>
                {t(`languages.${language}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <AnswerField
        form={form}
        name="greeting"
        label={t('fields.greeting')}
        help={t('help.greeting')}
        error={errors.greeting && t('errors.text')}
        multiline
      />
    </Stack>
  );
}

export function HoursFields({ form }: { form: AnswersForm }) {
  const { t } = useTranslation('lite');
  const hours = useWatch({ control: form.control, name: 'hours' });
  const { errors } = form.formState;
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      {/* Named for assistive technology; the step or section title above says it on screen. */}
      <Box component="legend" sx={visuallyHidden}>
        {t('fields.hours')}
      </Box>
      {liteWeekdays.map((day) => {
        const open = hours?.[day]?.open ?? false;
        const dayError = errors.hours?.[day]?.closes ?? errors.hours?.[day]?.opens;
        return (
          <Stack
            key={day}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Controller
              control={form.control}
              name={`hours.${day}.open`}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ minWidth: 190 }}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                  label={t(`days.${day}`)}
                />
              )}
            />
            {open ? (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  {...form.register(`hours.${day}.opens`)}
                  type="time"
                  size="small"
                  label={t('fields.opens')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  {...form.register(`hours.${day}.closes`)}
                  type="time"
                  size="small"
                  label={t('fields.closes')}
                  error={dayError !== undefined}
                  helperText={dayError && t('errors.closes')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
            ) : (
              <Typography color="text.secondary">{t('closed')}</Typography>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

export function ContactFields({ form }: { form: AnswersForm }) {
  const { t } = useTranslation('lite');
  const { errors } = form.formState;
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 7 }}>
          <AnswerField
            form={form}
            name="contact.email"
            label={t('fields.email')}
            help={t('help.email')}
            error={errors.contact?.email && t('errors.email')}
            type="email"
            autoComplete="email"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <AnswerField
            form={form}
            name="contact.phone"
            label={t('fields.phone')}
            help={t('help.phone')}
            error={errors.contact?.phone && t('errors.phone')}
            type="tel"
            autoComplete="tel"
          />
        </Grid>
      </Grid>
      <Controller
        control={form.control}
        name="contact.handoff"
        render={({ field }) => (
          <ChoiceCards
            label={t('fields.handoff')}
            value={field.value}
            options={['inbox', 'email'] as const}
            title={(option) => t(`handoffs.${option}.title`)}
            description={(option) => t(`handoffs.${option}.description`)}
            onChange={field.onChange}
          />
        )}
      />
    </Stack>
  );
}

/** A titled block of a step or of the settings. */
export function AnswersSection({
  title,
  help,
  children,
}: {
  title: string;
  help?: string;
  children: ReactNode;
}) {
  return (
    <Stack component="section" spacing={2.5}>
      <div>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        {help && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {help}
          </Typography>
        )}
      </div>
      {children}
    </Stack>
  );
}
