import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Link, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { useRequestPasswordReset } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { AuthOutcome } from './auth-outcome';
import { fieldRules } from './form-fields';

export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const rules = fieldRules(t);
  const reset = useRequestPasswordReset();
  // Without a mail server (SMTP_URL) the link goes to the server's terminal: the outcome says so.
  // The app read the deployment's settings at start; they are asked for only if not.
  const mailSent =
    useQuery({ ...frontendConfigQuery, enabled: reset.isSuccess }).data?.mail.configured ?? true;
  const { register, handleSubmit, formState, getValues } = useForm<{ email: string }>({
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(({ email }) => reset.mutate(email));

  if (reset.isSuccess) {
    return (
      <AuthOutcome
        icon={<MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} />}
        title={t(mailSent ? 'reset.sentTitle' : 'reset.onTerminalTitle')}
        body={t(mailSent ? 'reset.sentBody' : 'reset.onTerminalBody', { email: getValues('email') })}
        action={{ label: t('reset.backToSignIn'), to: '/v2/login' }}
      />
    );
  }

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <Stack spacing={2.25}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...register('email', rules.email)}
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
        <Link component={RouterLink} to="/v2/login" sx={{ alignSelf: 'center' }}>
          {t('reset.backToSignIn')}
        </Link>
      </Stack>
    </Box>
  );
}
