import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { emailSchema, type UserRole } from '@parley/contracts';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useInvite } from '../api/team';
import { RoleSelect } from './role-select';
import { useTeamErrorMessage } from './team-errors';

interface InviteForm {
  email: string;
  role: UserRole;
}

/** Invites someone by email: the mail holds a link valid for 7 days. */
export function InviteDialog({
  open,
  onClose,
  canGrantOwner,
}: {
  open: boolean;
  onClose: () => void;
  canGrantOwner: boolean;
}) {
  const { t } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInvite();
  const errorMessage = useTeamErrorMessage();
  const { register, control, handleSubmit, formState, reset } = useForm<InviteForm>({
    defaultValues: { email: '', role: 'agent' },
  });
  const close = () => {
    reset();
    invite.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        enqueueSnackbar(t('team.invited', { email: sent.email }), { variant: 'success' });
        close();
      },
    }),
  );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="invite-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="invite-title">{t('team.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {invite.error && (
              <Alert severity="error" role="alert">
                {errorMessage(invite.error)}
              </Alert>
            )}
            <TextField
              label={t('team.email')}
              type="email"
              autoComplete="off"
              autoFocus
              {...register('email', {
                validate: (value) => emailSchema.safeParse(value).success || t('team.emailInvalid'),
              })}
              error={Boolean(formState.errors.email)}
              helperText={formState.errors.email?.message ?? t('team.emailHelp')}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <RoleSelect
                  label={t('team.role')}
                  value={field.value}
                  onChange={field.onChange}
                  canGrantOwner={canGrantOwner}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close}>{t('team.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? t('team.sending') : t('team.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
