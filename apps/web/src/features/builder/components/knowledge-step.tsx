import { Box, Typography } from '@mui/material';
import type { TraceEntry } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A generative step of the debugger: the intent the NLU guessed and its confidence → what retrieval
 * found, each row's score and whether it was sent → what came of it.
 */
export function KnowledgeStep({ knowledge }: { knowledge: NonNullable<TraceEntry['knowledge']> }) {
  const { t, i18n } = useTranslation('builder');
  const score = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const { intent, sources, outcome } = knowledge;
  return (
    <Box data-knowledge-outcome={outcome}>
      <Typography variant="body2" color="text.secondary">
        {intent
          ? t('debugger.knowledge.intent', {
              intent: intent.name,
              confidence: score.format(intent.confidence),
            })
          : t('debugger.knowledge.noIntent')}
        {' → '}
        {t('debugger.knowledge.retrieved', { count: sources.length })}
        {' → '}
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t(`debugger.knowledge.outcome.${outcome}`)}
        </Box>
      </Typography>
      {sources.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.25, pl: 2 }}>
          {sources.map((source) => (
            <Typography
              key={`${source.sourceName}:${source.rowNumber ?? source.heading}:${source.score}`}
              component="li"
              variant="caption"
              sx={{ color: source.sent ? 'text.primary' : 'text.disabled' }}
            >
              {source.sourceName}
              {source.rowNumber !== undefined && ` #${source.rowNumber}`}
              {source.heading && ` · ${source.heading}`} · {score.format(source.score)}
              {source.sent ? ` · ${t('debugger.knowledge.sent')}` : ''}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
