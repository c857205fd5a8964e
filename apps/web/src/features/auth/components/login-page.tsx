import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { type AuthRecord, rateLimitDetailsSchema } from '@parley/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { saveAuthRecord } from '../../../shared/auth/auth-record';
import { savePendingTwoFactor } from '../../../shared/auth/pending-two-factor';
import { safeNext } from '../../../shared/session/sign-out';
import { useLogin } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { fieldRules } from './form-fields';

interface LoginForm {
  email: string;
  password: string;
  otp: string;
}

/** Whole seconds of a RateLimitException's `details.retryAfterMs`, at least one. */
function secondsToWait(details: unknown): number {
  const parsed = rateLimitDetailsSchema.safeParse(details);
  return parsed.success ? Math.max(1, Math.ceil(parsed.data.retryAfterMs / 1000)) : 1;
}

/** Completes a sign-in: either a session, or the two-factor registration step first. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (record: AuthRecord) => {
    if (record.company2faEnabled && !record.qrRegistered) {
      savePendingTwoFactor(record.token, record.expiry);
      void navigate('/v2/2fa-qr-token-register', { replace: true });
      return;
    }
    saveAuthRecord(record);
    void navigate(safeNext(params.get('next')), { replace: true });
  };
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const rules = fieldRules(t);
  const login = useLogin();
  const finish = useFinishSignIn();
  const [needsCode, setNeedsCode] = useState(false);
  const { register, handleSubmit, formState, setFocus } = useForm<LoginForm>({
    defaultValues: { email: '', password: '', otp: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(({ email, password, otp }) =>
    login.mutate(
      { email, password, ...(needsCode ? { otp } : {}) },
      {
        onSuccess: finish,
        onError: (error) => {
          const details = isApiError(error)
            ? (error.details as { otpRequired?: boolean } | undefined)
            : undefined;
          if (details?.otpRequired && !needsCode) {
            setNeedsCode(true);
            login.reset();
            setTimeout(() => setFocus('otp'), 0);
          }
        },
      },
    ),
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <AuthHeading
        title={needsCode ? t('login.codeTitle') : t('login.title')}
        subtitle={needsCode ? t('login.codeSubtitle') : t('login.subtitle')}
      />
      <Stack spacing={2.25}>
        {login.error && (
          <Alert severity="error" role="alert">
            {isApiError(login.error) && login.error.status === 401 && !needsCode
              ? t('login.badCredentials')
              : isApiError(login.error) && login.error.status === 429
                ? t('login.tooMany', { seconds: secondsToWait(login.error.details) })
                : login.error.message}
          </Alert>
        )}
        <Box sx={{ display: needsCode ? 'none' : 'contents' }}>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            autoFocus
            {...register('email', rules.email)}
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            {...register('password', rules.required)}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
          />
        </Box>
        {needsCode && (
          <TextField
            label={t('fields.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { maxLength: 7 } }}
            {...register('otp', rules.otp)}
            error={Boolean(errors.otp)}
            helperText={errors.otp?.message ?? t('login.codeHelp')}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : needsCode ? t('login.verify') : t('login.submit')}
        </Button>
        {needsCode ? (
          <Link
            component="button"
            type="button"
            onClick={() => {
              setNeedsCode(false);
              login.reset();
            }}
            sx={{ alignSelf: 'center' }}
          >
            {t('login.back')}
          </Link>
        ) : (
          <Stack direction="row" justifyContent="space-between" flexWrap="wrap" useFlexGap spacing={1}>
            <Link component={RouterLink} to="/v2/password-reset">
              {t('login.forgot')}
            </Link>
            <Link component={RouterLink} to="/v2/register">
              {t('login.register')}
            </Link>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
