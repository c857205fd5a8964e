import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { TeamMember } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../shared/session/current-user';
import { teamBotsQuery, useUpdateMember } from '../api/team';
import { BotAccessField } from './bot-access-field';
import { useTeamErrorMessage } from './team-errors';

/** Changes which bots a member may see; they see the change on their next page load. */
export function BotAccessDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation('company');
  const bots = useQuery(teamBotsQuery);
  const update = useUpdateMember();
  const errorMessage = useTeamErrorMessage();
  const [value, setValue] = useState<string[] | null>(member.bot_ids);
  const [missing, setMissing] = useState(false);
  const save = () => {
    if (value !== null && value.length === 0) {
      setMissing(true);
      return;
    }
    update.mutate({ id: member.id, bot_ids: value }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="bot-access-title">
      <DialogTitle id="bot-access-title">{t('team.bots.title', { name: displayName(member) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('team.bots.explain')}
        </Typography>
        {update.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(update.error)}
          </Alert>
        )}
        <BotAccessField
          value={value}
          onChange={(next) => {
            setMissing(false);
            setValue(next);
          }}
          bots={bots.data?.items ?? []}
          error={missing ? t('team.bots.required') : undefined}
          disabled={update.isPending}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('team.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          {update.isPending ? t('team.saving') : t('team.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
