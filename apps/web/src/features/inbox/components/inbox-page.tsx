import { Box, Paper, Stack, Typography } from '@mui/material';
import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentUserQuery } from '../../../shared/session/current-user';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { inboxListQuery } from '../api/inbox-api';
import { useLiveInbox } from '../api/live-inbox';
import { type InboxView, listFilters, readInboxView, writeInboxView } from '../model/inbox-view';
import { useConversationLink } from '../model/use-conversation-link';
import { useRememberedContext } from '../model/use-remembered-context';
import { ContextSelectors } from './context-selectors';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { InboxFilters } from './inbox-filters';

function NoConversationOpen() {
  const { t } = useTranslation('inbox');
  return (
    <Stack alignItems="center" justifyContent="center" sx={{ flex: 1, p: 4, textAlign: 'center' }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 56, height: 56, opacity: 0.9, mb: 2 }} />
      <Typography variant="h3" component="h2">
        {t('pane.noneTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 360, mt: 1 }}>
        {t('pane.noneBody')}
      </Typography>
    </Stack>
  );
}

/**
 * `/v2/inbox`: the team's conversations. Company, bot, filters and the open conversation live in
 * the address, so links (`?companyId=…&botId=…&conversationId=…`) and reloads land on the same view.
 */
export function InboxPage() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => readInboxView(search), [search]);
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const viewRef = useRef(view);
  viewRef.current = view;

  // Without a company and bot in the address, the inbox opens on the ones picked last; a link to a
  // conversation opens on the conversation's own instead (see useConversationLink).
  useRememberedContext(view, (saved) => {
    if (!view.conversationId) setSearch(writeInboxView({ ...view, ...saved }), { replace: true });
  });
  const follow = useCallback(
    (context: Pick<InboxView, 'companyId' | 'botId'>) =>
      setSearch(writeInboxView({ ...viewRef.current, ...context }), { replace: true }),
    [setSearch],
  );
  const link = useConversationLink(view, user.company.id, follow);
  // Until the linked conversation's company and bot are chosen, nothing of another shows.
  if (link.placing) return <LoadingScreen />;
  return <Inbox view={view} onPicked={link.picked} />;
}

function Inbox({ view, onPicked }: { view: InboxView; onPicked: (conversationId: string) => void }) {
  const { t } = useTranslation('inbox');
  const [, setSearch] = useSearchParams();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const viewRef = useRef(view);
  viewRef.current = view;

  const update = useCallback(
    (patch: Partial<InboxView>) => setSearch(writeInboxView({ ...viewRef.current, ...patch })),
    [setSearch],
  );
  const companyId = view.companyId ?? user.company.id;
  // Requests name a company only when it is not the person's own (Parley staff looking elsewhere).
  const scopedCompanyId = companyId === user.company.id ? undefined : companyId;
  const filters = useMemo(
    () => listFilters({ ...view, companyId: scopedCompanyId }),
    [view, scopedCompanyId],
  );
  useLiveInbox(filters);
  const firstPage = useInfiniteQuery(inboxListQuery(filters)).data?.pages[0];
  const open = view.conversationId;

  return (
    <Stack
      spacing={2}
      sx={{
        height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)', lg: 'calc(100dvh - 128px)' },
        minHeight: 560,
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
      >
        <Box>
          <Typography variant="h2" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('subtitle')}
          </Typography>
        </Box>
        <ContextSelectors
          companyId={companyId}
          botId={view.botId}
          onChange={(context) =>
            setSearch(writeInboxView({ companyId: context.companyId, botId: context.botId }))
          }
        />
      </Stack>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden', borderRadius: 3.5 }}
      >
        <Box
          sx={{
            width: { xs: '100%', md: 340 },
            flexShrink: 0,
            display: { xs: open ? 'none' : 'flex', md: 'flex' },
            flexDirection: 'column',
            borderRight: '1px solid',
            borderColor: 'divider',
            minHeight: 0,
          }}
        >
          <InboxFilters view={view} waiting={firstPage?.waiting} total={firstPage?.total} onChange={update} />
          <ConversationList
            filters={filters}
            selectedId={open}
            onSelect={(conversationId) => {
              onPicked(conversationId);
              update({ conversationId });
            }}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: { xs: open ? 'flex' : 'none', md: 'flex' } }}>
          {open ? (
            <ConversationPane
              key={open}
              companyId={scopedCompanyId}
              conversationId={open}
              onBack={() => update({ conversationId: undefined })}
            />
          ) : (
            <NoConversationOpen />
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
