import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Collapse,
  IconButton,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { CallFailure, MessageButton, TraceEntry } from '@parley/contracts';
import type { Flow, FlowModule } from '@parley/flow';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { MessageBubble } from '../../inbox/components/message-bubble';
import { followConversation } from '../api/builder-api';
import type { BuilderStore } from '../model/builder-store';
import { type DebuggerStore, type DebugTurnLog, useDebugger } from '../model/debugger';
import { type ModuleWordsIn, useModuleWords } from '../model/module-words';
import { AgentStep } from './agent-step';
import { GLOBAL_COLOR } from './globals-node';
import { KnowledgeStep } from './knowledge-step';
import { WidgetText } from './widget-text';

/** How each kind of step looks: module and global connections in the canvas's own colours. */
const STEP_LOOKS: Record<TraceEntry['kind'], { color: string; labelKey: string }> = {
  start: { color: '#059669', labelKey: 'debugger.kind.start' },
  module: { color: '#4f46e5', labelKey: 'debugger.kind.module' },
  global: { color: GLOBAL_COLOR, labelKey: 'debugger.kind.global' },
  fallback: { color: '#d97706', labelKey: 'debugger.kind.fallback' },
  delayed: { color: '#64748b', labelKey: 'debugger.kind.delayed' },
  resume: { color: '#0d9488', labelKey: 'debugger.kind.resume' },
  nlu: { color: '#be185d', labelKey: 'debugger.kind.nlu' },
  generative: { color: '#7c3aed', labelKey: 'debugger.kind.generative' },
  agent: { color: '#6d28d9', labelKey: 'debugger.kind.agent' },
};

const nameOf = (module: FlowModule | undefined, id: string) => module?.name || id;

/** Later messages of the conversation (delays, streamed answers) come on its events stream. */
function useLaterMessages(debug: DebuggerStore) {
  const conversation = useStore(debug, (state) => state.conversation);
  useEffect(() => {
    if (!conversation) return;
    const after = debug.getState().messages.at(-1)?.seq ?? 0;
    return followConversation(conversation, after, (message) => debug.getState().received([message]));
  }, [conversation, debug]);
}

function StartControls({ store, debug }: { store: BuilderStore; debug: DebuggerStore }) {
  const { t } = useTranslation('builder');
  const modules = useStore(store, (state) => state.flow.modules);
  const startModuleId = useStore(store, (state) => state.flow.startModuleId);
  const startedAt = useStore(debug, (state) => state.startedAt);
  const running = useStore(debug, (state) => state.conversation !== null || state.pending);
  // Starts from elsewhere (a module's ▷) remount the controls with that choice.
  const [from, setFrom] = useState(startedAt ?? '');
  const known = from === '' || modules.some((module) => module.id === from);
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 2, py: 1.25 }}>
      <TextField
        select
        size="small"
        label={t('debugger.startAt')}
        value={known ? from : ''}
        onChange={(event) => setFrom(event.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
        }}
      >
        <MenuItem value="">{t('debugger.startModule')}</MenuItem>
        {modules
          .filter((module) => module.id !== startModuleId)
          .map((module) => (
            <MenuItem key={module.id} value={module.id}>
              {nameOf(module, module.id)}
            </MenuItem>
          ))}
      </TextField>
      <Button
        variant={running ? 'outlined' : 'contained'}
        startIcon={running ? <RestartAltRounded /> : <PlayArrowRounded />}
        onClick={() => void debug.getState().start(from || undefined)}
        sx={{ flexShrink: 0 }}
      >
        {running ? t('debugger.restart') : t('debugger.start')}
      </Button>
    </Stack>
  );
}

function Chat({ debug }: { debug: DebuggerStore }) {
  const { t } = useTranslation('builder');
  const messages = useStore(debug, (state) => state.messages);
  const pending = useStore(debug, (state) => state.pending);
  const started = useStore(debug, (state) => state.conversation !== null);
  const end = useRef<HTMLDivElement>(null);
  // The newest message (or the bot thinking) stays in view.
  const shown = messages.length + (pending ? 1 : 0);
  useEffect(() => {
    if (shown > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [shown]);
  const press = (button: MessageButton) => {
    if (button.payload) void debug.getState().send({ postback: button.payload, label: button.label });
  };
  if (!started && !pending)
    return (
      <Stack alignItems="center" justifyContent="center" sx={{ flex: 1, p: 3, textAlign: 'center' }}>
        <Typography variant="subtitle2" fontWeight={700}>
          {t('debugger.emptyTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('debugger.emptyBody')}
        </Typography>
      </Stack>
    );
  return (
    <Stack
      spacing={1.25}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1.5, py: 1.5 }}
      role="log"
      aria-label={t('debugger.chat')}
      aria-live="polite"
    >
      {messages.map((message) => (
        <MessageBubble key={message.seq} message={message} onPress={press} TextView={WidgetText} />
      ))}
      {pending && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ color: 'text.secondary', pl: 1 }}>
          <CircularProgress size={14} />
          <Typography variant="caption">{t('debugger.running')}</Typography>
        </Stack>
      )}
      <div ref={end} />
    </Stack>
  );
}

