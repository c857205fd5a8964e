import { Box, Checkbox, Chip, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import type { AgentKnowledgeSource } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FailedSourceList } from '../../../shared/ui/failed-source-list';
import { knowledgeSourcesQuery } from '../api/agents';

/** A source's name, where it is from, and its state when it is not simply ready. */
function SourceLabel({ source, chosen }: { source: AgentKnowledgeSource; chosen: boolean }) {
  const { t } = useTranslation('agents');
  return (
    <Box sx={{ py: 0.25 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="body2">{source.name}</Typography>
        {source.state !== 'ready' && (
          <Chip
            size="small"
            color={source.state === 'failed' ? 'error' : 'default'}
            variant="outlined"
            label={t(`knowledge.${source.state}`)}
          />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('knowledge.of', { bot: source.botName, kind: t(`knowledge.kind.${source.kind}`) })}
      </Typography>
      {source.state === 'failed' && chosen && (
        <Typography variant="caption" color="error" component="div">
          {t('knowledge.failedReason', { error: source.error ?? '' })} {t('knowledge.failedChosen')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The knowledge sources (datasets and documents of the company's bots) the agent searches. A
 * source whose file failed is not offered (the server refuses it too); one chosen before it
 * failed stays, marked, so that it can be unticked.
 */
export function AgentKnowledge({
  chosen,
  enabled,
  onChange,
}: {
  chosen: string[];
  /** Whether the agent has its search_knowledge tool (else the choice has no effect yet). */
  enabled: boolean;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('agents');
  const sources = useQuery(knowledgeSourcesQuery).data?.sources;
  const offered = sources?.filter((source) => source.state !== 'failed' || chosen.includes(source.id));
  const hidden = sources?.filter((source) => source.state === 'failed' && !chosen.includes(source.id)) ?? [];
  return (
    <Box>
      {/* Only worth saying when there is something to search. */}
      {!enabled && Boolean(offered?.length) && (
        <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
          {t('knowledge.needsTool')}
        </Typography>
      )}
      {sources?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('knowledge.none')}
        </Typography>
      )}
      <FormGroup>
        {offered?.map((source) => (
          <FormControlLabel
            key={source.id}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
            control={
              <Checkbox
                checked={chosen.includes(source.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen.filter((id) => id !== source.id), source.id]
                      : chosen.filter((id) => id !== source.id),
                  )
                }
              />
            }
            label={<SourceLabel source={source} chosen={chosen.includes(source.id)} />}
          />
        ))}
      </FormGroup>
      {offered && offered.length > 0 && chosen.length === 0 && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('knowledge.noneChosen')}
        </Typography>
      )}
      {hidden.length > 0 && (
        <FailedSourceList
          heading={t('knowledge.failedHidden', { count: hidden.length })}
          failedLabel={t('knowledge.failed')}
          sources={hidden}
          reason={(source) => t('knowledge.failedReason', { error: source.error ?? '' })}
          detail={(source) =>
            t('knowledge.of', { bot: source.botName, kind: t(`knowledge.kind.${source.kind}`) })
          }
          sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}
