import { Alert, Autocomplete, Chip, Link, MenuItem, Stack, TextField } from '@mui/material';
import {
  NumberField,
  type PanelProps,
  PanelSection,
  usePanelHost,
  usePanelTranslation,
} from '../kit/panel-kit';
import type { AgentContent } from './schema';

/** Which agent takes the conversation (and which of its versions), and the variables it shares. */
export function AgentPanel({ options, onOptionsChange, errors }: PanelProps<AgentContent>) {
  const t = usePanelTranslation();
  const { agents, variables } = usePanelHost();
  const { agent } = options;
  const current = agents?.agents.find((candidate) => candidate.id === agent?.id);
  return (
    <>
      <PanelSection title={t('agent.which')}>
        <TextField
          select
          size="small"
          label={t('agent.agent')}
          value={agent?.id ?? ''}
          onChange={(event) => {
            const chosen = agents?.agents.find((candidate) => candidate.id === event.target.value);
            if (chosen)
              onOptionsChange({
                ...options,
                agent: { id: chosen.id, name: chosen.name, version: chosen.version },
              });
          }}
          error={Boolean(errors.agent)}
          helperText={errors.agent ?? current?.goal}
        >
          {agents?.agents.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.name}
            </MenuItem>
          ))}
          {agent && !current && (
            <MenuItem value={agent.id} disabled>
              {agent.name}
            </MenuItem>
          )}
        </TextField>
        {agents && agents.agents.length === 0 && (
          <Alert severity="info">
            {t('agent.noAgents')} <Link href={agents.manageUrl}>{t('agent.manage')}</Link>
          </Alert>
        )}
        {agent && (
          <NumberField
            label={t('agent.version')}
            value={agent.version}
            min={1}
            max={current?.version}
            onChange={(version) => version && onOptionsChange({ ...options, agent: { ...agent, version } })}
            helperText={
              current && agent.version < current.version
                ? t('agent.olderVersion', { version: current.version })
                : t('agent.versionHelp')
            }
          />
        )}
      </PanelSection>
      <PanelSection title={t('agent.shared')}>
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={variables}
          value={options.variables}
          onChange={(_, value) => onOptionsChange({ ...options, variables: value.map(String) })}
          renderValue={(value, getItemProps) =>
            value.map((name, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={name} {...item} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('agent.variables')}
              helperText={errors.variables ?? t('agent.variablesHelp')}
              error={Boolean(errors.variables)}
            />
          )}
        />
      </PanelSection>
      <Stack>
        <Alert severity="info" variant="outlined">
          {t('agent.ports_label')}
        </Alert>
      </Stack>
    </>
  );
}
