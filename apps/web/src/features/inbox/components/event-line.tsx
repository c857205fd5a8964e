import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import HourglassBottomRounded from '@mui/icons-material/HourglassBottomRounded';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { Box, Link, Stack, type SvgIconProps, Tooltip, Typography } from '@mui/material';
import {
  type ConversationEventData,
  EVENT,
  type InboxEvent,
  parseEventData,
  type TranscriptEventName,
} from '@parley/contracts';
import type { TFunction } from 'i18next';
import { type ComponentType, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AgentTurnEvent } from './agent-turn-event';
import { ExpandableEvent } from './expandable-event';
import { fullDateTime, responseText, timeOfDay } from './format';
import { KnowledgeAnswerEvent } from './knowledge-answer-event';

type EventViewProps<N extends TranscriptEventName> = { event: InboxEvent; data: ConversationEventData<N> };

/** How one event of the catalogue shows: null when its stored data does not fit the catalogue. */
interface EventView<N extends TranscriptEventName> {
  name: N;
  render(event: InboxEvent): ReactNode | null;
}

/** An event's view, handed data checked against the event's schema in the catalogue. */
function eventView<N extends TranscriptEventName>(
  name: N,
  View: ComponentType<EventViewProps<N>>,
): EventView<N> {
  return {
    name,
    render(event) {
      const data = parseEventData(name, event.data);
      return data === undefined ? null : <View event={event} data={data} />;
    },
  };
}

/** A quiet line across the transcript: an icon, what happened, when. */
function SystemLine({
  icon: Icon,
  color = 'text.secondary',
  at,
  children,
  name,
}: {
  icon: ComponentType<SvgIconProps>;
  color?: string;
  at: string;
  children: ReactNode;
  name: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      justifyContent="center"
      data-testid="event"
      data-event={name}
      sx={{ color, py: 0.25 }}
    >
      <Icon sx={{ fontSize: 16 }} />
      <Typography variant="body2" sx={{ color, fontWeight: 500 }}>
        {children}
      </Typography>
      <Tooltip title={fullDateTime(at, i18n.resolvedLanguage)}>
        <Typography variant="caption" color="text.secondary" component="time" dateTime={at}>
          {timeOfDay(at, i18n.resolvedLanguage)}
        </Typography>
      </Tooltip>
    </Stack>
  );
}

/** "Webhook: 200 (83 ms)", green or red, opening onto the endpoint and the full response. */
function WebhookResult({ event, data }: EventViewProps<typeof EVENT.WebhookResult>) {
  const { t } = useTranslation('inbox');
  const { ok, status, durationMs, endpoint, method, response, deliveryId, queued } = data;
  const label = t('event.webhook', {
    status: status ?? t('event.webhookNoStatus'),
    time: Math.round(durationMs ?? 0),
  });
  return (
    <ExpandableEvent
      event={event}
      name={EVENT.WebhookResult}
      attributes={{ 'data-ok': ok ? 'true' : 'false' }}
      look={ok ? { border: '#a7f3d0', background: '#f0fdf4' } : { border: '#fecaca', background: '#fef2f2' }}
      icon={
        ok ? (
          <CheckCircleRounded
            sx={{ color: 'success.main', fontSize: 18 }}
            aria-label={t('event.webhookOk')}
          />
        ) : (
          <CancelRounded sx={{ color: 'error.main', fontSize: 18 }} aria-label={t('event.webhookFailed')} />
        )
      }
      label={label}
    >
      <Typography variant="caption" color="text.secondary" fontWeight={600}>
        {t('event.endpoint')}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mb: 1 }}>
        {method ? `${method} ` : ''}
        {endpoint}
      </Typography>
      <Typography variant="caption" color="text.secondary" fontWeight={600}>
        {t('event.response')}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          mt: 0.5,
          p: 1.25,
          maxHeight: 280,
          overflow: 'auto',
          bgcolor: 'background.paper',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1.5,
          fontSize: 12.5,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {response === undefined || response === '' ? t('event.emptyResponse') : responseText(response)}
      </Box>
      {deliveryId && (
        <Link
          component={RouterLink}
          to={`/webhook/deliveries/${encodeURIComponent(deliveryId)}`}
          variant="body2"
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {queued ? t('event.openQueuedDelivery') : t('event.openDelivery')}
        </Link>
      )}
    </ExpandableEvent>
  );
}

