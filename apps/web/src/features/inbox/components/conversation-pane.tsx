import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { InboxTranscript } from '@parley/contracts';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { currentUserQuery } from '../../../shared/session/current-user';
import {
  markRead,
  patchListedConversation,
  readsForTheTeam,
  transcriptQuery,
  usePassControl,
} from '../api/inbox-api';
import { Composer } from './composer';
import { DetailsPanel } from './details-panel';
import { listTime, personOf } from './format';
import { StatusChip } from './status-chip';
import { Transcript } from './transcript';
import { VisitorAvatar } from './visitor-avatar';

function PaneMessage({
  icon,
  title,
  body,
  action,
  kind,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action: ReactNode;
  kind: string;
}) {
  return (
    <Stack
      spacing={1.5}
      alignItems="center"
      justifyContent="center"
      sx={{ flex: 1, p: 4, textAlign: 'center' }}
      data-pane-state={kind}
    >
      {icon}
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 380 }}>
        {body}
      </Typography>
      {action}
    </Stack>
  );
}

/** On phones the control buttons keep their icon (and accessible name) and drop the words. */
const compactButton = {
  flexShrink: 0,
  whiteSpace: 'nowrap',
  minWidth: { xs: 0, sm: 64 },
  '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
} as const;

function ButtonLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
      {children}
    </Box>
  );
}

function ControlActions({
  transcript,
  companyId,
  staffElsewhere,
}: {
  transcript: InboxTranscript;
  companyId: string | undefined;
  /** Parley staff looking at another company: they read and add notes, nothing more. */
  staffElsewhere: boolean;
}) {
  const { t } = useTranslation('inbox');
  const { data: me } = useSuspenseQuery(currentUserQuery);
  const { conversation } = transcript;
  const passControl = usePassControl(companyId, conversation.id);
  const closed = conversation.status === 'ended' || conversation.status === 'expired';
  const mine = conversation.agent?.id === me.id;

  let actions: ReactNode = null;
  if (staffElsewhere) {
    actions = (
      <Typography variant="body2" color="text.secondary">
        {conversation.agent
          ? t('control.handledBy', { agent: conversation.agent.name })
          : t('control.staffReadOnly')}
      </Typography>
    );
  } else if (mine) {
    actions = (
      <Button
        variant="outlined"
        startIcon={<SmartToyOutlined />}
        onClick={() => passControl.mutate('bot')}
        disabled={passControl.isPending}
        aria-label={t('control.returnToBot')}
        sx={compactButton}
      >
        <ButtonLabel>{t('control.returnToBot')}</ButtonLabel>
      </Button>
    );
  } else if (conversation.agent) {
    actions = (
      <Typography variant="body2" color="text.secondary">
        {t('control.handledBy', { agent: conversation.agent.name })}
      </Typography>
    );
  } else if (!closed) {
    actions = (
      <Button
        variant="contained"
        color={conversation.status === 'waiting' ? 'warning' : 'primary'}
        startIcon={<SupportAgentRounded />}
        onClick={() => passControl.mutate('agent')}
        disabled={passControl.isPending}
        aria-label={t('control.takeOver')}
        sx={compactButton}
      >
        <ButtonLabel>{t('control.takeOver')}</ButtonLabel>
      </Button>
    );
  }
  return (
    <>
      {actions}
      {passControl.error && (
        <Alert
          severity="error"
          onClose={() => passControl.reset()}
          sx={{ position: 'absolute', right: 16, top: 64, zIndex: 2, maxWidth: 420 }}
        >
          {isApiError(passControl.error) ? passControl.error.message : t('control.failed')}
        </Alert>
      )}
    </>
  );
}

