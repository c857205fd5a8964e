import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CenterFocusStrongOutlined from '@mui/icons-material/CenterFocusStrongOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Collapse,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { PromptTestResponse } from '@parley/contracts';
import { type PanelHost, PanelHostProvider, SUGGESTED_MODELS, usePanelHost } from '@parley/modules/panels';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { testPrompt } from '../api/builder-api';
import { type LlmContent, type LlmModule, llmModulesOf, patchLlmModules } from '../model/ai-manager';
import type { BuilderStore } from '../model/builder-store';
import { useJinjaEnvironment } from '../model/jinja-environment';
import { useNewModule } from '../model/module-words';
import { addModuleInView } from '../model/new-module-placement';
import { ModuleContentEditor } from './module-editor';

/** The dialog says once, at its top, that the server has no model: its panels need not repeat it. */
function WithoutModelWarning({ children }: { children: ReactNode }) {
  const host = usePanelHost();
  const quiet = useMemo<PanelHost>(() => ({ ...host, llm: undefined }), [host]);
  return <PanelHostProvider value={quiet}>{children}</PanelHostProvider>;
}

const clampTemperature = (value: number) => Math.min(2, Math.max(0, Math.round(value * 10) / 10));

function ModelField({
  value,
  onCommit,
  label,
  defaultModel,
}: {
  value: string;
  onCommit(model: string): void;
  label: string;
  defaultModel: string | undefined;
}) {
  const [text, setText] = useState(value);
  const options =
    defaultModel && !SUGGESTED_MODELS.includes(defaultModel)
      ? [defaultModel, ...SUGGESTED_MODELS]
      : SUGGESTED_MODELS;
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={options}
      value={value}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      onChange={(_, next) => {
        if (typeof next === 'string' && next.trim()) onCommit(next.trim());
      }}
      onBlur={() => {
        if (text.trim() && text.trim() !== value) onCommit(text.trim().slice(0, 100));
        else setText(value);
      }}
      renderInput={(params) => (
        // The column header names the field; the label is for screen readers.
        <TextField {...params} inputProps={{ ...params.inputProps, 'aria-label': label }} />
      )}
      sx={{ minWidth: 170 }}
    />
  );
}

function NumberCell({
  value,
  label,
  min,
  max,
  step,
  onCommit,
}: {
  value: number;
  label: string;
  min: number;
  max: number;
  step: number;
  onCommit(value: number): void;
}) {
  const [text, setText] = useState(String(value));
  const commit = () => {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) setText(String(value));
    else {
      const clamped = Math.min(max, Math.max(min, step < 1 ? clampTemperature(number) : Math.round(number)));
      setText(String(clamped));
      if (clamped !== value) onCommit(clamped);
    }
  };
  return (
    <TextField
      size="small"
      type="number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { min, max, step, 'aria-label': label } }}
      sx={{ width: 96 }}
    />
  );
}

function PromptTest({ botId, module }: { botId: string; module: LlmModule }) {
  const { t } = useTranslation('builder');
  const { samples } = useJinjaEnvironment();
  const [said, setSaid] = useState('Hello');
  const [samplesText, setSamplesText] = useState(() => JSON.stringify(samples, null, 2));
  const parsedSamples = useMemo(() => {
    try {
      const value: unknown = JSON.parse(samplesText || '{}');
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, never>)
        : null;
    } catch {
      return null;
    }
  }, [samplesText]);
  const run = useMutation({
    mutationFn: () =>
      testPrompt(botId, {
        model: module.content.model,
        systemPrompt: module.content.systemPrompt,
        userPrompt: module.content.userPrompt,
        temperature: module.content.temperature,
        maxTokens: module.content.maxTokens,
        variables: parsedSamples ?? {},
        userMessage: said,
      }),
    meta: { silent: true },
  });
  return (
    <Stack spacing={1.5} component="section" aria-label={t('ai.test')}>
      <Typography variant="subtitle2" fontWeight={700}>
        {t('ai.test')}
      </Typography>
      <TextField
        size="small"
        label={t('ai.userSays')}
        value={said}
        onChange={(event) => setSaid(event.target.value.slice(0, 4000))}
        helperText={t('ai.userSaysHelp')}
      />
      <TextField
        size="small"
        label={t('ai.samples')}
        multiline
        minRows={2}
        maxRows={8}
        value={samplesText}
        onChange={(event) => setSamplesText(event.target.value)}
        error={parsedSamples === null}
        helperText={parsedSamples === null ? t('ai.samplesInvalid') : t('ai.samplesHelp')}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Box>
        <Button
          variant="contained"
          startIcon={run.isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrowRounded />}
          disabled={run.isPending || parsedSamples === null}
          onClick={() => run.mutate()}
        >
          {t('ai.run')}
        </Button>
      </Box>
      {run.isError && <Alert severity="error">{run.error.message}</Alert>}
      {run.data && <PromptAnswer result={run.data} />}
    </Stack>
  );
}

