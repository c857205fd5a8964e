import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { canBeLimitedToBots, type PendingInvitation, type TeamMember } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery, displayName, initials } from '../../../shared/session/current-user';
import { teamBotsQuery, teamQuery, useInvite, useRevokeInvitation, useUpdateMember } from '../api/team';
import { BotAccessDialog } from './bot-access-dialog';
import { InviteDialog } from './invite-dialog';
import { RoleSelect } from './role-select';
import { useTeamErrorMessage } from './team-errors';

/** Chip colours with text dark enough to read (WCAG AA) on their tint. */
const tones = {
  good: { bgcolor: '#e7f6ec', color: '#1b5e20' },
  info: { bgcolor: '#e8f0fe', color: '#0b4a9e' },
  warning: { bgcolor: '#fff4e0', color: '#7a4100' },
};

function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** A sign-in time as its day over its hour: the table keeps room for every column. */
function SignInTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const hour = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(iso));
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {day}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {hour}
      </Typography>
    </Box>
  );
}

/** "All bots" or "3 bots", with the bots' names on hover. */
function useBotAccessWords() {
  const { t } = useTranslation('company');
  const bots = useQuery(teamBotsQuery);
  const names = new Map((bots.data?.items ?? []).map((bot) => [bot.id, bot.name]));
  return (botIds: string[] | null) => ({
    label: botIds === null ? t('team.bots.allShort') : t('team.bots.count', { count: botIds.length }),
    names: botIds === null ? '' : botIds.map((id) => names.get(id) ?? t('team.bots.unknown')).join(', '),
  });
}

/** Who sees which bots: roles that can be limited open the bot access dialog from here. */
function BotAccessCell({ member, editable }: { member: TeamMember; editable: boolean }) {
  const { t } = useTranslation('company');
  const words = useBotAccessWords()(member.bot_ids);
  const [editing, setEditing] = useState(false);
  const limitable = canBeLimitedToBots(member.role);
  if (!limitable || !editable) {
    return (
      <Tooltip title={words.names} disableHoverListener={!words.names}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {words.label}
        </Typography>
      </Tooltip>
    );
  }
  return (
    <>
      <Tooltip title={words.names} disableHoverListener={!words.names}>
        <Button
          size="small"
          variant="outlined"
          color={member.bot_ids === null ? 'inherit' : 'primary'}
          onClick={() => setEditing(true)}
          aria-label={t('team.bots.editWho', { name: displayName(member), access: words.label })}
          sx={{ whiteSpace: 'nowrap', borderColor: 'divider' }}
        >
          {words.label}
        </Button>
      </Tooltip>
      {editing && <BotAccessDialog member={member} onClose={() => setEditing(false)} />}
    </>
  );
}

