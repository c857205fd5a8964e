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
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type GlobalConnection, globalConnectionSchema, type Trigger } from '@parley/flow';
import { PatternFields, SetVariableActionsEditor, WordsField } from '@parley/modules/panels';
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
import { triggerSummary } from '../model/triggers';
import { useValidDraft } from '../model/valid-draft';

const triggerTypes = ['keyword', 'regex', 'intent', 'postback'] as const;

function triggerOfType(type: Trigger['type'], intents: string[]): Trigger {
  switch (type) {
    case 'keyword':
      return { type, keywords: ['help'], match: 'exact' };
    case 'regex':
      return { type, pattern: '^help', flags: 'i' };
    case 'intent':
      return { type, intent: intents[0] ?? '', threshold: 0.5 };
    case 'postback':
      return { type, payload: '' };
  }
}

function TriggerFields({
  trigger,
  onChange,
  errors,
  intents,
}: {
  trigger: Trigger;
  onChange(trigger: Trigger): void;
  errors: Record<string, string>;
  intents: string[];
}) {
  const { t } = useTranslation('builder');
  const error = (field: string) => errors[`trigger.${field}`];
  return (
    <>
      <TextField
        select
        size="small"
        label={t('globals.trigger')}
        value={trigger.type}
        onChange={(event) =>
          event.target.value !== trigger.type &&
          onChange(triggerOfType(event.target.value as Trigger['type'], intents))
        }
      >
        {triggerTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`globals.triggerType.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {trigger.type === 'keyword' && (
        <>
          <WordsField
            label={t('globals.keywords')}
            value={trigger.keywords}
            onChange={(keywords) => onChange({ ...trigger, keywords })}
            error={error('keywords')}
          />
          <TextField
            select
            size="small"
            label={t('globals.match')}
            value={trigger.match}
            onChange={(event) => onChange({ ...trigger, match: event.target.value as 'exact' | 'contains' })}
          >
            <MenuItem value="exact">{t('globals.matchExact')}</MenuItem>
            <MenuItem value="contains">{t('globals.matchContains')}</MenuItem>
          </TextField>
        </>
      )}
      {trigger.type === 'regex' && (
        <PatternFields
          pattern={trigger.pattern}
          flags={trigger.flags}
          onChange={(pattern) => onChange({ ...trigger, ...pattern })}
          errors={errors}
          path="trigger"
        />
      )}
      {trigger.type === 'intent' && (
        <TextField
          select
          size="small"
          label={t('globals.intent')}
          value={trigger.intent}
          onChange={(event) => onChange({ ...trigger, intent: event.target.value })}
          error={Boolean(error('intent'))}
          helperText={error('intent') ?? (intents.length === 0 ? t('globals.noIntents') : undefined)}
        >
          {intents.map((intent) => (
            <MenuItem key={intent} value={intent}>
              {intent}
            </MenuItem>
          ))}
        </TextField>
      )}
      {trigger.type === 'postback' && (
        <TextField
          size="small"
          label={t('globals.payload')}
          value={trigger.payload}
          onChange={(event) => onChange({ ...trigger, payload: event.target.value })}
          error={Boolean(error('payload'))}
          helperText={error('payload') ?? t('globals.payloadHelp')}
        />
      )}
    </>
  );
}

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