function PromptAnswer({ result }: { result: PromptTestResponse }) {
  const { t } = useTranslation('builder');
  const [showPrompts, setShowPrompts] = useState(false);
  return (
    <Box
      role="region"
      aria-label={t('ai.answer')}
      sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: '#fbfcfe' }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="caption" fontWeight={700} color="text.secondary" sx={{ flex: 1 }}>
          {t('ai.answer')}
        </Typography>
        <Chip size="small" label={result.model} />
        <Chip size="small" variant="outlined" label={t('ai.duration', { ms: result.durationMs })} />
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-prompt-answer>
        {result.answer || t('ai.emptyAnswer')}
      </Typography>
      <Button size="small" sx={{ mt: 1, px: 0 }} onClick={() => setShowPrompts(!showPrompts)}>
        {showPrompts ? t('ai.hidePrompts') : t('ai.showPrompts')}
      </Button>
      <Collapse in={showPrompts}>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('ai.systemSent')}
        </Typography>
        <Box component="pre" sx={{ m: 0, mb: 1, fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {result.system}
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('ai.promptSent')}
        </Typography>
        <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {result.prompt}
        </Box>
      </Collapse>
    </Box>
  );
}

function BulkBar({
  store,
  selected,
  defaultModel,
}: {
  store: BuilderStore;
  selected: string[];
  defaultModel: string | undefined;
}) {
  const { t } = useTranslation('builder');
  const [model, setModel] = useState('');
  const [temperature, setTemperature] = useState('0.7');
  const apply = (patch: Partial<LlmContent>) =>
    store.getState().apply((flow) => patchLlmModules(flow, selected, patch));
  const temperatureValue = Number(temperature);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      flexWrap="wrap"
      useFlexGap
      role="toolbar"
      aria-label={t('ai.bulk', { count: selected.length })}
      sx={{ px: 2, py: 1.25, bgcolor: 'rgba(79,70,229,0.06)', borderRadius: 2 }}
    >
      <Typography variant="body2" fontWeight={700}>
        {t('ai.bulk', { count: selected.length })}
      </Typography>
      <Autocomplete
        freeSolo
        size="small"
        options={SUGGESTED_MODELS}
        inputValue={model}
        onInputChange={(_, next) => setModel(next.slice(0, 100))}
        renderInput={(params) => <TextField {...params} label={t('ai.model')} placeholder={defaultModel} />}
        sx={{ width: 190 }}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={!model.trim()}
        onClick={() => apply({ model: model.trim() })}
      >
        {t('ai.setModel')}
      </Button>
      <TextField
        size="small"
        type="number"
        label={t('ai.temperature')}
        value={temperature}
        onChange={(event) => setTemperature(event.target.value)}
        slotProps={{ htmlInput: { min: 0, max: 2, step: 0.1 } }}
        sx={{ width: 120 }}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={temperature.trim() === '' || !Number.isFinite(temperatureValue)}
        onClick={() => apply({ temperature: clampTemperature(temperatureValue) })}
      >
        {t('ai.setTemperature')}
      </Button>
    </Stack>
  );
}