function MemberRow({
  member,
  me,
  iAmOwner,
  onError,
}: {
  member: TeamMember;
  me: string;
  iAmOwner: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('company');
  const update = useUpdateMember();
  const isMe = member.id === me;
  // Admins do not change owners (the server refuses it): the controls say so by being off.
  const locked = member.role === 'owner' && !iAmOwner;
  const active = member.status === 'active';
  const change = (body: { role?: TeamMember['role']; status?: TeamMember['status'] }) =>
    update.mutate({ id: member.id, ...body }, { onError });
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Avatar
            sx={{
              width: 34,
              height: 34,
              fontSize: 14,
              bgcolor: active ? 'primary.main' : 'grey.700',
              color: 'common.white',
            }}
          >
            {initials(member)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.75} alignItems="center">
              <Typography fontWeight={600} noWrap>
                {displayName(member)}
              </Typography>
              {isMe && <Chip size="small" label={t('team.you')} />}
            </Stack>
            <Typography variant="body2" color="text.secondary" noWrap>
              {member.email}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell>
        <RoleSelect
          label={t('team.roleOf', { name: displayName(member) })}
          size="small"
          value={member.role}
          disabled={locked || update.isPending}
          canGrantOwner={iAmOwner}
          onChange={(role) => change({ role })}
        />
      </TableCell>
      <TableCell>
        <BotAccessCell member={member} editable={!locked} />
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          sx={active ? tones.good : undefined}
          label={active ? t('team.active') : t('team.deactivated')}
        />
      </TableCell>
      <TableCell>
        <Typography
          variant="body2"
          color={member.last_sign_in_at ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {member.last_sign_in_at ? <SignInTime iso={member.last_sign_in_at} /> : t('team.never')}
        </Typography>
      </TableCell>
      <TableCell align="right">
        {!isMe && !locked && (
          <Button
            size="small"
            color={active ? 'error' : 'primary'}
            disabled={update.isPending}
            onClick={() => change({ status: active ? 'disabled' : 'active' })}
            aria-label={t(active ? 'team.deactivateWho' : 'team.reactivateWho', {
              name: displayName(member),
            })}
          >
            {active ? t('team.deactivate') : t('team.reactivate')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function InvitationRow({
  invitation,
  iAmOwner,
  onError,
}: {
  invitation: PendingInvitation;
  iAmOwner: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation(['company', 'common']);
  const formatDateTime = useDateTime();
  const revoke = useRevokeInvitation();
  const resend = useInvite();
  const expired = new Date(invitation.expires_at).getTime() <= Date.now();
  const access = useBotAccessWords()(invitation.bot_ids);
  return (
    <TableRow>
      <TableCell>
        <Typography fontWeight={600}>{invitation.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('team.invitedBy', { name: invitation.invited_by })}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2">{t(`common:roles.${invitation.role}`)}</Typography>
        {canBeLimitedToBots(invitation.role) && (
          <Tooltip title={access.names} disableHoverListener={!access.names}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {access.label}
            </Typography>
          </Tooltip>
        )}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          sx={expired ? tones.warning : tones.info}
          label={expired ? t('team.expired') : t('team.pending')}
        />
      </TableCell>
      <TableCell>
        <Typography variant="body2" color="text.secondary">
          {t(expired ? 'team.expiredOn' : 'team.expiresOn', { date: formatDateTime(invitation.expires_at) })}
        </Typography>
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {(invitation.role !== 'owner' || iAmOwner) && (
            <Button
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(
                  {
                    email: invitation.email,
                    role: invitation.role,
                    ...(invitation.bot_ids ? { bot_ids: invitation.bot_ids } : {}),
                  },
                  { onError },
                )
              }
            >
              {t('team.resend')}
            </Button>
          )}
          <Button
            size="small"
            color="error"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(invitation.id, { onError })}
            aria-label={t('team.revokeWho', { email: invitation.email })}
          >
            {t('team.revoke')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** Company settings' people: invite, change roles, deactivate, see who signed in when. */
export function TeamCard() {
  const { t } = useTranslation('company');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: team } = useSuspenseQuery(teamQuery);
  const [inviting, setInviting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errorMessage = useTeamErrorMessage();
  const onError = (error: unknown) => setRefusal(errorMessage(error));
  const iAmOwner = user.role === 'owner';
  const headers = [
    t('team.person'),
    t('team.role'),
    t('team.bots.column'),
    t('team.status'),
    t('team.lastSignIn'),
  ];
  return (
    <Card aria-labelledby="team-title">
      <CardContent sx={{ p: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2.5 }}
          alignItems={{ sm: 'flex-start' }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography variant="h3" component="h2" id="team-title">
              {t('team.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('team.subtitle')}
            </Typography>
          </Box>
          <Button variant="contained" startIcon={<PersonAddAlt1Rounded />} onClick={() => setInviting(true)}>
            {t('team.invite')}
          </Button>
        </Stack>
        {refusal && (
          <Alert severity="error" role="alert" onClose={() => setRefusal(null)} sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" aria-label={t('team.title')}>
            <TableHead>
              <TableRow>
                {headers.map((header) => (
                  <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                    {header}
                  </TableCell>
                ))}
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('team.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {team.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  me={user.id}
                  iAmOwner={iAmOwner}
                  onError={onError}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {team.invitations.length > 0 && (
          <>
            <Typography variant="h4" component="h3" sx={{ mt: 3, mb: 1 }}>
              {t('team.invitations')}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label={t('team.invitations')}>
                <TableBody>
                  {team.invitations.map((invitation) => (
                    <InvitationRow
                      key={invitation.id}
                      invitation={invitation}
                      iAmOwner={iAmOwner}
                      onError={onError}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </CardContent>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} canGrantOwner={iAmOwner} />
    </Card>
  );
}
