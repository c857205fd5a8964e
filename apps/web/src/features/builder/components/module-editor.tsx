import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Divider,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Finding, FlowModule } from '@parley/flow';
import { definitionOf } from '@parley/modules';
import {
  moduleLooks,
  type PanelHost,
  PanelHostProvider,
  panelOf,
  usePanelHost,
} from '@parley/modules/panels';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { useDebugger } from '../model/debugger';
import { removeModules, updateModule } from '../model/flow-edits';
import { addIntent } from '../model/intents';
import { useModuleWords } from '../model/module-words';
import { useValidDraft } from '../model/valid-draft';

/** The module's tags, picked from the bot's (created in the Tags panel). */
function ModuleTags({ store, module }: { store: BuilderStore; module: FlowModule }) {
  const { t } = useTranslation('builder');
  const tags = useStore(store, (state) => state.flow.tags);
  if (tags.length === 0) return null;
  const value = tags.filter((tag) => module.tags.includes(tag.id));
  return (
    <Autocomplete
      multiple
      options={tags}
      value={value}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_, chosen) =>
        store.getState().apply((flow) => updateModule(flow, module.id, { tags: chosen.map((tag) => tag.id) }))
      }
      renderOption={(props, tag) => (
        <li {...props} key={tag.id}>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: tag.color, mr: 1 }} />
          {tag.name}
        </li>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={tag.name}
              {...itemProps}
              sx={{ bgcolor: `${tag.color}22`, color: tag.color, fontWeight: 600 }}
            />
          );
        })
      }
      renderInput={(params) => <TextField {...params} size="small" label={t('editor.tags')} />}
    />
  );
}