function Composer({ debug }: { debug: DebuggerStore }) {
  const { t } = useTranslation('builder');
  const [text, setText] = useState('');
  const status = useStore(debug, (state) => state.status);
  const started = useStore(debug, (state) => state.conversation !== null);
  const pending = useStore(debug, (state) => state.pending);
  const send = () => {
    const said = text.trim();
    if (!said || !started) return;
    setText('');
    void debug.getState().send({ text: said });
  };
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      alignItems="center"
      sx={{ px: 1.5, py: 1, borderTop: '1px solid', borderColor: 'divider' }}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextField
        size="small"
        fullWidth
        placeholder={status === 'ended' ? t('debugger.endedPlaceholder') : t('debugger.placeholder')}
        value={text}
        disabled={!started}
        onChange={(event) => setText(event.target.value.slice(0, 4000))}
        slotProps={{ htmlInput: { 'aria-label': t('debugger.message') } }}
      />
      <IconButton
        type="submit"
        color="primary"
        disabled={!started || pending || !text.trim()}
        aria-label={t('debugger.send')}
      >
        <SendRounded />
      </IconButton>
    </Stack>
  );
}

/** Why the intent model did not answer, and what did instead. */
function nluText(t: TFunction<'builder'>, nlu: NonNullable<TraceEntry['nlu']>): string {
  const why =
    nlu.status === 'training'
      ? t('debugger.nlu.training')
      : t('debugger.nlu.refused', { reason: nlu.reason ?? t('debugger.nlu.noReason') });
  return t('debugger.nlu.sentence', {
    why,
    answered: nlu.previous ? t('debugger.nlu.previous') : t('debugger.nlu.none'),
  });
}

function portLabel(
  words: ModuleWordsIn,
  module: FlowModule | undefined,
  port: string | undefined,
): string | undefined {
  if (!module || !port) return undefined;
  return words.ports(module).find((candidate) => candidate.id === port)?.label ?? port;
}