/** One conversation: who and where, take over / return, the transcript, the composer, the details. */
export function ConversationPane({
  companyId,
  conversationId,
  onBack,
}: {
  companyId: string | undefined;
  conversationId: string;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const theme = useTheme();
  // Beside the transcript only where both have room; a drawer elsewhere.
  const wide = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  // Beside the transcript on wide screens (shown until hidden); a drawer on narrow ones (on demand).
  const [detailsHidden, setDetailsHidden] = useState(false);
  const [detailsDrawer, setDetailsDrawer] = useState(false);
  const detailsOpen = wide ? !detailsHidden : detailsDrawer;
  const toggleDetails = () =>
    wide ? setDetailsHidden((hidden) => !hidden) : setDetailsDrawer((open) => !open);
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(currentUserQuery);
  const query = useQuery(transcriptQuery(companyId, conversationId));
  const loaded = query.data;
  // What staff read in another company stays unread for that company's team.
  const staffElsewhere = !readsForTheTeam(me.company.id, companyId);

  // The list row follows what the pane knows; opening a conversation reads it.
  useEffect(() => {
    if (!loaded) return;
    patchListedConversation(queryClient, loaded.conversation);
    if (loaded.conversation.unread && !staffElsewhere)
      void markRead(queryClient, companyId, loaded).catch(() => undefined);
  }, [loaded, queryClient, companyId, staffElsewhere]);

  if (query.isPending) {
    return (
      <Stack spacing={2} sx={{ flex: 1, p: 3 }} aria-busy="true" aria-label={t('transcript.loading')}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={64} width="60%" />
        <Skeleton variant="rounded" height={44} width="45%" sx={{ alignSelf: 'flex-end' }} />
        <Skeleton variant="rounded" height={80} width="65%" />
      </Stack>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.name === 'NotFoundException';
    return notFound ? (
      <PaneMessage
        kind="not-found"
        icon={<SearchOffRounded sx={{ fontSize: 44, color: 'text.secondary' }} />}
        title={t('pane.notFoundTitle')}
        body={t('pane.notFoundBody')}
        action={
          <Button variant="outlined" onClick={onBack}>
            {t('pane.backToList')}
          </Button>
        }
      />
    ) : (
      <PaneMessage
        kind="error"
        icon={<ErrorOutlineRounded sx={{ fontSize: 44, color: 'error.main' }} />}
        title={t('pane.errorTitle')}
        body={t('pane.errorBody')}
        action={
          <Button variant="contained" onClick={() => void query.refetch()}>
            {t('pane.retry')}
          </Button>
        }
      />
    );
  }

  const transcript = query.data;
  const { conversation } = transcript;
  const mine = conversation.agent?.id === me.id;
  const replyHint = staffElsewhere
    ? t('composer.staffNotesOnly')
    : mine
      ? null
      : conversation.agent
        ? t('composer.handledBy', { agent: conversation.agent.name })
        : conversation.status === 'ended' || conversation.status === 'expired'
          ? t('composer.closed')
          : t('composer.takeOverFirst');
  const details = <DetailsPanel transcript={transcript} />;

  return (
    <Box sx={{ display: 'flex', flex: 1, minWidth: 0, minHeight: 0 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, position: 'relative' }}>
        <Stack
          direction="row"
          columnGap={1.5}
          rowGap={1}
          useFlexGap
          flexWrap="wrap"
          alignItems="center"
          sx={{ px: 2, py: 1.25, borderBottom: '1px solid', borderColor: 'divider', minHeight: 64 }}
        >
          <IconButton onClick={onBack} aria-label={t('pane.backToList')} sx={{ display: { md: 'none' } }}>
            <ArrowBackRounded />
          </IconButton>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <VisitorAvatar
              channel={conversation.channel}
              picture={conversation.user.picture}
              name={personOf(conversation, (short) => t('list.visitor', { short }))}
              size={20}
            />
          </Box>
          {/* The name keeps room to be read; the buttons move to a line of their own before it shrinks more. */}
          <Box sx={{ minWidth: 0, flex: '1 1 150px' }}>
            <Typography variant="h4" component="h2" noWrap>
              {personOf(conversation, (short) => t('list.visitor', { short }))}
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
              <StatusChip status={conversation.status} />
              <Typography variant="body2" color="text.secondary" noWrap>
                {t('pane.subtitle', {
                  bot: conversation.botName,
                  started: listTime(conversation.createdAt, i18n.resolvedLanguage),
                })}
              </Typography>
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ ml: 'auto' }}>
            <ControlActions transcript={transcript} companyId={companyId} staffElsewhere={staffElsewhere} />
            <Tooltip title={t('details.toggle')}>
              <IconButton
                onClick={toggleDetails}
                aria-label={t('details.toggle')}
                aria-pressed={detailsOpen}
                color={detailsOpen ? 'primary' : 'default'}
              >
                <InfoOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
        <Transcript transcript={transcript} />
        <Composer
          key={conversation.id}
          companyId={companyId}
          conversationId={conversation.id}
          canReply={mine && !staffElsewhere}
          replyHint={replyHint}
        />
      </Box>
      {wide ? (
        detailsOpen && (
          <Box sx={{ width: 280, flexShrink: 0, borderLeft: '1px solid', borderColor: 'divider' }}>
            {details}
          </Box>
        )
      ) : (
        <Drawer
          anchor="right"
          open={detailsDrawer}
          onClose={() => setDetailsDrawer(false)}
          // Over the app bar, which sits above the navigation drawer.
          sx={{ zIndex: 'modal' }}
        >
          <Box sx={{ width: 320 }}>{details}</Box>
        </Drawer>
      )}
    </Box>
  );
}