function Findings({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <Stack spacing={1}>
      {findings.map((finding, index) => (
        <Alert
          // Findings of one module have no ids; their order is stable for a given document.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          severity={finding.severity}
          icon={finding.severity === 'error' ? <ErrorOutlineRounded /> : <WarningAmberRounded />}
          sx={{ py: 0 }}
        >
          {finding.message}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * A module's editor: name, goal, its type's panel and what the validator says about it. Beside the
 * canvas (`layout="side"`) or as its own page (`layout="page"`).
 */
export function ModuleEditor({
  store,
  moduleId,
  findings,
  layout,
  onClose,
}: {
  store: BuilderStore;
  moduleId: string;
  findings: Finding[];
  layout: 'side' | 'page';
  onClose?: () => void;
}) {
  const module = useStore(store, (state) =>
    state.flow.modules.find((candidate) => candidate.id === moduleId),
  );
  const isStart = useStore(store, (state) => state.flow.startModuleId === moduleId);
  const moduleFindings = useMemo(
    () => findings.filter((finding) => finding.moduleId === moduleId),
    [findings, moduleId],
  );
  if (!module) return null;
  return (
    <ModuleEditorBody
      // A different module starts a fresh draft.
      key={module.id}
      store={store}
      module={module}
      isStart={isStart}
      findings={moduleFindings}
      layout={layout}
      onClose={onClose}
    />
  );
}

/**
 * The module type's own editor panel (its folder in packages/modules) on the module's content:
 * valid drafts reach the document, each field's typing one undo step.
 */
export function ModuleContentEditor({ store, module }: { store: BuilderStore; module: FlowModule }) {
  const Panel = panelOf(module.type);
  const gesture = `content:${module.id}`;
  const { draft, change, errors } = useValidDraft<unknown>(
    module.content,
    definitionOf(module.type).content,
    (content) => store.getState().apply((flow) => updateModule(flow, module.id, { content }), gesture),
  );
  const host = usePanelHost();
  // An intent created from this module's panel is part of the same edit: one undo step takes both.
  const moduleHost = useMemo<PanelHost>(
    () => ({
      ...host,
      createIntent: (name) => store.getState().apply((flow) => addIntent(flow, name), gesture),
    }),
    [host, store, gesture],
  );
  return (
    <PanelHostProvider value={moduleHost}>
      <Panel options={draft} onOptionsChange={change} errors={errors} />
    </PanelHostProvider>
  );
}

interface EditorBodyProps {
  store: BuilderStore;
  module: FlowModule;
  isStart: boolean;
  findings: Finding[];
  layout: 'side' | 'page';
  onClose?: () => void;
}

/** Moving a module (a drag) changes nothing its editor shows. */
const sameButPosition = (before: EditorBodyProps, after: EditorBodyProps) =>
  before.module.content === after.module.content &&
  before.module.name === after.module.name &&
  before.module.tags === after.module.tags &&
  before.module.isGoal === after.module.isGoal &&
  before.module.goalValue === after.module.goalValue &&
  before.isStart === after.isStart &&
  before.findings === after.findings &&
  before.layout === after.layout &&
  before.onClose === after.onClose &&
  before.store === after.store;

const ModuleEditorBody = memo(function ModuleEditorBody({
  store,
  module,
  isStart,
  findings,
  layout,
  onClose,
}: EditorBodyProps) {
  const { t } = useTranslation('builder');
  const words = useModuleWords();
  const debug = useDebugger();
  const typeName = words.typeName(module.type);
  const { icon: Icon, color } = moduleLooks[module.type];
  const apply = store.getState().apply;
  const edit = (patch: Parameters<typeof updateModule>[2], gesture: string) =>
    apply((flow) => updateModule(flow, module.id, patch), `${gesture}:${module.id}`);
  return (
    <Stack
      component="section"
      aria-label={t('editor.title', { name: module.name || module.id })}
      data-module-editor={module.id}
      // Each field's typing is one undo step: leaving a field closes it.
      onBlur={() => store.getState().endGesture()}
      sx={{ height: '100%', minHeight: 0 }}
    >
      <Stack direction="row" spacing={1.25} alignItems="center" sx={{ px: 2, py: 1.5 }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 32,
            height: 32,
            borderRadius: 2,
            bgcolor: `${color}1a`,
            color,
            flexShrink: 0,
          }}
        >
          <Icon fontSize="small" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" sx={{ color, fontWeight: 700, display: 'block', lineHeight: 1.2 }}>
            {typeName}
            {isStart ? ` · ${t('start')}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {module.id}
          </Typography>
        </Box>
        {layout === 'side' && (
          <Tooltip title={t('debugger.testFromHere')}>
            <IconButton
              onClick={() => {
                store.getState().setTool('debug');
                void debug.getState().start(module.id);
              }}
              aria-label={t('debugger.testFromHere')}
              size="small"
            >
              <PlayCircleOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {layout === 'side' && (
          <Tooltip title={t('editor.openFullPage')}>
            <IconButton
              component={RouterLink}
              to={`module/${encodeURIComponent(module.id)}/settings`}
              aria-label={t('editor.openFullPage')}
              size="small"
            >
              <OpenInFullRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {onClose && (
          <Tooltip title={t('editor.close')}>
            <IconButton onClick={onClose} aria-label={t('editor.close')} size="small">
              <CloseRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Divider />
      <Stack spacing={2} sx={{ p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}>
        <Findings findings={findings} />
        <TextField
          label={t('editor.name')}
          size="small"
          value={module.name}
          onChange={(event) => edit({ name: event.target.value.slice(0, 120) }, 'name')}
          placeholder={typeName}
        />
        <ModuleTags store={store} module={module} />
        <ModuleContentEditor store={store} module={module} />
        <Divider />
        <Stack direction="row" spacing={1} alignItems="center">
          <FormControlLabel
            sx={{ flex: 1 }}
            control={
              <Switch
                checked={module.isGoal}
                onChange={(event) => edit({ isGoal: event.target.checked }, 'goal')}
              />
            }
            label={t('editor.goal')}
          />
          {module.isGoal && (
            <TextField
              label={t('editor.goalValue')}
              type="number"
              size="small"
              sx={{ width: 140 }}
              value={module.goalValue ?? ''}
              onChange={(event) => {
                const value = event.target.value === '' ? undefined : Number(event.target.value);
                if (value === undefined || (Number.isFinite(value) && value >= 0))
                  edit({ goalValue: value }, 'goalValue');
              }}
              slotProps={{
                htmlInput: { min: 0, step: 1 },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
          )}
        </Stack>
        {!isStart && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineRounded />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              apply((flow) => removeModules(flow, [module.id]));
              onClose?.();
            }}
          >
            {t('editor.delete')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}, sameButPosition);
