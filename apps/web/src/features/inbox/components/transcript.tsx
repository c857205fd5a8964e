import { Box, Divider, Stack, Typography } from '@mui/material';
import type { InboxTranscript } from '@parley/contracts';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeline } from '../model/timeline';
import { EventLine } from './event-line';
import { dayLabel } from './format';
import { MessageBubble } from './message-bubble';

/** Messages and events in order; it follows the newest unless the reader scrolled up. */
export function Transcript({ transcript }: { transcript: InboxTranscript }) {
  const { t, i18n } = useTranslation('inbox');
  const timeline = useMemo(() => buildTimeline(transcript), [transcript]);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const conversationId = transcript.conversation.id;
  const shownId = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the timeline grows
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (shownId.current !== conversationId || pinned.current) element.scrollTop = element.scrollHeight;
    shownId.current = conversationId;
  }, [timeline, conversationId]);

  return (
    <Box
      ref={scroller}
      role="log"
      aria-label={t('transcript.label')}
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
      }}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, bgcolor: '#fbfcfe' }}
    >
      {timeline.length === 0 ? (
        <Typography color="text.secondary" textAlign="center" sx={{ mt: 6 }}>
          {t('transcript.empty')}
        </Typography>
      ) : (
        <Stack spacing={1.25}>
          {timeline.map((item) =>
            item.kind === 'day' ? (
              <Divider key={item.key} sx={{ pt: 1 }}>
                <Typography variant="caption" color="text.secondary" fontWeight={600}>
                  {dayLabel(item.at, i18n.resolvedLanguage)}
                </Typography>
              </Divider>
            ) : item.kind === 'message' ? (
              <MessageBubble key={item.key} message={item.message} />
            ) : (
              <EventLine key={item.key} event={item.event} />
            ),
          )}
        </Stack>
      )}
    </Box>
  );
}
