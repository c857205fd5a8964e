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
import { canBeLimitedToBots, emailSchema, type UserRole } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { teamBotsQuery, useInvite } from '../api/team';
import { BotAccessField } from './bot-access-field';
import { RoleSelect } from './role-select';
import { useTeamErrorMessage } from './team-errors';

interface InviteForm {
  email: string;
  role: UserRole;
  /** Null: every bot (always so for roles that cannot be limited). */
  bot_ids: string[] | null;
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
  const bots = useQuery({ ...teamBotsQuery, enabled: open });
  // Without a mail server (SMTP_URL) the invitation's link is on the server's terminal: say so.
  const mailSent = useQuery({ ...frontendConfigQuery, enabled: open }).data?.mail.configured ?? true;
  const { register, control, handleSubmit, formState, reset, watch } = useForm<InviteForm>({
    defaultValues: { email: '', role: 'agent', bot_ids: null },
  });
  const limitable = canBeLimitedToBots(watch('role'));
  const close = () => {
    reset();
    invite.reset();
    onClose();
  };
  const onSubmit = handleSubmit(({ bot_ids, ...values }) =>
    invite.mutate(
      { ...values, ...(limitable && bot_ids ? { bot_ids } : {}) },
      {
        onSuccess: (sent) => {
          enqueueSnackbar(t(mailSent ? 'team.invited' : 'team.invitedNoMail', { email: sent.email }), {
            variant: 'success',
          });
          close();
        },
      },
    ),
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
            {limitable && (
              <Controller
                control={control}
                name="bot_ids"
                rules={{ validate: (value) => value === null || value.length > 0 || t('team.bots.required') }}
                render={({ field, fieldState }) => (
                  <BotAccessField
                    value={field.value}
                    onChange={field.onChange}
                    bots={bots.data?.items ?? []}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
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