function VariableList({
  variables,
  before,
}: {
  variables: Record<string, unknown>;
  before?: Record<string, unknown>;
}) {
  const { t } = useTranslation('builder');
  const names = Object.keys(variables).sort();
  if (names.length === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        {t('debugger.noVariables')}
      </Typography>
    );
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(80px, auto) 1fr', gap: '2px 10px' }}
    >
      {names.map((name) => {
        const changed =
          before !== undefined && JSON.stringify(before[name]) !== JSON.stringify(variables[name]);
        return (
          <Box key={name} sx={{ display: 'contents' }} data-changed={changed ? 'true' : undefined}>
            <Box
              component="dt"
              sx={{
                fontFamily: 'monospace',
                fontSize: 12,
                fontWeight: changed ? 700 : 500,
                color: changed ? 'primary.main' : 'text.primary',
              }}
            >
              {name}
            </Box>
            <Box
              component="dd"
              sx={{
                m: 0,
                fontFamily: 'monospace',
                fontSize: 12,
                overflowWrap: 'anywhere',
                color: 'text.secondary',
              }}
            >
              {JSON.stringify(variables[name])}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function StepRow({
  step,
  before,
  flow,
  onOpen,
}: {
  step: TraceEntry;
  before: Record<string, unknown> | undefined;
  flow: Flow;
  onOpen(moduleId: string): void;
}) {
  const { t } = useTranslation('builder');
  const words = useModuleWords();
  const [open, setOpen] = useState(false);
  const look = STEP_LOOKS[step.kind];
  const byId = (id: string | null) => (id ? flow.modules.find((module) => module.id === id) : undefined);
  const from = byId(step.from);
  const global =
    step.kind === 'global' ? flow.globalConnections.find((one) => one.id === step.connectionId) : undefined;
  const via =
    step.kind === 'global'
      ? global?.name || step.detail
      : step.kind === 'module'
        ? portLabel(words, from, step.port)
        : step.kind === 'agent'
          ? nameOf(from, step.from ?? '')
          : undefined;
  const target = step.to
    ? nameOf(byId(step.to), step.to)
    : t(step.kind === 'fallback' ? 'debugger.fallbackMessage' : 'debugger.nowhere');
  return (
    <Box
      component="li"
      data-step-kind={step.kind}
      sx={{ listStyle: 'none', borderLeft: `3px solid ${look.color}`, pl: 1.25, py: 0.5 }}
    >
      <Stack direction="row" alignItems="center" spacing={0.5}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={0.75} alignItems="baseline" sx={{ minWidth: 0 }}>
            <Typography
              variant="caption"
              sx={{
                color: look.color,
                fontWeight: 700,
                textTransform: 'uppercase',
                letterSpacing: 0.3,
                flexShrink: 0,
              }}
            >
              {t(look.labelKey)}
            </Typography>
            {via && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {via}
              </Typography>
            )}
          </Stack>
          {step.kind === 'generative' && step.knowledge ? (
            <KnowledgeStep knowledge={step.knowledge} />
          ) : step.kind === 'agent' && step.agent ? (
            <AgentStep agent={step.agent} />
          ) : step.kind === 'nlu' ? (
            // The intent model was not ready: the step moves nowhere, its detail says what answered.
            <Typography variant="body2" color="text.secondary">
              {step.nlu ? nluText(t, step.nlu) : step.detail}
            </Typography>
          ) : (
            <Typography variant="body2" noWrap>
              {from && (
                <>
                  <Box component="button" type="button" onClick={() => onOpen(from.id)} sx={linkSx}>
                    {nameOf(from, from.id)}
                  </Box>
                  {' → '}
                </>
              )}
              {step.to ? (
                <Box component="button" type="button" onClick={() => step.to && onOpen(step.to)} sx={linkSx}>
                  {target}
                </Box>
              ) : (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {target}
                </Box>
              )}
            </Typography>
          )}
          {step.error && (
            <Typography
              variant="caption"
              color="error"
              data-step-error={step.error.name}
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              {step.error.line !== null
                ? t('debugger.errorAtLine', { message: step.error.message, line: step.error.line })
                : step.error.message}
            </Typography>
          )}
          {step.call && <CallNote call={step.call} />}
          {step.failure && <FailureNote failure={step.failure} />}
        </Box>
        {step.variables && (
          <Tooltip title={open ? t('debugger.hideVariables') : t('debugger.showVariables')}>
            <IconButton
              size="small"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-label={t('debugger.showVariables')}
            >
              {open ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {step.variables && (
        <Collapse in={open} unmountOnExit>
          <Box sx={{ py: 0.75 }}>
            <VariableList variables={step.variables} before={before} />
          </Box>
        </Collapse>
      )}
    </Box>
  );
}

/** An outside call the module made (a store's API): what it asked, and what came back. */
function CallNote({ call }: { call: NonNullable<TraceEntry['call']> }) {
  const { t } = useTranslation('builder');
  return (
    <Box
      data-step-call={call.service}
      sx={{ mt: 0.5, px: 1, py: 0.75, borderRadius: 1.5, bgcolor: '#f0fdf4', border: '1px solid #bbf7d0' }}
    >
      <Typography variant="caption" component="p" sx={{ fontWeight: 700, lineHeight: 1.4, color: '#166534' }}>
        {t('debugger.call.service')}
      </Typography>
      <Typography
        variant="caption"
        component="p"
        sx={{ lineHeight: 1.4, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {call.request}
      </Typography>
      <Typography variant="caption" component="p" sx={{ lineHeight: 1.4, overflowWrap: 'anywhere' }}>
        {t('debugger.call.result')}: {call.result}
      </Typography>
    </Box>
  );
}

/**
 * Why the module took its failure connection (the step already names the port): the reason, named,
 * then what the other side said.
 */
function FailureNote({ failure }: { failure: CallFailure }) {
  const { t } = useTranslation('builder');
  return (
    <Stack
      direction="row"
      spacing={0.75}
      data-step-failure={failure.reason}
      sx={{
        mt: 0.5,
        px: 1,
        py: 0.75,
        borderRadius: 1.5,
        bgcolor: '#fef2f2',
        border: '1px solid #fecaca',
        color: '#991b1b',
      }}
    >
      <ErrorOutlineRounded sx={{ fontSize: 16, mt: '1px', flexShrink: 0 }} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ fontWeight: 700, lineHeight: 1.4 }}>
          {t(`common:callFailure.${failure.reason}`, { status: failure.status ?? '' })}
        </Typography>
        <Typography
          variant="caption"
          component="p"
          sx={{ lineHeight: 1.4, overflowWrap: 'anywhere', color: '#7f1d1d' }}
        >
          {failure.message}
        </Typography>
      </Box>
    </Stack>
  );
}

const linkSx = {
  p: 0,
  border: 0,
  bgcolor: 'transparent',
  font: 'inherit',
  color: 'text.primary',
  fontWeight: 600,
  cursor: 'pointer',
  '&:hover': { color: 'primary.main', textDecoration: 'underline' },
} as const;

function Steps({ store, debug }: { store: BuilderStore; debug: DebuggerStore }) {
  const { t } = useTranslation('builder');
  const turns = useStore(debug, (state) => state.turns);
  const flow = useStore(store, (state) => state.flow);
  const end = useRef<HTMLDivElement>(null);
  const turnCount = turns.length;
  useEffect(() => {
    if (turnCount > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [turnCount]);
  // Each step's variables compare with the step before it (across turns).
  const withBefore = useMemo(() => {
    let previous: Record<string, unknown> | undefined;
    return turns.map((turn) => ({
      turn,
      // Steps of a turn are positional and never reorder: their place is their key.
      steps: turn.steps.map((step, index) => {
        const before = previous;
        previous = step.variables ?? previous;
        return { step, before, key: `${turn.id}.${index}` };
      }),
    }));
  }, [turns]);
  if (turns.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {t('debugger.noSteps')}
      </Typography>
    );
  return (
    <Box sx={{ px: 2, py: 1 }} aria-label={t('debugger.steps')} role="list">
      {withBefore.map(({ turn, steps }) => (
        <Box key={turn.id} sx={{ mb: 1.5 }} data-turn={turn.id}>
          <TurnHeading turn={turn} />
          <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0 }}>
            {steps.length === 0 ? (
              <Typography component="li" variant="caption" color="text.secondary" sx={{ listStyle: 'none' }}>
                {t('debugger.stayed')}
              </Typography>
            ) : (
              steps.map(({ step, before, key }) => (
                <StepRow
                  key={key}
                  step={step}
                  before={before}
                  flow={flow}
                  onOpen={(id) => store.getState().focus(id)}
                />
              ))
            )}
          </Stack>
        </Box>
      ))}
      <div ref={end} />
    </Box>
  );
}

function TurnHeading({ turn }: { turn: DebugTurnLog }) {
  const { t } = useTranslation('builder');
  return (
    <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.8 }} noWrap>
      {turn.said === null ? t('debugger.startedTurn') : t('debugger.saidTurn', { said: turn.said })}
    </Typography>
  );
}

function Status({ store, debug }: { store: BuilderStore; debug: DebuggerStore }) {
  const { t } = useTranslation('builder');
  const status = useStore(debug, (state) => state.status);
  const currentId = useStore(debug, (state) => state.currentModuleId);
  const current = useStore(store, (state) => state.flow.modules.find((module) => module.id === currentId));
  if (!status) return null;
  const where = currentId ? nameOf(current, currentId) : '';
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ px: 2, pb: 1, display: 'block' }}
      role="status"
      data-debug-status={status}
    >
      {t(`debugger.status.${status}`, { module: where })}
    </Typography>
  );
}

/** The builder's test chat: runs the draft, lists every step, highlights where it is on the canvas. */
export function DebuggerPanel({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const debug = useDebugger();
  const error = useStore(debug, (state) => state.error);
  const startedAt = useStore(debug, (state) => state.startedAt);
  const variables = useStore(debug, (state) => state.variables);
  const [tab, setTab] = useState<'steps' | 'variables'>('steps');
  useLaterMessages(debug);
  // The canvas follows the conversation.
  const currentModuleId = useStore(debug, (state) => state.currentModuleId);
  useEffect(() => {
    if (currentModuleId) store.getState().reveal(currentModuleId);
  }, [currentModuleId, store]);
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      {/* What runs here is not what visitors get until it is published: said before anything else. */}
      <Alert
        severity="info"
        role="note"
        icon={<EditNoteRounded fontSize="small" />}
        sx={{ mx: 2, mt: 1.5, py: 0.25, alignItems: 'center' }}
      >
        {t('debugger.draft')}
      </Alert>
      <StartControls key={startedAt ?? ''} store={store} debug={debug} />
      <Status store={store} debug={debug} />
      {error && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {error}
        </Alert>
      )}
      <Stack
        sx={{ flex: 1.3, minHeight: 160, borderTop: '1px solid', borderColor: 'divider', bgcolor: '#fbfcfe' }}
      >
        <Chat debug={debug} />
        <Composer debug={debug} />
      </Stack>
      <Stack sx={{ flex: 1, minHeight: 140, borderTop: '1px solid', borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, value: 'steps' | 'variables') => setTab(value)}
          sx={{ minHeight: 40, px: 1 }}
        >
          <Tab value="steps" label={t('debugger.steps')} sx={{ minHeight: 40 }} />
          <Tab value="variables" label={t('debugger.variables')} sx={{ minHeight: 40 }} />
        </Tabs>
        <Box
          sx={{ flex: 1, minHeight: 0, overflowY: 'auto', borderTop: '1px solid', borderColor: 'divider' }}
        >
          {tab === 'steps' ? (
            <Steps store={store} debug={debug} />
          ) : (
            <Box sx={{ p: 2 }}>
              <VariableList variables={variables} />
            </Box>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
