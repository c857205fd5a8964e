import CallSplitRounded from '@mui/icons-material/CallSplitRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import {
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { InboxConversation } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { type InboxListFilters, inboxListQuery } from '../api/inbox-api';
import { listTime, personOf, plainPreview } from './format';
import { StatusChip } from './status-chip';
import { VisitorAvatar } from './visitor-avatar';

const ROW_HEIGHT = 92;

const ConversationRow = memo(function ConversationRow({
  conversation,
  selected,
  showBot,
  onSelect,
}: {
  conversation: InboxConversation;
  selected: boolean;
  showBot: boolean;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const person = personOf(conversation, (short) => t('list.visitor', { short }));
  return (
    <ButtonBase
      onClick={() => onSelect(conversation.id)}
      aria-current={selected ? 'true' : undefined}
      data-conversation-id={conversation.id}
      data-unread={conversation.unread ? 'true' : 'false'}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.25,
        width: '100%',
        height: ROW_HEIGHT,
        px: 1.75,
        py: 1.25,
        textAlign: 'left',
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: selected ? '#eef2ff' : 'background.paper',
        boxShadow: selected ? 'inset 3px 0 0 #4f46e5' : undefined,
        '&:hover': { bgcolor: selected ? '#e0e7ff' : '#f8fafc' },
        '&.Mui-focusVisible': { outline: '2px solid #4f46e5', outlineOffset: -2 },
      }}
    >
      <VisitorAvatar channel={conversation.channel} picture={conversation.user.picture} name={person} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography noWrap variant="body2" sx={{ flex: 1, fontWeight: conversation.unread ? 700 : 550 }}>
            {person}
          </Typography>
          <Typography
            variant="caption"
            component="time"
            dateTime={conversation.lastMessageAt}
            color={conversation.unread ? 'primary.main' : 'text.secondary'}
            fontWeight={conversation.unread ? 700 : 400}
            sx={{ flexShrink: 0 }}
          >
            {listTime(conversation.lastMessageAt, i18n.resolvedLanguage)}
          </Typography>
        </Stack>
        <Typography
          noWrap
          variant="body2"
          color={conversation.unread ? 'text.primary' : 'text.secondary'}
          sx={{ mt: 0.25 }}
        >
          {conversation.lastMessageText ? plainPreview(conversation.lastMessageText) : t('list.noMessages')}
        </Typography>
        <Stack direction="row" spacing={0.75} alignItems="center" sx={{ mt: 0.75, minWidth: 0 }}>
          <StatusChip status={conversation.status} />
          {conversation.hasHandoff && (
            <Tooltip title={t('list.hadHandoff')}>
              <CallSplitRounded
                sx={{ fontSize: 16, color: 'text.secondary' }}
                aria-label={t('list.hadHandoff')}
              />
            </Tooltip>
          )}
          {conversation.hasFallback && (
            <Tooltip title={t('list.hadFallback')}>
              <HelpOutlineRounded
                sx={{ fontSize: 16, color: 'text.secondary' }}
                aria-label={t('list.hadFallback')}
              />
            </Tooltip>
          )}
          <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {showBot ? `${conversation.botName} · ` : ''}
            {t('list.messages', { count: conversation.messageCount })}
          </Typography>
          {conversation.unread && (
            <Box
              role="img"
              aria-label={t('list.unread')}
              sx={{ width: 9, height: 9, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
          )}
        </Stack>
      </Box>
    </ButtonBase>
  );
});

/**
 * The conversations matching the filters, newest activity first. Only the rows in view are in the
 * page (virtualized), and the next page loads as the end comes near, so long lists stay smooth.
 */
export function ConversationList({
  filters,
  selectedId,
  onSelect,
}: {
  filters: InboxListFilters;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const query = useInfiniteQuery(inboxListQuery(filters));
  const rows = query.data?.pages.flatMap((page) => page.conversations) ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length + (query.hasNextPage ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (lastIndex >= rows.length - 5 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <Stack sx={{ p: 1.5 }} spacing={1} aria-busy="true" aria-label={t('list.loading')}>
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={1.5} alignItems="center" sx={{ p: 4, textAlign: 'center' }} data-list-state="error">
        <ErrorOutlineRounded sx={{ fontSize: 36, color: 'error.main' }} />
        <Typography fontWeight={600}>{t('list.errorTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {isApiError(query.error) && query.error.status < 500 ? query.error.message : t('list.errorBody')}
        </Typography>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('pane.retry')}
        </Button>
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Stack spacing={1} alignItems="center" sx={{ p: 4, textAlign: 'center' }} data-list-state="empty">
        <ForumOutlined sx={{ fontSize: 36, color: 'text.secondary' }} />
        <Typography fontWeight={600}>{t('list.emptyTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('list.emptyBody')}
        </Typography>
      </Stack>
    );
  }

  return (
    <Box
      ref={scroller}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', contain: 'strict' }}
      role="list"
      aria-label={t('list.label')}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const conversation = rows[item.index];
          return (
            <Box
              key={conversation?.id ?? 'more'}
              role="listitem"
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {conversation ? (
                <ConversationRow
                  conversation={conversation}
                  selected={conversation.id === selectedId}
                  showBot={!filters.botId}
                  onSelect={onSelect}
                />
              ) : (
                <Stack alignItems="center" justifyContent="center" sx={{ height: '100%' }}>
                  <CircularProgress size={22} aria-label={t('list.loadingMore')} />
                </Stack>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
