import type { BuilderState, BuilderStore } from './builder-store';

/**
 * An editing command, registered once and shared by the toolbar, menus and the keyboard.
 * Shortcuts: `mod` is Ctrl, or ⌘ on a Mac.
 */
export interface BuilderCommand {
  id: string;
  /** Key in the builder's translations. */
  labelKey: string;
  shortcuts: string[];
  enabled(state: BuilderState): boolean;
  perform(store: BuilderStore): void;
}

export const builderCommands: BuilderCommand[] = [
  {
    id: 'undo',
    labelKey: 'commands.undo',
    shortcuts: ['mod+z'],
    enabled: (state) => state.past.length > 0,
    perform: (store) => store.getState().undo(),
  },
  {
    id: 'redo',
    labelKey: 'commands.redo',
    shortcuts: ['mod+shift+z', 'mod+y'],
    enabled: (state) => state.future.length > 0,
    perform: (store) => store.getState().redo(),
  },
  {
    id: 'find',
    labelKey: 'commands.find',
    shortcuts: ['mod+f'],
    enabled: () => true,
    perform: (store) => {
      store.getState().setTool('find');
      // The panel may already be open: put the cursor in its field either way.
      requestAnimationFrame(() => document.getElementById('builder-find')?.focus());
    },
  },
];

export const commandById = (id: string) => builderCommands.find((command) => command.id === id);

/** The shortcut a key press makes, e.g. `mod+shift+z`. */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): string {
  const parts = [];
  if (event.ctrlKey || event.metaKey) parts.push('mod');
  if (event.altKey) parts.push('alt');
  if (event.shiftKey) parts.push('shift');
  parts.push(event.key.toLowerCase());
  return parts.join('+');
}

/** How a shortcut reads on this machine (⌘ on a Mac). */
export function shortcutLabel(shortcut: string, mac: boolean): string {
  return shortcut
    .split('+')
    .map((part) =>
      part === 'mod' ? (mac ? '⌘' : 'Ctrl') : part === 'shift' ? (mac ? '⇧' : 'Shift') : part.toUpperCase(),
    )
    .join(mac ? '' : '+');
}