function LlmRow({
  store,
  module,
  checked,
  onCheck,
  onShow,
  defaultModel,
}: {
  store: BuilderStore;
  module: LlmModule;
  checked: boolean;
  onCheck(checked: boolean): void;
  onShow(): void;
  defaultModel: string | undefined;
}) {
  const { t } = useTranslation('builder');
  const botId = useStore(store, (state) => state.botId);
  const [open, setOpen] = useState(false);
  const name = module.name || module.id;
  const set = (patch: Partial<LlmContent>) =>
    store.getState().apply((flow) => patchLlmModules(flow, [module.id], patch));
  return (
    <>
      <TableRow hover data-llm-module={module.id} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <Checkbox
            checked={checked}
            onChange={(event) => onCheck(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('ai.select', { name }) } }}
          />
        </TableCell>
        <TableCell sx={{ maxWidth: 200 }}>
          <Stack direction="row" alignItems="center" spacing={0.5}>
            <Typography variant="body2" fontWeight={650} noWrap title={name}>
              {name}
            </Typography>
            <Tooltip title={t('ai.show')}>
              <IconButton size="small" onClick={onShow} aria-label={t('ai.showNamed', { name })}>
                <CenterFocusStrongOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </TableCell>
        <TableCell>
          <ModelField
            key={module.content.model}
            value={module.content.model}
            label={t('ai.modelOf', { name })}
            defaultModel={defaultModel}
            onCommit={(model) => set({ model })}
          />
        </TableCell>
        <TableCell>
          <NumberCell
            key={module.content.temperature}
            value={module.content.temperature}
            label={t('ai.temperatureOf', { name })}
            min={0}
            max={2}
            step={0.1}
            onCommit={(temperature) => set({ temperature })}
          />
        </TableCell>
        <TableCell>
          <NumberCell
            key={module.content.maxTokens}
            value={module.content.maxTokens}
            label={t('ai.maxTokensOf', { name })}
            min={1}
            max={8192}
            step={1}
            onCommit={(maxTokens) => set({ maxTokens })}
          />
        </TableCell>
        <TableCell sx={{ maxWidth: 280 }}>
          <Typography
            variant="body2"
            noWrap
            title={module.content.userPrompt}
            sx={{ fontFamily: 'monospace', fontSize: 12.5 }}
          >
            {module.content.userPrompt.split('\n')[0]}
          </Typography>
        </TableCell>
        <TableCell align="right">
          <Button
            size="small"
            onClick={() => setOpen(!open)}
            endIcon={open ? <ExpandLessRounded /> : <ExpandMoreRounded />}
            aria-expanded={open}
            aria-label={t('ai.editNamed', { name })}
          >
            {t('ai.edit')}
          </Button>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={3}
              sx={{ py: 2 }}
              data-llm-editor={module.id}
            >
              <Box sx={{ flex: 1.2, minWidth: 0 }}>
                {/* The module's own editor, as beside the canvas; leaving a field closes its undo step. */}
                <Stack spacing={2} onBlur={() => store.getState().endGesture()}>
                  <WithoutModelWarning>
                    <ModuleContentEditor store={store} module={module} />
                  </WithoutModelWarning>
                </Stack>
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <PromptTest botId={botId} module={module} />
              </Box>
            </Stack>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function AiManagerDialog({ store, onClose }: { store: BuilderStore; onClose(): void }) {
  const { t } = useTranslation('builder');
  const newModule = useNewModule();
  const flow = useStore(store, (state) => state.flow);
  const modules = useMemo(() => llmModulesOf(flow), [flow]);
  const { data: config } = useQuery(frontendConfigQuery);
  const defaultModel = config?.llm.defaultModel;
  const [picked, setPicked] = useState<string[]>([]);
  const selected = picked.filter((id) => modules.some((module) => module.id === id));
  const all = modules.length > 0 && selected.length === modules.length;
  const show = (moduleId: string) => {
    onClose();
    store.getState().focus(moduleId);
  };
  const addOne = () => addModuleInView(store, 'llm', newModule('llm'));
  return (
    <>
      <DialogTitle id="ai-manager-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AutoAwesomeOutlined color="primary" />
        <Box sx={{ flex: 1 }}>{t('ai.title')}</Box>
        <IconButton onClick={onClose} aria-label={t('ai.close')}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {config &&
            (config.llm.configured ? (
              <Typography variant="body2" color="text.secondary">
                {t('ai.configured', { model: config.llm.defaultModel })}
              </Typography>
            ) : (
              <Alert severity="warning">{t('ai.notConfigured')}</Alert>
            ))}
          {modules.length === 0 ? (
            <Stack alignItems="center" spacing={1.5} sx={{ py: 6, textAlign: 'center' }}>
              <Typography variant="subtitle1" fontWeight={700}>
                {t('ai.emptyTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
                {t('ai.emptyBody')}
              </Typography>
              <Button variant="contained" onClick={addOne}>
                {t('ai.addLlm')}
              </Button>
            </Stack>
          ) : (
            <>
              {selected.length > 0 && (
                <BulkBar store={store} selected={selected} defaultModel={defaultModel} />
              )}
              <Table size="small" aria-labelledby="ai-manager-title">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={all}
                        indeterminate={selected.length > 0 && !all}
                        onChange={(event) =>
                          setPicked(event.target.checked ? modules.map((module) => module.id) : [])
                        }
                        slotProps={{ input: { 'aria-label': t('ai.selectAll') } }}
                      />
                    </TableCell>
                    <TableCell>{t('ai.module')}</TableCell>
                    <TableCell>{t('ai.model')}</TableCell>
                    <TableCell>{t('ai.temperature')}</TableCell>
                    <TableCell>{t('ai.maxTokens')}</TableCell>
                    <TableCell>{t('ai.prompt')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {modules.map((module) => (
                    <LlmRow
                      key={module.id}
                      store={store}
                      module={module}
                      checked={selected.includes(module.id)}
                      onCheck={(checked) =>
                        setPicked(
                          checked ? [...selected, module.id] : selected.filter((id) => id !== module.id),
                        )
                      }
                      onShow={() => show(module.id)}
                      defaultModel={defaultModel}
                    />
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Stack>
      </DialogContent>
    </>
  );
}

/** The AI Manager: every LLM module of the bot in one place, edited one by one or together, tried live. */
export function AiManagerButton({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const [open, setOpen] = useState(false);
  const count = useStore(
    store,
    (state) => state.flow.modules.filter((module) => module.type === 'llm').length,
  );
  return (
    <>
      <Tooltip title={t('ai.tooltip', { count })} describeChild>
        <Button
          variant="text"
          color="inherit"
          startIcon={<AutoAwesomeOutlined />}
          onClick={() => setOpen(true)}
          sx={{ color: 'text.secondary', flexShrink: 0 }}
        >
          {t('ai.open')}
        </Button>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="lg"
        aria-labelledby="ai-manager-title"
      >
        {open && <AiManagerDialog store={store} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
