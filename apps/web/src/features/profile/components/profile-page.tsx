import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type CurrentUser,
  nameSchema,
  passwordSchema,
  type TranslationLanguage,
  translationLanguages,
} from '@parley/contracts';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { languages as appLanguages } from '../../../app/i18n';
import { isApiError } from '../../../shared/api/api-error';
import { NotFoundException } from '../../../shared/errors/error-kind';
import { currentUserQuery, displayName, initials, userKeys } from '../../../shared/session/current-user';
import { PageContainer } from '../../../shared/ui/page-container';
import { useChangePassword, useUpdateProfile } from '../api/profile';

function CardTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

function DetailsCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, reset } = useForm({
    values: { first_name: user.first_name, last_name: user.last_name },
  });
  const nameRules = {
    validate: (value: string) => nameSchema(100).safeParse(value).success || t('validation.name'),
  };
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ first_name: saved.first_name, last_name: saved.last_name });
        enqueueSnackbar(t('details.saved'), { variant: 'success' });
      },
    }),
  );
  return (
    <Card component="form" onSubmit={onSubmit} noValidate>
      <CardContent sx={{ p: 3 }}>
        <CardTitle title={t('details.title')} subtitle={t('details.subtitle')} />
        <Stack spacing={2.25}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('fields.firstName')}
              autoComplete="given-name"
              {...register('first_name', nameRules)}
              error={Boolean(formState.errors.first_name)}
              helperText={formState.errors.first_name?.message}
            />
            <TextField
              label={t('fields.lastName')}
              autoComplete="family-name"
              {...register('last_name', nameRules)}
              error={Boolean(formState.errors.last_name)}
              helperText={formState.errors.last_name?.message}
            />
          </Stack>
          <TextField
            label={t('fields.email')}
            value={user.email}
            disabled
            helperText={t('details.emailHelp')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!formState.isDirty || update.isPending}>
              {update.isPending ? t('saving') : t('details.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

interface PasswordForm {
  current_password: string;
  new_password: string;
  confirmation: string;
}

function PasswordCard() {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset, getValues } = useForm<PasswordForm>({
    defaultValues: { current_password: '', new_password: '', confirmation: '' },
  });
  const { errors } = formState;
  const wrongCurrent = isApiError(change.error) && change.error.name === 'ValidationException';
  const onSubmit = handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          reset();
          enqueueSnackbar(t('password.changed'), { variant: 'success' });
        },
      },
    ),
  );
  return (
    <Card component="form" onSubmit={onSubmit} noValidate>
      <CardContent sx={{ p: 3 }}>
        <CardTitle title={t('password.title')} subtitle={t('password.subtitle')} />
        <Stack spacing={2.25}>
          {change.error && (
            <Alert severity="error" role="alert">
              {wrongCurrent ? change.error.message : t('password.failed')}
            </Alert>
          )}
          <TextField
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            {...register('current_password', { required: t('validation.required') })}
            error={Boolean(errors.current_password)}
            helperText={errors.current_password?.message}
          />
          <TextField
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            {...register('new_password', {
              validate: (value) => passwordSchema.safeParse(value).success || t('validation.passwordLength'),
            })}
            error={Boolean(errors.new_password)}
            helperText={errors.new_password?.message ?? t('validation.passwordLength')}
          />
          <TextField
            label={t('fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...register('confirmation', {
              validate: (value) => value === getValues('new_password') || t('validation.mismatch'),
            })}
            error={Boolean(errors.confirmation)}
            helperText={errors.confirmation?.message}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? t('saving') : t('password.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The Select's value for "each bot's own language" (no language of one's own). */
const BOTS_OWN = 'bots-own';

/**
 * The language a person reads conversations in: the inbox shows visitors' messages in it and sends
 * their replies from it in the visitor's language. Parley's own screens follow it where they speak it.
 */
function LanguageCard({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const names = new Intl.DisplayNames(i18n.resolvedLanguage ? [i18n.resolvedLanguage] : [], {
    type: 'language',
  });
  const nameOf = (code: string) => {
    const name = names.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(i18n.resolvedLanguage) + name.slice(1);
  };
  const choose = (value: string) => {
    const language = value === BOTS_OWN ? null : (value as TranslationLanguage);
    update.mutate(
      { language },
      {
        onSuccess: async () => {
          // Transcripts read before speak the former language.
          void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userKeys.all[0] });
          if (language && appLanguages.some((app) => app.code === language))
            await i18n.changeLanguage(language);
          // Said in the language the screens speak now.
          enqueueSnackbar(i18n.t('profile:language.saved'), { variant: 'success' });
        },
      },
    );
  };
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <CardTitle title={t('language.title')} subtitle={t('language.subtitle')} />
        <TextField
          select
          fullWidth
          label={t('language.label')}
          value={user.language ?? BOTS_OWN}
          onChange={(event) => choose(event.target.value)}
          disabled={update.isPending}
          helperText={t('language.help')}
        >
          <MenuItem value={BOTS_OWN}>{t('language.botsOwn')}</MenuItem>
          {translationLanguages.map((code) => (
            <MenuItem key={code} value={code} lang={code}>
              {nameOf(code)}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}

function SecurityCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const required = user.company.two_factor_enabled;
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <CardTitle title={t('twoFactor.title')} />
        <Stack direction="row" spacing={2} alignItems="flex-start">
          {required && user.qr_registered ? (
            <GppGoodOutlined color="success" />
          ) : (
            <ShieldOutlined color="action" />
          )}
          <Box>
            <Chip
              size="small"
              color={required && user.qr_registered ? 'success' : 'default'}
              label={
                required
                  ? user.qr_registered
                    ? t('twoFactor.on')
                    : t('twoFactor.pending')
                  : t('twoFactor.off')
              }
              sx={{ mb: 1 }}
            />
            <Typography color="text.secondary">
              {required
                ? user.qr_registered
                  ? t('twoFactor.onBody', { company: user.company.name })
                  : t('twoFactor.pendingBody')
                : t('twoFactor.offBody', { company: user.company.name })}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** `/v2/profile/{id}`: one's own profile; anyone else's id is not found. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { id } = useParams();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (id !== user.id) throw new NotFoundException('Profile not found');

  return (
    <PageContainer>
      <Stack direction="row" spacing={2.5} alignItems="center">
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24, fontWeight: 700 }}>
          {initials(user)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1">{displayName(user)}</Typography>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mt: 0.5 }}>
            <Typography color="text.secondary">{user.email}</Typography>
            <Chip size="small" label={t(`roles.${user.role}`, { ns: 'common' })} />
            <Chip size="small" variant="outlined" label={user.company.name} />
          </Stack>
        </Box>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <DetailsCard user={user} />
            <PasswordCard />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <LanguageCard user={user} />
            <SecurityCard user={user} />
          </Stack>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
