import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import {
  Autocomplete,
  Box,
  Button,
  Collapse,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type GlobalConnection, globalConnectionSchema, triggerSummary } from '@parley/flow';
import { SetVariableActionsEditor } from '@parley/modules/panels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import {
  addGlobalConnection,
  cloneGlobalConnection,
  removeGlobalConnection,
  updateGlobalConnection,
} from '../model/flow-edits';
import { useValidDraft } from '../model/valid-draft';
import { TriggerFields } from './trigger-fields';

function GlobalConnectionEditor({ store, global }: { store: BuilderStore; global: GlobalConnection }) {
  const { t } = useTranslation('builder');
  const modules = useStore(store, (state) => state.flow.modules);
  const intents = useStore(store, (state) => state.flow.intents).map((intent) => intent.name);
  const { draft, change, errors } = useValidDraft(global, globalConnectionSchema, (valid) =>
    store.getState().apply((flow) => updateGlobalConnection(flow, global.id, valid), `global:${global.id}`),
  );
  const current = draft as GlobalConnection;
  const set = (patch: Partial<GlobalConnection>) => change({ ...current, ...patch });
  const target = modules.find((module) => module.id === current.target) ?? null;
  return (
    <Stack spacing={1.5} sx={{ pt: 1.5 }} onBlur={() => store.getState().endGesture()}>
      <TextField
        size="small"
        label={t('globals.name')}
        value={current.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TriggerFields
        trigger={current.trigger}
        onChange={(trigger) => set({ trigger })}
        errors={errors}
        intents={intents}
      />
      <Autocomplete
        options={modules}
        value={target}
        getOptionLabel={(module) => module.name || module.id}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_, module) => module && set({ target: module.id })}
        renderOption={(props, module) => (
          <li {...props} key={module.id}>
            <Stack>
              <Typography variant="body2">{module.name || module.id}</Typography>
              <Typography variant="caption" color="text.secondary">
                {module.id}
              </Typography>
            </Stack>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t('globals.target')}
            error={!target}
            helperText={target ? undefined : t('globals.targetMissing')}
          />
        )}
      />
      <TextField
        size="small"
        type="number"
        label={t('globals.priority')}
        value={Number.isNaN(current.priority) ? '' : current.priority}
        onChange={(event) =>
          set({ priority: event.target.value === '' ? Number.NaN : Number(event.target.value) })
        }
        error={Boolean(errors.priority)}
        helperText={errors.priority ?? t('globals.priorityHelp')}
      />
      <Typography variant="overline" color="text.secondary">
        {t('globals.actions')}
      </Typography>
      <SetVariableActionsEditor
        actions={current.actions.map(({ variable, value }) => ({ variable, value }))}
        onChange={(actions) =>
          set({ actions: actions.map((action) => ({ type: 'set_variable', ...action })) })
        }
        errors={errors}
        path="actions"
      />
      <Button
        color="error"
        size="small"
        startIcon={<DeleteOutlineRounded />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => store.getState().apply((flow) => removeGlobalConnection(flow, global.id))}
      >
        {t('globals.delete')}
      </Button>
    </Stack>
  );
}

/**
 * Global connections: checked on every message before the waiting module; a match applies its
 * actions and jumps. List, add, edit, enable, clone, and draw them on the canvas.
 */
export function GlobalConnectionsPanel({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const globals = useStore(store, (state) => state.flow.globalConnections);
  const modules = useStore(store, (state) => state.flow.modules);
  const showGlobals = useStore(store, (state) => state.showGlobals);
  const [open, setOpen] = useState<string | null>(null);
  const apply = store.getState().apply;
  const nameOf = (id: string) => {
    const module = modules.find((candidate) => candidate.id === id);
    return module ? module.name || module.id : t('globals.missingModule');
  };
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('globals.help')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={showGlobals}
            onChange={(event) => store.getState().setShowGlobals(event.target.checked)}
          />
        }
        label={t('globals.showOnCanvas')}
      />
      {globals.map((global) => {
        const label = global.name || triggerSummary(global.trigger);
        const expanded = open === global.id;
        return (
          <Box
            key={global.id}
            role="group"
            aria-label={label}
            data-global-id={global.id}
            sx={{
              border: '1px solid',
              borderColor: expanded ? 'primary.main' : 'divider',
              borderRadius: 2,
              p: 1.25,
              bgcolor: 'background.paper',
              opacity: global.enabled ? 1 : 0.65,
            }}
          >
            <Stack direction="row" alignItems="center" spacing={0.5}>
              <Box
                sx={{ flex: 1, minWidth: 0, cursor: 'pointer' }}
                onClick={() => setOpen(expanded ? null : global.id)}
              >
                <Typography variant="body2" fontWeight={650} noWrap>
                  {label}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {triggerSummary(global.trigger)} → {nameOf(global.target)}
                </Typography>
              </Box>
              <Tooltip title={global.enabled ? t('globals.disable') : t('globals.enable')}>
                <Switch
                  size="small"
                  checked={global.enabled}
                  slotProps={{ input: { 'aria-label': t('globals.enabled', { name: label }) } }}
                  onChange={(event) =>
                    apply((flow) =>
                      updateGlobalConnection(flow, global.id, { ...global, enabled: event.target.checked }),
                    )
                  }
                />
              </Tooltip>
              <Tooltip title={t('globals.clone')}>
                <IconButton
                  size="small"
                  aria-label={t('globals.cloneNamed', { name: label })}
                  onClick={() => {
                    const copy = cloneGlobalConnection(
                      store.getState().flow,
                      global.id,
                      t('globals.copySuffix'),
                    );
                    apply(() => copy.flow);
                    setOpen(copy.id);
                  }}
                >
                  <ContentCopyRounded fontSize="small" />
                </IconButton>
              </Tooltip>
              <IconButton
                size="small"
                aria-label={expanded ? t('globals.collapse') : t('globals.edit', { name: label })}
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : global.id)}
              >
                {expanded ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
              </IconButton>
            </Stack>
            <Collapse in={expanded} unmountOnExit>
              <GlobalConnectionEditor store={store} global={global} />
            </Collapse>
          </Box>
        );
      })}
      {globals.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('globals.none')}
        </Typography>
      )}
      <Button
        variant="outlined"
        size="small"
        onClick={() => {
          const state = store.getState();
          const added = addGlobalConnection(state.flow, state.selected[0] ?? state.flow.startModuleId, '');
          apply(() => added.flow);
          setOpen(added.id);
        }}
      >
        {t('globals.add')}
      </Button>
    </Stack>
  );
}
