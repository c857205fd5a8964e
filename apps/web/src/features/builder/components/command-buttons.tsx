import RedoRounded from '@mui/icons-material/RedoRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { builderCommands, commandById, shortcutLabel, shortcutOf } from '../model/commands';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const icons: Record<string, typeof UndoRounded> = { undo: UndoRounded, redo: RedoRounded };

/** Runs commands from their shortcuts, except while someone types in a field. */
export function useCommandShortcuts(store: BuilderStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const shortcut = shortcutOf(event);
      const command = builderCommands.find((candidate) => candidate.shortcuts.includes(shortcut));
      if (!command) return;
      event.preventDefault();
      if (command.enabled(store.getState())) command.perform(store);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}

function CommandButton({ store, id }: { store: BuilderStore; id: string }) {
  const { t } = useTranslation('builder');
  const command = commandById(id);
  const enabled = useStore(store, (state) => command?.enabled(state) ?? false);
  if (!command) return null;
  const Icon = icons[id] ?? UndoRounded;
  const label = t(command.labelKey);
  const shortcut = command.shortcuts[0];
  return (
    <Tooltip title={shortcut ? `${label} (${shortcutLabel(shortcut, mac)})` : label}>
      <span>
        <IconButton aria-label={label} disabled={!enabled} onClick={() => command.perform(store)}>
          <Icon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function CommandButtons({ store }: { store: BuilderStore }) {
  return (
    <Stack direction="row">
      <CommandButton store={store} id="undo" />
      <CommandButton store={store} id="redo" />
    </Stack>
  );
}
