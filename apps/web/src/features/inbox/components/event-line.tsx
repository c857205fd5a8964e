import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import HourglassBottomRounded from '@mui/icons-material/HourglassBottomRounded';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Stack,
  type SvgIconProps,
  Tooltip,
  Typography,
} from '@mui/material';
import { callFailureReasonSchema, type InboxEvent } from '@parley/contracts';
import { type ComponentType, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fullDateTime, responseText, timeOfDay } from './format';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
function WebhookResult({ event }: { event: InboxEvent }) {
  const { t, i18n } = useTranslation('inbox');
  const { ok, status, durationMs, endpoint, method, response } = event.data as {
    ok?: boolean;
    status?: number | null;
    durationMs?: number;
    endpoint?: string;
    method?: string;
    response?: unknown;
  };
  const label = t('event.webhook', {
    status: status ?? t('event.webhookNoStatus'),
    time: Math.round(durationMs ?? 0),
  });
  return (
    <Accordion
      disableGutters
      data-testid="event"
      data-event="Webhook Result"
      data-ok={ok ? 'true' : 'false'}
      sx={{
        mx: 'auto',
        width: '100%',
        maxWidth: 560,
        border: '1px solid',
        borderColor: ok ? '#a7f3d0' : '#fecaca',
        bgcolor: ok ? '#f0fdf4' : '#fef2f2',
        borderRadius: '10px !important',
        boxShadow: 'none',
        '&::before': { display: 'none' },
      }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        sx={{ minHeight: 40, '& .MuiAccordionSummary-content': { my: 0.75 } }}
      >
        <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
          {ok ? (
            <CheckCircleRounded
              sx={{ color: 'success.main', fontSize: 18 }}
              aria-label={t('event.webhookOk')}
            />
          ) : (
            <CancelRounded sx={{ color: 'error.main', fontSize: 18 }} aria-label={t('event.webhookFailed')} />
          )}
          <Typography variant="body2" fontWeight={600}>
            {label}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={event.at}>
            {timeOfDay(event.at, i18n.resolvedLanguage)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
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
      </AccordionDetails>
    </Accordion>
  );
}

function InternalNote({ event }: { event: InboxEvent }) {
  const { t, i18n } = useTranslation('inbox');
  return (
    <Box
      data-testid="event"
      data-event="Internal Note"
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
          {t('event.note', { author: text(event.data.author) })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary" component="time" dateTime={event.at}>
          {timeOfDay(event.at, i18n.resolvedLanguage)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text(event.data.text)}
      </Typography>
    </Box>
  );
}

/** Something that happened in the conversation, shown where it happened. */
export const EventLine = memo(function EventLine({ event }: { event: InboxEvent }) {
  const { t, i18n } = useTranslation('inbox');
  const agent = text(event.data.agent);
  const line = (icon: ComponentType<SvgIconProps>, children: ReactNode, color?: string) => (
    <SystemLine icon={icon} at={event.at} color={color} name={event.name}>
      {children}
    </SystemLine>
  );
  switch (event.name) {
    case 'Webhook Result':
      return <WebhookResult event={event} />;
    case 'Internal Note':
      return <InternalNote event={event} />;
    case 'Conversation Started':
      return line(PlayCircleOutlineRounded, t('event.started'));
    case 'Conversation Ended':
      return line(StopCircleOutlined, t('event.ended'));
    case 'Conversation Expired':
      return line(
        HourglassBottomRounded,
        t('event.expired', { at: fullDateTime(event.at, i18n.resolvedLanguage) }),
        '#b45309',
      );
    case 'Handoff Requested': {
      // The builder's own words for why (the handoff module's reason), not a call failure.
      const reason = text(event.data.reason);
      return line(
        SupportAgentRounded,
        reason ? t('event.handoffRequestedBecause', { reason }) : t('event.handoffRequested'),
        '#b45309',
      );
    }
    case 'Pass Control':
      return event.data.to === 'agent'
        ? line(
            SupportAgentRounded,
            agent ? t('event.tookOver', { agent }) : t('event.agentTookOver'),
            '#047857',
          )
        : line(
            SmartToyOutlined,
            agent ? t('event.returned', { agent }) : t('event.returnedToBot'),
            '#4338ca',
          );
    case 'Fallback':
      return line(HelpOutlineRounded, t('event.fallback', { text: text(event.data.text) }));
    case 'Goal Reached':
      return line(FlagRounded, t('event.goal'), '#047857');
    case 'LLM Failed': {
      // Events stored before failures were named carry only the message.
      const reason = callFailureReasonSchema.safeParse(event.data.reason).data;
      const error = text(event.data.error);
      const status = typeof event.data.status === 'number' ? event.data.status : '';
      return line(
        ErrorOutlineRounded,
        reason
          ? t('event.llmFailedBecause', { reason: t(`common:callFailure.${reason}`, { status }), error })
          : t('event.llmFailed', { error }),
        '#b91c1c',
      );
    }
    case 'Template Error':
    case 'Module Failed':
      return line(
        ErrorOutlineRounded,
        t('event.moduleFailed', { error: text(event.data.message) }),
        '#b91c1c',
      );
    default:
      return line(ErrorOutlineRounded, event.name);
  }
});
