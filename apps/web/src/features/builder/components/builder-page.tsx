import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Snackbar,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { BotDetail, WebhookInstance } from '@parley/contracts';
import { type PanelHost, PanelHostProvider, type WebhookInstanceOption } from '@parley/modules/panels';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useNavigate, useOutletContext, useParams } from 'react-router';
import { useStore } from 'zustand';
import { ErrorScreen } from '../../../app/errors/error-screen';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { useCan } from '../../../shared/session/current-user';
import { agentListQuery } from '../../agents/api/agents';
import { instanceListQuery } from '../../webhooks/api/webhooks';
import { builderBotQuery, builderKeys, fetchDraft } from '../api/builder-api';
import { startAutosave } from '../model/autosave';
import { type BuilderStore, createBuilderStore } from '../model/builder-store';
import { createDebugger, DebuggerContext } from '../model/debugger';
import { type FlowInsights, useFlowInsights } from '../model/insights';
import { JinjaEnvironmentProvider } from '../model/jinja-environment';
import { type MergeResult, mergeFlows } from '../model/merge';
import { completionNames, initialSamplesOf, pickableNames } from '../model/variables';
import { AiManagerButton } from './ai-manager';
import { BuilderSidebar } from './builder-sidebar';
import { CommandButtons, EditMenu, useCommandShortcuts } from './command-buttons';
import { FlowCanvas } from './flow-canvas';
import { JinjaField } from './jinja-field';
import { MinimapDock } from './minimap-layer';
import { ModuleEditor } from './module-editor';
import { ProblemsButton, PublishButton, VersionsButton } from './publish-controls';

