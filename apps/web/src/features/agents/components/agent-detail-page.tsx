import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AgentDefinition,
  type AgentExit,
  agentExitSchema,
  type BuiltInTool,
  builtInToolSchema,
} from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container';
import { toolListQuery } from '../api/agent-tools';
import { agentQuery, useSaveAgent } from '../api/agents';
import { AgentInstructions } from './agent-instructions';
import { AgentKnowledge } from './agent-knowledge';
import { AgentPlayground } from './agent-playground';
import { AgentVersions } from './agent-versions';

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {help}
          </Typography>
        )}
        <Stack spacing={2} sx={{ mt: 2 }}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A number field that keeps what was typed and hands back a number (or the minimum when empty). */
function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  helperText?: string;
}) {
  return (
    <TextField
      type="number"
      label={props.label}
      value={props.value}
      helperText={props.helperText}
      onChange={(event) => props.onChange(event.target.value === '' ? props.min : Number(event.target.value))}
      slotProps={{ htmlInput: { min: props.min, max: props.max, step: props.step ?? 1 } }}
      sx={{ flex: 1 }}
    />
  );
}

function toggled<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((each) => each !== item), item] : list.filter((each) => each !== item);
}

function AgentForm({
  id,
  definition,
  version,
}: {
  id: string;
  definition: AgentDefinition;
  version: number;
}) {
  const { t } = useTranslation('agents');
  const [draft, setDraft] = useState(definition);
  const [baseVersion, setBaseVersion] = useState(version);
  const save = useSaveAgent(id);
  const formId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const set = <K extends keyof AgentDefinition>(key: K, value: AgentDefinition[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const companyTools = useQuery(toolListQuery).data?.tools;
  const changed = JSON.stringify(draft) !== JSON.stringify(definition) || baseVersion !== version;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { definition: draft, baseVersion },
      {
        onSuccess: (saved) => {
          setBaseVersion(saved.version);
          enqueueSnackbar(t('detail.saved', { version: saved.version }), { variant: 'success' });
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 460px' } }}>
      {/* The playground beside it has a form of its own: forms must not nest. */}
      <Stack component="form" id={formId} onSubmit={submit} spacing={3}>
        <Section title={t('detail.about')}>
          <TextField
            label={t('fields.name')}
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={t('fields.goal')}
            helperText={t('fields.goalHelp')}
            value={draft.goal}
            onChange={(event) => set('goal', event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <AgentInstructions
            instructions={draft.instructions}
            prompt={draft.prompt}
            onInstructions={(instructions) => set('instructions', instructions)}
            onPrompt={(prompt) => set('prompt', prompt)}
          />
        </Section>
        <Section title={t('detail.model')} help={t('detail.modelHelp')}>
          <TextField
            label={t('fields.model')}
            placeholder={t('fields.modelDefault')}
            value={draft.model.model}
            onChange={(event) => set('model', { ...draft.model, model: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField
              label={t('fields.temperature')}
              value={draft.model.temperature}
              min={0}
              max={2}
              step={0.1}
              onChange={(temperature) => set('model', { ...draft.model, temperature })}
            />
            <NumberField
              label={t('fields.maxTokens')}
              value={draft.model.maxTokens}
              min={1}
              max={16000}
              onChange={(maxTokens) => set('model', { ...draft.model, maxTokens })}
            />
          </Stack>
        </Section>
        <Section title={t('detail.tools')} help={t('detail.toolsHelp')}>
          <FormGroup>
            {builtInToolSchema.options.map((tool: BuiltInTool) => (
              <FormControlLabel
                key={tool}
                control={
                  <Checkbox
                    checked={draft.builtInTools.includes(tool)}
                    onChange={(event) =>
                      set('builtInTools', toggled(draft.builtInTools, tool, event.target.checked))
                    }
                  />
                }
                label={
                  <Box>
                    <Typography variant="body2">{t(`builtIn.${tool}.name`)}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t(`builtIn.${tool}.help`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </FormGroup>
          <Box>
            <FormLabel component="legend">{t('detail.companyTools')}</FormLabel>
            <FormHelperText sx={{ mt: 0 }}>{t('detail.companyToolsHelp')}</FormHelperText>
            {companyTools?.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('detail.noCompanyTools')}
              </Typography>
            )}
            <FormGroup>
              {companyTools?.map((tool) => (
                <FormControlLabel
                  key={tool.id}
                  control={
                    <Checkbox
                      checked={draft.toolIds.includes(tool.id)}
                      onChange={(event) =>
                        set('toolIds', toggled(draft.toolIds, tool.id, event.target.checked))
                      }
                    />
                  }
                  label={
                    <Box>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                        {tool.modelTools.join(', ') || tool.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {tool.description || tool.url}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
          </Box>
        </Section>
        <Section title={t('knowledge.title')} help={t('knowledge.help')}>
          <AgentKnowledge
            chosen={draft.knowledgeSourceIds}
            enabled={draft.builtInTools.includes('search_knowledge')}
            onChange={(ids) => set('knowledgeSourceIds', ids)}
          />
        </Section>
        <Section title={t('detail.limits')} help={t('detail.limitsHelp')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField
              label={t('fields.maxSteps')}
              value={draft.limits.maxSteps}
              min={1}
              max={50}
              onChange={(maxSteps) => set('limits', { ...draft.limits, maxSteps })}
            />
            <NumberField
              label={t('fields.maxSeconds')}
              value={draft.limits.maxSeconds}
              min={1}
              max={300}
              onChange={(maxSeconds) => set('limits', { ...draft.limits, maxSeconds })}
            />
            <NumberField
              label={t('fields.maxTurnTokens')}
              value={draft.limits.maxTokens}
              min={100}
              max={1000000}
              onChange={(maxTokens) => set('limits', { ...draft.limits, maxTokens })}
            />
          </Stack>
          <Box>
            <FormLabel component="legend">{t('detail.exits')}</FormLabel>
            <FormGroup row>
              {agentExitSchema.options.map((exit: AgentExit) => (
                <FormControlLabel
                  key={exit}
                  control={
                    <Checkbox
                      checked={draft.exits.includes(exit)}
                      disabled={exit === 'failed'}
                      onChange={(event) => set('exits', toggled(draft.exits, exit, event.target.checked))}
                    />
                  }
                  label={t(`exit.${exit}`)}
                />
              ))}
            </FormGroup>
            <FormHelperText>{t('detail.exitsHelp')}</FormHelperText>
          </Box>
        </Section>
      </Stack>
      <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 16 }, alignSelf: 'start' }}>
        <Card variant="outlined">
          <CardContent sx={{ p: 3 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {changed ? t('detail.unsaved') : t('detail.upToDate', { version: baseVersion })}
            </Typography>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              fullWidth
              disabled={!changed || !draft.name.trim() || save.isPending}
            >
              {save.isPending ? t('detail.saving') : t('detail.save')}
            </Button>
          </CardContent>
        </Card>
        <AgentPlayground id={id} />
        <AgentVersions id={id} current={baseVersion} onLoad={(loaded) => setDraft(loaded)} />
      </Stack>
    </Box>
  );
}

/** `/v2/agents/manage/:agentId`: what an agent is (saved as a new version each time) and its history. */
export function AgentDetailPage() {
  const { t } = useTranslation('agents');
  const { agentId = '' } = useParams();
  const { data: agent } = useSuspenseQuery(agentQuery(agentId));
  return (
    <PageContainer>
      <Box>
        <Button component={RouterLink} to="/v2/agents/manage" startIcon={<ArrowBackRounded />} size="small">
          {t('detail.back')}
        </Button>
        <Typography variant="h1" sx={{ mt: 1 }}>
          {agent.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {agent.goal || t('manage.noGoal')}
        </Typography>
      </Box>
      <AgentForm key={agent.id} id={agent.id} definition={agent.definition} version={agent.version} />
    </PageContainer>
  );
}
