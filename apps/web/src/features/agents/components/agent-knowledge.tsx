import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { knowledgeSourcesQuery } from '../api/agents';

/** The knowledge sources (datasets and documents of the company's bots) the agent searches. */
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
  return (
    <Box>
      {/* Only worth saying when there is something to search. */}
      {!enabled && Boolean(sources?.length) && (
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
        {sources?.map((source) => (
          <FormControlLabel
            key={source.id}
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
            label={
              <Box>
                <Typography variant="body2">{source.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('knowledge.of', { bot: source.botName, kind: t(`knowledge.kind.${source.kind}`) })}
                </Typography>
              </Box>
            }
          />
        ))}
      </FormGroup>
      {sources && sources.length > 0 && chosen.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('knowledge.noneChosen')}
        </Typography>
      )}
    </Box>
  );
}
