import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { nameSchema, type TeamErrorReason } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { invitationQuery, useAcceptInvitation } from '../api/auth';
import { AuthHeading } from './auth-heading';
import { fieldRules } from './form-fields';
import { useFinishSignIn } from './login-page';

interface JoinForm {
  first_name: string;
  last_name: string;
  password: string;
  confirmation: string;
}

const reasonOf = (error: unknown): TeamErrorReason | undefined => {
  const details = isApiError(error) ? (error.details as { reason?: TeamErrorReason } | undefined) : undefined;
  return details?.reason;
};

/** Why a link cannot be used, in words and with the way forward. */
function RefusedLink({ reason }: { reason: TeamErrorReason | undefined }) {
  const { t } = useTranslation('auth');
  const used = reason === 'invitation-used' || reason === 'email-taken';
  const message =
    reason === 'invitation-used'
      ? t('invitation.used')
      : reason === 'invitation-expired'
        ? t('invitation.expired')
        : reason === 'email-taken'
          ? t('invitation.emailTaken')
          : t('invitation.invalid');
  return (
    <Stack spacing={2}>
      <AuthHeading title={t('invitation.title')} />
      <Alert severity="warning" role="alert">
        {message}
      </Alert>
      <Button component={RouterLink} to="/v2/login" variant="contained">
        {used ? t('invitation.signIn') : t('invitation.toSignIn')}
      </Button>
    </Stack>
  );
}

/** Opened from an invitation mail: `/v2/invitation?token=…` joins the team with a new password. */
export function InvitationPage() {
  const { t } = useTranslation(['auth', 'common']);
  const rules = fieldRules(t);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useQuery({ ...invitationQuery(token), enabled: token !== '' });
  const accept = useAcceptInvitation();
  const queryClient = useQueryClient();
  const finish = useFinishSignIn();
  const { register, handleSubmit, formState, getValues } = useForm<JoinForm>({
    defaultValues: { first_name: '', last_name: '', password: '', confirmation: '' },
  });
  const { errors } = formState;
  const nameRule = {
    validate: (value: string) => nameSchema(100).safeParse(value).success || t('invitation.nameInvalid'),
  };

  if (!token || invitation.error) return <RefusedLink reason={reasonOf(invitation.error)} />;
  if (accept.error && reasonOf(accept.error)) return <RefusedLink reason={reasonOf(accept.error)} />;
  if (!invitation.data) {
    return (
      <Stack alignItems="center" sx={{ py: 6 }} role="status">
        <CircularProgress aria-label={t('common:loading')} />
      </Stack>
    );
  }
  const { company_name: company, invited_by: inviter, role, email } = invitation.data;
  const onSubmit = handleSubmit(({ first_name, last_name, password }) =>
    accept.mutate(
      { token, first_name, last_name, password },
      {
        onSuccess: (record) => {
          // Whoever was signed in on this browser before is not the person joining.
          queryClient.clear();
          finish(record);
        },
      },
    ),
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <AuthHeading
        title={t('invitation.heading', { company })}
        subtitle={t('invitation.subtitle', { inviter, role: t(`common:roles.${role}`) })}
      />
      <Stack spacing={2.25}>
        {accept.error && (
          <Alert severity="error" role="alert">
            {t('invitation.failed')}
          </Alert>
        )}
        <TextField label={t('fields.email')} value={email} disabled />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('fields.firstName')}
            autoComplete="given-name"
            autoFocus
            fullWidth
            {...register('first_name', { ...rules.required, ...nameRule })}
            error={Boolean(errors.first_name)}
            helperText={errors.first_name?.message}
          />
          <TextField
            label={t('fields.lastName')}
            autoComplete="family-name"
            fullWidth
            {...register('last_name', { ...rules.required, ...nameRule })}
            error={Boolean(errors.last_name)}
            helperText={errors.last_name?.message}
          />
        </Stack>
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
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
        <Button type="submit" variant="contained" size="large" disabled={accept.isPending}>
          {accept.isPending ? t('invitation.joining') : t('invitation.join')}
        </Button>
      </Stack>
    </Box>
  );
}
