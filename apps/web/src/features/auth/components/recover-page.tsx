import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useRecoverPassword } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { AuthOutcome } from './auth-outcome';
import { fieldRules } from './form-fields';

interface RecoverForm {
  password: string;
  confirmation: string;
}

/** Opened from the recovery mail: `/v2/recover?token=…`. */
export function RecoverPage() {
  const { t } = useTranslation('auth');
  const rules = fieldRules(t);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const recover = useRecoverPassword();
  const { register, handleSubmit, formState, getValues } = useForm<RecoverForm>({
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(({ password }) => recover.mutate({ token, password }));

  if (!token) {
    return (
      <Stack spacing={2}>
        <AuthHeading title={t('recover.title')} />
        <Alert severity="warning">{t('recover.missingToken')}</Alert>
        <Button component={RouterLink} to="/v2/password-reset" variant="contained">
          {t('recover.requestNew')}
        </Button>
      </Stack>
    );
  }

  if (recover.isSuccess) {
    return (
      <AuthOutcome
        icon={<CheckCircleOutlineRounded color="success" sx={{ fontSize: 48 }} />}
        title={t('recover.doneTitle')}
        body={t('recover.doneBody')}
        action={{ label: t('recover.signIn'), to: '/v2/login' }}
      />
    );
  }

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <AuthHeading title={t('recover.title')} subtitle={t('recover.subtitle')} />
      <Stack spacing={2.25}>
        {recover.error && (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" component={RouterLink} to="/v2/password-reset">
                {t('recover.requestNew')}
              </Button>
            }
          >
            {t('recover.invalidLink')}
          </Alert>
        )}
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...register('password', rules.newPassword)}
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? t('validation.passwordLength')}
        />
        <TextField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...register('confirmation', {
            validate: (value) => value === getValues('password') || t('validation.mismatch'),
          })}
          error={Boolean(errors.confirmation)}
          helperText={errors.confirmation?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={recover.isPending}>
          {recover.isPending ? t('recover.submitting') : t('recover.submit')}
        </Button>
        <Link component={RouterLink} to="/v2/login" sx={{ alignSelf: 'center' }}>
          {t('reset.backToSignIn')}
        </Link>
      </Stack>
    </Box>
  );
}
