import HistoryRounded from '@mui/icons-material/HistoryRounded';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { type AgentDefinition, agentsApi } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callAgentsRoute } from '../../../shared/api/request';
import { agentKeys, agentVersionsQuery } from '../api/agents';

/** The saved versions of an agent; one can be loaded into the editor (saving it makes a new version). */
export function AgentVersions({
  id,
  current,
  onLoad,
}: {
  id: string;
  current: number;
  onLoad: (definition: AgentDefinition) => void;
}) {
  const { t, i18n } = useTranslation('agents');
  const { data } = useQuery(agentVersionsQuery(id));
  const queryClient = useQueryClient();
  const load = async (version: number) => {
    const saved = await queryClient.fetchQuery({
      queryKey: [...agentKeys.versions(id), version],
      queryFn: ({ signal }) => callAgentsRoute(agentsApi.version, { params: { id, version }, signal }),
    });
    onLoad(saved.definition);
  };
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <HistoryRounded fontSize="small" color="action" />
          <Typography variant="h4" component="h2">
            {t('versions.title')}
          </Typography>
        </Stack>
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(data?.versions ?? []).map((version) => (
            <Box component="li" key={version.version}>
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('versions.number', { version: version.version })}
                </Typography>
                {version.version === current && (
                  <Chip size="small" color="primary" label={t('versions.current')} />
                )}
                <Box sx={{ flex: 1 }} />
                {version.version !== current && (
                  <Button size="small" onClick={() => load(version.version)}>
                    {t('versions.load')}
                  </Button>
                )}
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {t('versions.by', { by: version.createdBy, at: format(version.createdAt) })}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
