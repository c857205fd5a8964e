import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useConfirmSignUp } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { useFinishSignIn } from './login-page';

/** Opened from the sign-up mail: `/v2/register/confirm?token=…` creates the account and signs in. */
export function RegisterConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmSignUp();
  const finish = useFinishSignIn();
  const sent = useRef(false);

  useEffect(() => {
    // Once: a second call with the same link would be refused as used.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, { onSuccess: finish });
  }, [token, confirm, finish]);

  const taken = isApiError(confirm.error) && confirm.error.name === 'ConflictException';
  if (!token || confirm.error) {
    return (
      <Stack spacing={2}>
        <AuthHeading title={t('confirm.title')} />
        <Alert severity="warning" role="alert">
          {!token ? t('confirm.missingToken') : taken ? t('register.emailTaken') : t('confirm.invalidLink')}
        </Alert>
        <Button component={RouterLink} to={taken ? '/v2/login' : '/v2/register'} variant="contained">
          {taken ? t('register.signIn') : t('confirm.signUpAgain')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} alignItems="center" role="status">
      <AuthHeading title={t('confirm.title')} subtitle={t('confirm.creating')} />
      <CircularProgress aria-label={t('confirm.creating')} />
    </Stack>
  );
}
