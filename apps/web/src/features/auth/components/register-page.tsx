import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import type { RegisterRequest } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { IndustrySelect } from '../../../shared/ui/industry-select';
import { useRegister } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { AuthOutcome } from './auth-outcome';
import { fieldRules } from './form-fields';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const rules = fieldRules(t);
  const registration = useRegister();
  // Without a mail server (SMTP_URL) the link goes to the server's terminal: the outcome says so.
  // The app read the deployment's settings at start; they are asked for only if not.
  const mailSent =
    useQuery({ ...frontendConfigQuery, enabled: registration.isSuccess }).data?.mail.configured ?? true;
  const { register, control, handleSubmit, formState, getValues } = useForm<RegisterRequest>({
    defaultValues: {
      email: '',
      password: '',
      first_name: '',
      last_name: '',
      company_name: '',
      industry: null,
    },
  });
  const { errors } = formState;
  // The industry is optional: left out unless chosen.
  const onSubmit = handleSubmit(({ industry, ...values }) =>
    registration.mutate(industry ? { ...values, industry } : values),
  );

  if (registration.isSuccess) {
    return (
      <AuthOutcome
        icon={<MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} />}
        title={t(mailSent ? 'register.sentTitle' : 'register.onTerminalTitle')}
        body={t(mailSent ? 'register.sentBody' : 'register.onTerminalBody', { email: getValues('email') })}
        action={{ label: t('reset.backToSignIn'), to: '/v2/login' }}
      />
    );
  }

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <Stack spacing={2.25}>
        {registration.error && (
          <Alert severity="error" role="alert">
            {registration.error.message}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('fields.firstName')}
            autoComplete="given-name"
            autoFocus
            {...register('first_name', rules.required)}
            error={Boolean(errors.first_name)}
            helperText={errors.first_name?.message}
          />
          <TextField
            label={t('fields.lastName')}
            autoComplete="family-name"
            {...register('last_name', rules.required)}
            error={Boolean(errors.last_name)}
            helperText={errors.last_name?.message}
          />
        </Stack>
        <TextField
          label={t('fields.companyName')}
          autoComplete="organization"
          {...register('company_name', rules.required)}
          error={Boolean(errors.company_name)}
          helperText={errors.company_name?.message}
        />
        <Controller
          control={control}
          name="industry"
          render={({ field }) => (
            <IndustrySelect
              label={t('fields.industry')}
              noneLabel={t('fields.industryLater')}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              helperText={t('fields.industryHelp')}
            />
          )}
        />
        <TextField
          label={t('fields.workEmail')}
          type="email"
          autoComplete="email"
          {...register('email', rules.email)}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          {...register('password', rules.newPassword)}
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? t('validation.passwordLength')}
        />
        <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
          {registration.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/v2/login">
            {t('register.signIn')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
