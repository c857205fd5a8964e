import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { SYSTEM_VARIABLES } from '@parley/engine/builder';
import { variableNameSchema } from '@parley/modules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { useSchemaMessage } from '../model/schema-messages';
import { declareVariable, renameVariable, undeclareVariable, type VariableUsage } from '../model/variables';
import { NamedListItem, NameForm } from './named-list-item';

/** Why a new name cannot be used, if it cannot. */
function nameProblem(
  name: string,
  taken: string[],
  t: (key: string) => string,
  schemaMessage: (message: string) => string,
): string | undefined {
  const parsed = variableNameSchema.safeParse(name);
  if (!parsed.success) return schemaMessage(parsed.error.issues[0]?.message ?? '');
  if (taken.includes(name)) return t('variables.taken');
  return undefined;
}

/** A starting value as typed: JSON when it parses (42, true, "text", [1]), the text itself otherwise. */
function parseDefault(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function Places({ store, ids, label }: { store: BuilderStore; ids: string[]; label: string }) {
  const { t } = useTranslation('builder');
  const modules = useStore(store, (state) => state.flow.modules);
  const globals = useStore(store, (state) => state.flow.globalConnections);
  if (ids.length === 0) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" fontWeight={700}>
        {label}
      </Typography>
      <Stack direction="row" flexWrap="wrap" gap={0.5} sx={{ mt: 0.25 }}>
        {ids.map((id) => {
          if (id.startsWith('global:')) {
            const global = globals.find((candidate) => `global:${candidate.id}` === id);
            return (
              <Chip
                key={id}
                size="small"
                variant="outlined"
                label={t('variables.inGlobal', { name: global?.name || global?.id })}
                onClick={() => store.getState().setTool('globals')}
              />
            );
          }
          const module = modules.find((candidate) => candidate.id === id);
          return (
            <Chip
              key={id}
              size="small"
              label={module?.name || id}
              onClick={() => store.getState().focus(id)}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

function VariableItem({
  store,
  usage,
  names,
}: {
  store: BuilderStore;
  usage: VariableUsage;
  names: string[];
}) {
  const { t } = useTranslation('builder');
  const schemaMessage = useSchemaMessage();
  const declaration = useStore(store, (state) =>
    state.flow.variables.find((variable) => variable.name === usage.name),
  );
  const [open, setOpen] = useState(false);
  const [newName, setNewName] = useState(usage.name);
  const [startText, setStartText] = useState(() => (declaration ? JSON.stringify(declaration.default) : ''));
  const [description, setDescription] = useState(declaration?.description ?? '');
  const apply = store.getState().apply;
  const problem = newName === usage.name ? undefined : nameProblem(newName, names, t, schemaMessage);
  return (
    <NamedListItem
      name={usage.name}
      caption={t('variables.usage', { set: usage.setIn.length, read: usage.readIn.length })}
      chips={
        <>
          {!usage.declared && usage.setIn.length === 0 && (
            <Chip size="small" color="warning" variant="outlined" label={t('variables.neverSet')} />
          )}
          {usage.declared && <Chip size="small" variant="outlined" label={t('variables.declared')} />}
        </>
      }
      open={open}
      onToggle={() => setOpen(!open)}
      openLabel={t('variables.open', { name: usage.name })}
      collapseLabel={t('variables.collapse')}
    >
      <Places store={store} ids={usage.setIn} label={t('variables.setIn')} />
      <Places store={store} ids={usage.readIn} label={t('variables.readIn')} />
      <NameForm
        label={t('variables.name')}
        value={newName}
        onChange={setNewName}
        problem={problem}
        helperText={t('variables.renameHelp')}
        ready={!problem && newName !== usage.name}
        action={t('variables.rename')}
        onSubmit={() => apply((flow) => renameVariable(flow, usage.name, newName))}
      />
      <TextField
        size="small"
        label={t('variables.startValue')}
        value={startText}
        onChange={(event) => setStartText(event.target.value)}
        helperText={t('variables.startValueHelp')}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextField
        size="small"
        label={t('variables.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value.slice(0, 500))}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          onClick={() =>
            apply((flow) =>
              declareVariable(flow, {
                name: usage.name,
                default: parseDefault(startText) as never,
                description,
              }),
            )
          }
        >
          {usage.declared ? t('variables.saveDeclaration') : t('variables.declare')}
        </Button>
        {usage.declared && (
          <Button
            size="small"
            color="error"
            onClick={() => apply((flow) => undeclareVariable(flow, usage.name))}
          >
            {t('variables.undeclare')}
          </Button>
        )}
      </Stack>
    </NamedListItem>
  );
}

/**
 * The conversation variable explorer: every variable declared or used, where it is set and read
 * (a click jumps there), declare and rename (every reference follows), and the system variables.
 */
export function VariablesPanel({ store, usages }: { store: BuilderStore; usages: VariableUsage[] }) {
  const { t } = useTranslation('builder');
  const schemaMessage = useSchemaMessage();
  const names = usages.map((usage) => usage.name);
  const declared = usages.filter((usage) => usage.declared).map((usage) => usage.name);
  const [newName, setNewName] = useState('');
  // A name the flow already uses without declaring it is declared here, not refused.
  const problem = newName ? nameProblem(newName, declared, t, schemaMessage) : undefined;
  const usedUndeclared = !problem && names.includes(newName);
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <NameForm
        label={t('variables.newVariable')}
        value={newName}
        onChange={setNewName}
        problem={problem}
        helperText={usedUndeclared ? t('variables.declaresUsed') : undefined}
        ready={Boolean(newName) && !problem}
        action={t('variables.declare')}
        onSubmit={() => {
          store
            .getState()
            .apply((flow) => declareVariable(flow, { name: newName, default: null, description: '' }));
          setNewName('');
        }}
      />
      {usages.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('variables.none')}
        </Typography>
      )}
      {usages.map((usage) => (
        <VariableItem key={usage.name} store={store} usage={usage} names={names} />
      ))}
      <Typography variant="overline" color="text.secondary" sx={{ pt: 1 }}>
        {t('variables.system')}
      </Typography>
      {SYSTEM_VARIABLES.map((name) => (
        <Box key={name}>
          <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, monospace' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`variables.systemHelp.${name.replace('.', '_')}`)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
