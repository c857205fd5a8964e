import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { Box, Typography } from '@mui/material';
import { type ConversationEventData, EVENT, type InboxEvent } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { ExpandableEvent } from './expandable-event';

/**
 * The bot answered (or tried to) from its knowledge: what it found, how each row scored and
 * whether it was sent to the model, opening onto the question and the sources.
 */
export function KnowledgeAnswerEvent({
  event,
  data,
}: {
  event: InboxEvent;
  data: ConversationEventData<typeof EVENT.KnowledgeAnswer>;
}) {
  const { t, i18n } = useTranslation('inbox');
  const score = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const sent = data.sources.filter((source) => source.sent).length;
  const summary =
    data.outcome === 'answered'
      ? t('event.knowledgeAnswered', { count: sent })
      : data.outcome === 'no-match'
        ? t('event.knowledgeNoMatch')
        : t('event.knowledgeFailed', { error: data.error ?? '' });
  return (
    <ExpandableEvent
      event={event}
      name={EVENT.KnowledgeAnswer}
      look={{ border: '#ddd6fe', background: '#f5f3ff', color: '#6d28d9' }}
      icon={<AutoAwesomeOutlined sx={{ fontSize: 18 }} />}
      label={summary}
    >
      <Typography variant="caption" color="text.secondary" fontWeight={600}>
        {t('event.knowledgeQuestion')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {data.question}
      </Typography>
      {data.intent && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('event.knowledgeIntent', {
            intent: data.intent.name,
            confidence: score.format(data.intent.confidence),
          })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" fontWeight={600}>
        {t('event.knowledgeSources')}
      </Typography>
      {data.sources.length === 0 ? (
        <Typography variant="body2">{t('event.knowledgeNothing')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {data.sources.map((source) => (
            <Typography
              component="li"
              variant="body2"
              key={`${source.sourceName}:${source.rowNumber ?? source.heading}:${source.score}`}
            >
              {source.sourceName}
              {source.rowNumber !== undefined && ` · #${source.rowNumber}`}
              {source.heading && ` · ${source.heading}`}
              {' · '}
              {t('event.knowledgeScore', { score: score.format(source.score) })}
              {' · '}
              {source.sent ? t('event.knowledgeSent') : t('event.knowledgeNotSent')}
            </Typography>
          ))}
        </Box>
      )}
      {(data.model || data.tokens !== undefined) && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {[data.model, data.tokens === undefined ? null : t('event.knowledgeTokens', { count: data.tokens })]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
    </ExpandableEvent>
  );
}
