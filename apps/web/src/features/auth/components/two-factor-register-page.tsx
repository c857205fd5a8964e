import { Alert, Box, Button, Link, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveAuthRecord } from '../../../shared/auth/auth-record';
import { clearPendingTwoFactor, readPendingTwoFactor } from '../../../shared/auth/pending-two-factor';
import { twoFactorQrQuery, useRegisterTwoFactor } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { fieldRules } from './form-fields';

/** Groups a base32 secret in fours, as people type it into an authenticator. */
function formatSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Reached after signing in to a company that requires two-factor, before any authenticator is registered. */
export function TwoFactorRegisterPage() {
  const { t } = useTranslation('auth');
  const rules = fieldRules(t);
  const navigate = useNavigate();
  // Read once: registering clears it, and the page must not then ask for the QR again without it
  // (that request, made while the new session took over, was refused with a 401).
  const [token] = useState(() => readPendingTwoFactor() ?? '');
  const qr = useQuery(twoFactorQrQuery(token));
  const confirm = useRegisterTwoFactor(token);
  const { register, handleSubmit, formState } = useForm<{ otp: string }>({ defaultValues: { otp: '' } });
  const secret = qr.data ? (new URL(qr.data.otpauthUri).searchParams.get('secret') ?? '') : '';

  const onSubmit = handleSubmit(({ otp }) =>
    confirm.mutate(otp.replace(/\s+/g, ''), {
      onSuccess: (record) => {
        clearPendingTwoFactor();
        saveAuthRecord(record);
        void navigate('/v2', { replace: true });
      },
    }),
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <AuthHeading title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')} />
      <Stack spacing={2.25}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            p: 2,
            borderRadius: 3,
            bgcolor: '#f8fafc',
            border: '1px solid',
            borderColor: 'divider',
          }}
        >
          {qr.data ? (
            <Box
              component="img"
              src={qr.data.qrDataUrl}
              alt={t('twoFactor.qrAlt')}
              sx={{ width: 200, height: 200 }}
            />
          ) : qr.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => navigate('/v2/login')}>
                  {t('twoFactor.signInAgain')}
                </Button>
              }
            >
              {t('twoFactor.qrFailed')}
            </Alert>
          ) : (
            <Skeleton variant="rounded" width={200} height={200} />
          )}
        </Box>
        {secret && (
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {t('twoFactor.manual')}
            <Box
              component="code"
              data-testid="totp-secret"
              sx={{
                display: 'block',
                mt: 0.5,
                fontSize: 15,
                fontWeight: 600,
                color: 'text.primary',
                letterSpacing: '0.05em',
              }}
            >
              {formatSecret(secret)}
            </Box>
          </Typography>
        )}
        {confirm.error && (
          <Alert severity="error" role="alert">
            {t('twoFactor.invalidCode')}
          </Alert>
        )}
        <TextField
          label={t('fields.otp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { maxLength: 7 } }}
          {...register('otp', rules.otp)}
          error={Boolean(formState.errors.otp)}
          helperText={formState.errors.otp?.message ?? t('twoFactor.codeHelp')}
        />
        <Button type="submit" variant="contained" size="large" disabled={confirm.isPending || !qr.data}>
          {confirm.isPending ? t('twoFactor.submitting') : t('twoFactor.submit')}
        </Button>
        <Link
          component="button"
          type="button"
          sx={{ alignSelf: 'center' }}
          onClick={() => {
            clearPendingTwoFactor();
            void navigate('/v2/login', { replace: true });
          }}
        >
          {t('twoFactor.cancel')}
        </Link>
      </Stack>
    </Box>
  );
}