function InternalNote({ event, data }: EventViewProps<typeof EVENT.InternalNote>) {
  const { t, i18n } = useTranslation('inbox');
  return (
    <Box
      data-testid="event"
      data-event={EVENT.InternalNote}
      sx={{
        mx: 'auto',
        width: '100%',
        maxWidth: 560,
        bgcolor: '#fffbeb',
        border: '1px solid #fde68a',
        borderRadius: 2.5,
        px: 1.75,
        py: 1.25,
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5, color: '#92400e' }}>
        <StickyNote2Outlined sx={{ fontSize: 16 }} />
        <Typography variant="caption" fontWeight={650}>
          {t('event.note', { author: data.author })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary" component="time" dateTime={event.at}>
          {timeOfDay(event.at, i18n.resolvedLanguage)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {data.text}
      </Typography>
    </Box>
  );
}

/** "Expired on …": the time is the event's own, in full. */
function ExpiredLine({ event }: EventViewProps<typeof EVENT.ConversationExpired>) {
  const { t, i18n } = useTranslation('inbox');
  return (
    <SystemLine icon={HourglassBottomRounded} at={event.at} color="#b45309" name={event.name}>
      {t('event.expired', { at: fullDateTime(event.at, i18n.resolvedLanguage) })}
    </SystemLine>
  );
}

type Line = { icon: ComponentType<SvgIconProps>; words: ReactNode; color?: string };
type Describe<N extends TranscriptEventName> = (
  data: ConversationEventData<N>,
  t: TFunction<'inbox'>,
  language: string | undefined,
) => Line;

function DescribedLine({
  event,
  describe,
}: {
  event: InboxEvent;
  describe: (t: TFunction<'inbox'>, language: string | undefined) => Line;
}) {
  const { t, i18n } = useTranslation('inbox');
  const { icon, words, color } = describe(t, i18n.resolvedLanguage);
  return (
    <SystemLine icon={icon} at={event.at} color={color} name={event.name}>
      {words}
    </SystemLine>
  );
}

/** An event shown as one quiet line: its icon, words and colour, from its checked data. */
function lineView<N extends TranscriptEventName>(name: N, describe: Describe<N>): EventView<N> {
  return {
    name,
    render(event) {
      const data = parseEventData(name, event.data);
      return data === undefined ? null : (
        <DescribedLine event={event} describe={(t, language) => describe(data, t, language)} />
      );
    },
  };
}

/** A module or template that failed: what went wrong, in red. */
const failedLine = (data: { message: string }, t: TFunction<'inbox'>): Line => ({
  icon: ErrorOutlineRounded,
  words: t('event.moduleFailed', { error: data.message }),
  color: '#b91c1c',
});

/**
 * How the transcript shows each event it shows (TRANSCRIPT_EVENTS in contracts): a new one there
 * is a type error here until it has its view.
 */
export const eventViews: { [N in TranscriptEventName]: EventView<N> } = {
  [EVENT.WebhookResult]: eventView(EVENT.WebhookResult, WebhookResult),
  [EVENT.InternalNote]: eventView(EVENT.InternalNote, InternalNote),
  [EVENT.AgentTurn]: eventView(EVENT.AgentTurn, AgentTurnEvent),
  [EVENT.ConversationStarted]: lineView(EVENT.ConversationStarted, (_, t) => ({
    icon: PlayCircleOutlineRounded,
    words: t('event.started'),
  })),
  [EVENT.ConversationEnded]: lineView(EVENT.ConversationEnded, (_, t) => ({
    icon: StopCircleOutlined,
    words: t('event.ended'),
  })),
  [EVENT.ConversationExpired]: eventView(EVENT.ConversationExpired, ExpiredLine),
  // The builder's own words for why (the handoff module's reason), not a call failure.
  [EVENT.HandoffRequested]: lineView(EVENT.HandoffRequested, ({ reason }, t) => ({
    icon: SupportAgentRounded,
    words: reason ? t('event.handoffRequestedBecause', { reason }) : t('event.handoffRequested'),
    color: '#b45309',
  })),
  [EVENT.PassControl]: lineView(EVENT.PassControl, ({ to, agent }, t) =>
    to === 'agent'
      ? {
          icon: SupportAgentRounded,
          words: agent ? t('event.tookOver', { agent }) : t('event.agentTookOver'),
          color: '#047857',
        }
      : {
          icon: SmartToyOutlined,
          words: agent ? t('event.returned', { agent }) : t('event.returnedToBot'),
          color: '#4338ca',
        },
  ),
  [EVENT.Fallback]: lineView(EVENT.Fallback, ({ text }, t) => ({
    icon: HelpOutlineRounded,
    words: t('event.fallback', { text }),
  })),
  [EVENT.GoalReached]: lineView(EVENT.GoalReached, (_, t) => ({
    icon: FlagRounded,
    words: t('event.goal'),
    color: '#047857',
  })),
  // Events stored before failures were named carry only the message.
  [EVENT.LlmFailed]: lineView(EVENT.LlmFailed, ({ reason, error, status }, t) => ({
    icon: ErrorOutlineRounded,
    words: reason
      ? t('event.llmFailedBecause', {
          reason: t(`common:callFailure.${reason}`, { status: status ?? '' }),
          error,
        })
      : t('event.llmFailed', { error }),
    color: '#b91c1c',
  })),
  [EVENT.TranslationFailed]: lineView(EVENT.TranslationFailed, (data, t, language) => {
    const names = new Intl.DisplayNames(language ? [language] : [], { type: 'language' });
    const name = (code: string) => names.of(code) ?? code;
    const words = {
      source: name(data.source),
      target: name(data.target),
      reason: t(`common:callFailure.${data.reason}`, { status: '' }),
    };
    return {
      icon: TranslateRounded,
      words: {
        visitor: t('event.translationFailedVisitor', words),
        bot: t('event.translationFailedBot', words),
        agent: t('event.translationFailedAgent', words),
      }[data.direction],
      color: '#b45309',
    };
  }),
  [EVENT.MessageNotDelivered]: lineView(EVENT.MessageNotDelivered, ({ channel, reason, error }, t) => ({
    icon: SendRounded,
    // Each channel words its own reasons; a reason a channel has no words for reads as refused.
    words: t([`event.notDelivered.${channel}.${reason}`, 'event.notDelivered.other.refused'], {
      error: error ?? '',
    }),
    color: '#b91c1c',
  })),
  // The helpdesk ticket of a handoff: its number links to it in Zendesk's agent workspace.
  [EVENT.HelpdeskTicket]: lineView(EVENT.HelpdeskTicket, ({ status, ticketId, url, error }, t) => ({
    icon: ConfirmationNumberOutlined,
    words:
      status === 'failed' || status === 'not-added' ? (
        t(`event.helpdesk.${status}`, { error: error ?? '', id: ticketId ?? '' })
      ) : (
        <>
          {t(`event.helpdesk.${status}`)}{' '}
          {url ? (
            <Link href={url} target="_blank" rel="noreferrer" data-testid="helpdesk-ticket-link">
              {t('event.helpdesk.ticket', { id: ticketId ?? '' })}
            </Link>
          ) : (
            t('event.helpdesk.ticket', { id: ticketId ?? '' })
          )}
        </>
      ),
    color: status === 'failed' ? '#b91c1c' : status === 'solved' ? '#4338ca' : '#047857',
  })),
  [EVENT.KnowledgeAnswer]: eventView(EVENT.KnowledgeAnswer, KnowledgeAnswerEvent),
  [EVENT.TemplateError]: lineView(EVENT.TemplateError, failedLine),
  [EVENT.ModuleFailed]: lineView(EVENT.ModuleFailed, failedLine),
};

/**
 * The one fallback: an event whose stored data does not fit its schema in the catalogue (written
 * by an older version, or damaged) shows as a plain line with its name.
 */
function UnreadableEvent({ event }: { event: InboxEvent }) {
  return (
    <SystemLine icon={ErrorOutlineRounded} at={event.at} name={event.name}>
      {event.name}
    </SystemLine>
  );
}

/** Something that happened in the conversation, shown where it happened. */
export const EventLine = memo(function EventLine({ event }: { event: InboxEvent }) {
  const view: EventView<TranscriptEventName> = eventViews[event.name];
  return view.render(event) ?? <UnreadableEvent event={event} />;
});
