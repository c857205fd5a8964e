import MoreHorizRounded from '@mui/icons-material/MoreHorizRounded';
import RedoRounded from '@mui/icons-material/RedoRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import { IconButton, ListItemText, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
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
      const onCanvas = !target || target === document.body || target.closest('.react-flow') !== null;
      if (command.scope === 'canvas' && !onCanvas) return;
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

/** Every command with its shortcut, in one menu (the same registry as the keyboard). */
export function EditMenu({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Read when the menu opens; the builder's every edit need not re-render it.
  const state = store.getState();
  return (
    <>
      <Tooltip title={t('commands.menu')}>
        <IconButton
          aria-label={t('commands.menu')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreHorizRounded />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': t('commands.menu') } }}
      >
        {builderCommands.map((command) => {
          const shortcut = command.shortcuts[0];
          return (
            <MenuItem
              key={command.id}
              disabled={!command.enabled(state)}
              onClick={() => {
                setAnchor(null);
                command.perform(store);
              }}
              sx={{ minWidth: 260 }}
            >
              <ListItemText>{t(command.labelKey)}</ListItemText>
              {shortcut && (
                <Typography variant="caption" color="text.secondary" sx={{ ml: 3 }}>
                  {shortcutLabel(shortcut, mac)}
                </Typography>
              )}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
