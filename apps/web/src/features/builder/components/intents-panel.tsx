import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { Intent } from '@parley/flow';
import { intentNameSchema, toIntentName } from '@parley/modules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { addIntent, intentUses, MAX_INTENTS, removeIntent, renameIntent } from '../model/intents';
import { DeleteIntentDialog, usesOf } from './delete-intent-dialog';
import { IntentPhrases } from './intent-phrases';
import { IntentTryBox } from './intent-try-box';
import { IntentsCsvButtons } from './intents-csv-buttons';
import { NamedListItem, NameForm } from './named-list-item';

/** Why a name cannot be given to an intent, if it cannot. */
function useNameProblem() {
  const { t } = useTranslation('builder');
  return (name: string, taken: string[]): string | undefined => {
    if (!intentNameSchema.safeParse(name).success) return t('intents.invalidName');
    if (taken.includes(name)) return t('intents.taken');
    return undefined;
  };
}

function IntentItem({ store, intent, names }: { store: BuilderStore; intent: Intent; names: string[] }) {
  const { t } = useTranslation('builder');
  const opened = useStore(store, (state) => state.openedIntent);
  // A count, so that moving modules around does not redraw the list.
  const used = useStore(store, (state) => {
    const uses = intentUses(state.flow, intent.name);
    return uses.routers.length + uses.globals.length;
  });
  const [open, setOpen] = useState(false);
  const [newName, setNewName] = useState(intent.name);
  const [confirming, setConfirming] = useState(false);
  const nameProblem = useNameProblem();
  const box = useRef<HTMLDivElement>(null);
  const apply = store.getState().apply;
  const wanted = toIntentName(newName);
  const problem = wanted === intent.name ? undefined : nameProblem(wanted, names);

  // A router's editor asked for this intent: open it and bring it into view.
  // Another one asked for closes this one, so the list stays short.
  useEffect(() => {
    if (!opened) return;
    setOpen(opened.name === intent.name);
    if (opened.name === intent.name) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [opened, intent.name]);
  useEffect(() => setNewName(intent.name), [intent.name]);

  const remove = () => {
    setConfirming(false);
    apply((flow) => removeIntent(flow, intent.name));
  };
  return (
    <>
      <NamedListItem
        name={intent.name}
        caption={t('intents.phrases', { count: intent.utterances.length })}
        captionColor={intent.utterances.length === 0 ? 'warning.main' : undefined}
        chips={
          used > 0 && <Chip size="small" variant="outlined" label={t('intents.used', { count: used })} />
        }
        open={open}
        onToggle={() => setOpen(!open)}
        openLabel={t('intents.open', { name: intent.name })}
        collapseLabel={t('intents.collapse')}
        boxRef={box}
      >
        <NameForm
          label={t('intents.name')}
          value={newName}
          onChange={setNewName}
          maxLength={100}
          problem={problem}
          helperText={
            wanted !== newName.trim() && !problem
              ? t('intents.willBe', { name: wanted })
              : used > 0
                ? t('intents.renameHelp')
                : undefined
          }
          ready={!problem && wanted !== intent.name}
          action={t('intents.rename')}
          onSubmit={() => {
            apply((flow) => renameIntent(flow, intent.name, wanted));
            // The list is keyed by name: keep the renamed intent open.
            store.getState().openIntent(wanted);
          }}
        />
        <IntentPhrases store={store} intent={intent} />
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineRounded />}
          sx={{ alignSelf: 'flex-start' }}
          aria-label={t('intents.deleteNamed', { name: intent.name })}
          onClick={() => (used > 0 ? setConfirming(true) : remove())}
        >
          {t('intents.delete')}
        </Button>
      </NamedListItem>
      {confirming && (
        <DeleteIntentDialog
          name={intent.name}
          uses={usesOf(store.getState().flow, intent.name)}
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
        />
      )}
    </>
  );
}

/**
 * The bot's intents: create, rename (routers follow), delete (asking first when something uses
 * one), their training phrases, CSV import and export, and a box to try a message on them.
 */
export function IntentsPanel({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const intents = useStore(store, (state) => state.flow.intents);
  const names = intents.map((intent) => intent.name);
  const [newName, setNewName] = useState('');
  const nameProblem = useNameProblem();
  // What people type (opening hours, envíos) becomes an intent name (opening_hours, envios).
  const wanted = toIntentName(newName);
  const problem = newName.trim() ? nameProblem(wanted, names) : undefined;
  const full = intents.length >= MAX_INTENTS;
  return (
    <Stack sx={{ minHeight: '100%' }}>
      <Stack spacing={1.5} sx={{ p: 2, flex: 1 }}>
        <NameForm
          label={t('intents.newIntent')}
          value={newName}
          onChange={setNewName}
          maxLength={100}
          problem={problem}
          helperText={
            full
              ? t('intents.full', { limit: MAX_INTENTS })
              : wanted && wanted !== newName.trim()
                ? t('intents.willBe', { name: wanted })
                : t('intents.nameHelp')
          }
          ready={Boolean(wanted) && !problem && !full}
          action={t('intents.create')}
          onSubmit={() => {
            store.getState().apply((flow) => addIntent(flow, wanted));
            store.getState().openIntent(wanted);
            setNewName('');
          }}
        />
        <IntentsCsvButtons store={store} />
        {intents.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('intents.none')}
          </Typography>
        )}
        {intents.map((intent) => (
          <IntentItem key={intent.name} store={store} intent={intent} names={names} />
        ))}
      </Stack>
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          // Above the fields' floating labels of the list scrolling under it.
          zIndex: 2,
          p: 2,
          borderTop: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <IntentTryBox store={store} />
      </Box>
    </Stack>
  );
}