function SaveState({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const save = useStore(store, (state) => state.save);
  const pending = useStore(store, (state) => state.edits !== state.savedEdits);
  const look =
    save.state === 'saving'
      ? { icon: <SyncRounded />, label: t('save.saving'), color: 'default' as const }
      : save.state === 'error'
        ? { icon: <CloudOffRounded />, label: t('save.retrying'), color: 'warning' as const }
        : save.state === 'conflict'
          ? { icon: <WarningAmberRounded />, label: t('save.conflict'), color: 'error' as const }
          : pending
            ? { icon: <SyncRounded />, label: t('save.unsaved'), color: 'default' as const }
            : { icon: <CheckCircleOutlineRounded />, label: t('save.saved'), color: 'success' as const };
  return (
    <Tooltip
      title={
        save.state === 'error' || save.state === 'conflict' ? (save.message ?? t('save.connectionLost')) : ''
      }
    >
      <Chip
        icon={look.icon}
        label={look.label}
        color={look.color}
        variant="outlined"
        size="small"
        role="status"
        aria-live="polite"
        data-save-state={pending && save.state === 'saved' ? 'unsaved' : save.state}
      />
    </Tooltip>
  );
}

/** In place of the save state for people who may not change bots: nothing they do here is saved. */
function ViewOnly() {
  const { t } = useTranslation('builder');
  return (
    <Tooltip title={t('save.viewOnlyHint')}>
      <Chip
        icon={<VisibilityOutlined />}
        label={t('save.viewOnly')}
        variant="outlined"
        size="small"
        role="status"
      />
    </Tooltip>
  );
}

/** Their newer save and our unsaved edits, merged (ours win where both changed the same thing). */
function useMergeWithTheirs(store: BuilderStore) {
  const botId = useStore(store, (state) => state.botId);
  return useMutation({
    mutationFn: async (): Promise<MergeResult> => {
      const bot = await fetchDraft(botId);
      const state = store.getState();
      const result = mergeFlows(state.savedFlow, bot.flow, state.flow);
      state.merged(result.flow, bot.draft_revision, bot.flow);
      return result;
    },
    meta: { silent: true },
  });
}

function ConflictDialog({ store, onReload }: { store: BuilderStore; onReload: () => void }) {
  const { t } = useTranslation('builder');
  const save = useStore(store, (state) => state.save);
  const [dismissed, setDismissed] = useState(false);
  const [conflicts, setConflicts] = useState<string[] | null>(null);
  const merge = useMergeWithTheirs(store);
  const open = save.state === 'conflict' && !dismissed;
  return (
    <>
      <Dialog open={open} onClose={() => setDismissed(true)} aria-labelledby="conflict-title">
        <DialogTitle id="conflict-title">{t('conflict.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{save.state === 'conflict' ? save.message : ''}</DialogContentText>
          <DialogContentText sx={{ mt: 1.5 }}>{t('conflict.body')}</DialogContentText>
          {merge.isError && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {merge.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDismissed(true)}>{t('conflict.keepLooking')}</Button>
          <Button onClick={onReload}>{t('conflict.reload')}</Button>
          <Button
            variant="contained"
            disabled={merge.isPending}
            onClick={() => merge.mutate(undefined, { onSuccess: (result) => setConflicts(result.conflicts) })}
          >
            {t('conflict.merge')}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={conflicts !== null}
        autoHideDuration={conflicts?.length ? null : 6000}
        onClose={() => setConflicts(null)}
      >
        <Alert
          severity={conflicts?.length ? 'warning' : 'success'}
          onClose={() => setConflicts(null)}
          role="status"
        >
          {conflicts?.length
            ? t('conflict.mergedWithConflicts', { names: conflicts.join(', ') })
            : t('conflict.merged')}
        </Alert>
      </Snackbar>
    </>
  );
}

interface BuilderContext {
  store: BuilderStore;
  insights: FlowInsights;
}

/** Selects a module and shows it on the canvas (from the problems list, the settings page, …). */
function useOpenModule(store: BuilderStore) {
  const navigate = useNavigate();
  const botId = useStore(store, (state) => state.botId);
  return (moduleId: string) => {
    store.getState().focus(moduleId);
    void navigate(`/bots/list/${encodeURIComponent(botId)}`);
  };
}

/** An installed webhook as the webhook module's panel offers it. */
function webhookOptionOf(instance: WebhookInstance): WebhookInstanceOption {
  const { template } = instance;
  return {
    id: instance.id,
    name: instance.name,
    templateName: instance.templateName,
    asynchronous: instance.asynchronous,
    settings: template.fields.flatMap((field) => {
      const value = instance.fields[field.key];
      if (field.scope !== 'instance' || !value) return [];
      return [{ label: field.label, value: value.secret ? value.secretHint : value.value }];
    }),
    botFields: template.fields
      .filter((field) => field.scope === 'bot')
      .map(({ key, label, help, example, required }) => ({ key, label, help, example, required })),
    maps: template.responseMapping,
  };
}

/**
 * What module panels and other forms borrow from the builder: the Jinja editor, variables, intents,
 * whether the server has a language model (the LLM panel warns when it has none), and the
 * company's installed webhooks (for people who may manage bots: the list needs that permission).
 */
function usePanelHost(store: BuilderStore, { flow, usages }: FlowInsights): PanelHost {
  const intents = flow?.intents;
  const canManage = useCan('bots:manage');
  const { data: installed } = useQuery({ ...instanceListQuery(), enabled: canManage });
  const webhookInstances = installed?.instances;
  const agents = useQuery(agentListQuery('')).data?.agents;
  const { data: config } = useQuery(frontendConfigQuery);
  const configured = config?.llm.configured;
  const helpUrl = config?.supportUrl;
  return useMemo(
    () => ({
      TemplateField: JinjaField,
      variables: pickableNames(usages),
      intents: intents?.map((intent) => intent.name) ?? [],
      intentPhrases: Object.fromEntries(
        intents?.map((intent) => [intent.name, intent.utterances.length]) ?? [],
      ),
      openIntent: (name: string) => store.getState().openIntent(name),
      ...(configured !== undefined && helpUrl !== undefined ? { llm: { configured, helpUrl } } : {}),
      ...(webhookInstances
        ? {
            webhooks: {
              instances: webhookInstances.map(webhookOptionOf),
              marketplaceUrl: '/v2/webhook/marketplace',
            },
          }
        : {}),
      ...(agents
        ? {
            agents: {
              agents: agents.map(({ id, name, goal, version }) => ({ id, name, goal, version })),
              manageUrl: '/v2/agents/manage',
            },
          }
        : {}),
    }),
    [store, usages, intents, configured, helpUrl, webhookInstances, agents],
  );
}

function Builder({ bot, onReload }: { bot: BotDetail; onReload: () => void }) {
  // The module panels' namespace loads with the builder, so opening a panel never suspends.
  const { t } = useTranslation(['builder', 'modules']);
  const [store] = useState(() =>
    createBuilderStore({ botId: bot.id, flow: bot.flow, revision: bot.draft_revision }),
  );
  const [debug] = useState(() => createDebugger(store));
  // The server refuses saves and publishing to people without the permission; the builder does
  // not offer them.
  const canManage = useCan('bots:manage');
  const canPublish = useCan('bots:publish');
  useEffect(() => (canManage ? startAutosave(store) : undefined), [store, canManage]);
  useCommandShortcuts(store);
  // Leaving with edits the server does not have yet asks first.
  useEffect(() => {
    if (!canManage) return;
    const warn = (event: BeforeUnloadEvent) => {
      const state = store.getState();
      if (state.edits !== state.savedEdits) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store, canManage]);
  const insights = useFlowInsights(store);
  const { findings } = insights;
  const names = useMemo(() => completionNames(insights.usages), [insights.usages]);
  const panelHost = usePanelHost(store, insights);
  const openModule = useOpenModule(store);
  const context: BuilderContext = { store, insights };

  return (
    <JinjaEnvironmentProvider completionNames={names} initialSamples={initialSamplesOf(bot.flow)}>
      <PanelHostProvider value={panelHost}>
        <DebuggerContext value={debug}>
          <Stack sx={{ height: '100dvh' }}>
            <Stack
              direction="row"
              spacing={1.5}
              alignItems="center"
              sx={{
                px: 2,
                height: 56,
                flexShrink: 0,
                borderBottom: '1px solid',
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            >
              <IconButton component={RouterLink} to="/v2" aria-label={t('back')}>
                <ArrowBackRounded />
              </IconButton>
              <Typography variant="h4" component="h1" noWrap sx={{ flex: 1, minWidth: 0 }}>
                {bot.name}
              </Typography>
              <CommandButtons store={store} />
              <EditMenu store={store} />
              {canManage && <AiManagerButton store={store} />}
              <ProblemsButton findings={findings} onOpen={openModule} />
              {canManage ? <SaveState store={store} /> : <ViewOnly />}
              {canManage && <VersionsButton store={store} onRestored={onReload} />}
              {canPublish && <PublishButton store={store} findings={findings} onOpen={openModule} />}
            </Stack>
            <Box sx={{ flex: 1, minHeight: 0 }}>
              <Outlet context={context} />
            </Box>
            <ConflictDialog store={store} onReload={onReload} />
          </Stack>
        </DebuggerContext>
      </PanelHostProvider>
    </JinjaEnvironmentProvider>
  );
}

/** `/bots/list/{id}`: the canvas, with the selected module's editor beside it. */
export function CanvasView() {
  const { t } = useTranslation('builder');
  const { store, insights } = useOutletContext<BuilderContext>();
  const { findings } = insights;
  const selected = useStore(store, (state) => (state.selected.length === 1 ? state.selected[0] : undefined));
  const editing = useStore(store, (state) =>
    selected ? state.flow.modules.some((module) => module.id === selected) : false,
  );
  const editorOpen = selected !== undefined && editing;
  return (
    <ReactFlowProvider>
      <Stack direction="row" sx={{ height: '100%' }}>
        <BuilderSidebar store={store} insights={insights} />
        <Box sx={{ flex: 1, minWidth: 0, bgcolor: '#f8fafc' }} aria-label={t('canvas')} role="application">
          <FlowCanvas store={store} findings={findings} minimapInCorner={!editorOpen} />
        </Box>
        {editorOpen && (
          <Stack
            sx={{
              width: { xs: '100%', sm: 420 },
              flexShrink: 0,
              borderLeft: '1px solid',
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <Box sx={{ flex: 1, minHeight: 0 }}>
              <ModuleEditor
                store={store}
                moduleId={selected}
                findings={findings}
                layout="side"
                onClose={() => store.getState().select([])}
              />
            </Box>
            <MinimapDock store={store} />
          </Stack>
        )}
      </Stack>
    </ReactFlowProvider>
  );
}

/** `/bots/list/{botId}/module/{moduleId}/settings`: one module's editor as its own page. */
export function ModuleSettingsView() {
  const { t } = useTranslation('builder');
  const { moduleId = '' } = useParams();
  const { store, insights } = useOutletContext<BuilderContext>();
  const { findings } = insights;
  const exists = useStore(store, (state) => state.flow.modules.some((module) => module.id === moduleId));
  const openModule = useOpenModule(store);
  return (
    <Box sx={{ height: '100%', overflowY: 'auto', bgcolor: '#f8fafc' }}>
      <Box sx={{ maxWidth: 760, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        <Button startIcon={<ArrowBackRounded />} onClick={() => openModule(moduleId)} sx={{ mb: 1.5 }}>
          {t('editor.backToCanvas')}
        </Button>
        {exists ? (
          <Box
            sx={{ bgcolor: 'background.paper', border: '1px solid', borderColor: 'divider', borderRadius: 3 }}
          >
            <ModuleEditor
              store={store}
              moduleId={moduleId}
              findings={findings}
              layout="page"
              onClose={undefined}
            />
          </Box>
        ) : (
          <ErrorScreen kind="not-found" />
        )}
      </Box>
    </Box>
  );
}

/** The bot builder (`/bots/list/{id}` and its module pages): one document, one store, one save. */
export function BuilderPage() {
  const { botId = '' } = useParams();
  const queryClient = useQueryClient();
  const { data: bot, dataUpdatedAt } = useSuspenseQuery(builderBotQuery(botId));
  // A reload starts a fresh document (and store) from the server's latest draft.
  return (
    <Builder
      key={dataUpdatedAt}
      bot={bot}
      onReload={() => void queryClient.refetchQueries({ queryKey: builderKeys.bot(botId) })}
    />
  );
}
