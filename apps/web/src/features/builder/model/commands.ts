import type { BuilderState, BuilderStore } from './builder-store';
import { copyModules, pasteModules, readClipboard, writeClipboard } from './clipboard';
import { disconnect, removeModules, topLeftOf } from './flow-edits';
import { alignModules, autoLayout } from './layout';
import { groupBox } from './module-layout';
import { pasteCorner } from './paste-placement';

/**
 * An editing command, registered once and shared by the toolbar, the Edit menu and the keyboard.
 * Shortcuts: `mod` is Ctrl, or ⌘ on a Mac. `perform` edits through the store (one undo step).
 */
export interface BuilderCommand {
  id: string;
  /** Key in the builder's translations. */
  labelKey: string;
  shortcuts: string[];
  /** Canvas commands' shortcuts act only while the canvas has the focus (not in a side panel). */
  scope: 'canvas' | 'builder';
  enabled(state: BuilderState): boolean;
  perform(store: BuilderStore): void;
}

/** The Find panel's field, which the Find command puts the cursor in. */
export const FIND_INPUT_ID = 'builder-find';

const hasSelection = (state: BuilderState) => state.selected.length > 0;
/** The start module can be copied but never removed. */
const hasRemovable = (state: BuilderState) =>
  state.selected.some((id) => id !== state.flow.startModuleId) || state.selectedConnections.length > 0;

function copySelection(store: BuilderStore): boolean {
  const state = store.getState();
  const clip = copyModules(state.flow, state.selected, state.botId);
  if (clip) writeClipboard(clip);
  return clip !== null;
}

function removeSelection(store: BuilderStore): void {
  const { selected, selectedConnections } = store.getState();
  store.getState().apply((flow) => disconnect(removeModules(flow, selected), selectedConnections));
  store.getState().select(selected.filter((id) => id === store.getState().flow.startModuleId));
  store.getState().selectConnections([]);
}

/** Pastes at the pointer, or in the middle of the view, always wholly in view (see pasteCorner). */
function paste(store: BuilderStore): void {
  const clip = readClipboard();
  if (!clip) return;
  const state = store.getState();
  const spot = state.canvas?.pasteSpot();
  const corner = spot ? pasteCorner(groupBox(clip.modules), spot.view, spot.pointer) : { x: 0, y: 0 };
  const result = pasteModules(state.flow, clip, corner);
  state.apply(() => result.flow);
  state.select(result.ids);
}

export const builderCommands: BuilderCommand[] = [
  {
    id: 'undo',
    scope: 'builder',
    labelKey: 'commands.undo',
    shortcuts: ['mod+z'],
    enabled: (state) => state.past.length > 0,
    perform: (store) => store.getState().undo(),
  },
  {
    id: 'redo',
    scope: 'builder',
    labelKey: 'commands.redo',
    shortcuts: ['mod+shift+z', 'mod+y'],
    enabled: (state) => state.future.length > 0,
    perform: (store) => store.getState().redo(),
  },
  {
    id: 'cut',
    scope: 'canvas',
    labelKey: 'commands.cut',
    shortcuts: ['mod+x'],
    enabled: hasRemovable,
    perform: (store) => {
      if (copySelection(store)) removeSelection(store);
    },
  },
  {
    id: 'copy',
    scope: 'canvas',
    labelKey: 'commands.copy',
    shortcuts: ['mod+c'],
    enabled: hasSelection,
    perform: (store) => void copySelection(store),
  },
  {
    id: 'paste',
    scope: 'canvas',
    labelKey: 'commands.paste',
    shortcuts: ['mod+v'],
    // The clipboard may have been filled in another tab: always worth a try.
    enabled: () => true,
    perform: (store) => paste(store),
  },
  {
    id: 'duplicate',
    scope: 'canvas',
    labelKey: 'commands.duplicate',
    shortcuts: ['mod+d'],
    enabled: hasSelection,
    perform: (store) => {
      const state = store.getState();
      const clip = copyModules(state.flow, state.selected, state.botId);
      if (!clip) return;
      const corner = topLeftOf(clip.modules);
      const result = pasteModules(state.flow, clip, { x: corner.x + 40, y: corner.y + 40 });
      state.apply(() => result.flow);
      state.select(result.ids);
    },
  },
  {
    id: 'delete',
    scope: 'canvas',
    labelKey: 'commands.delete',
    shortcuts: ['delete', 'backspace'],
    enabled: hasRemovable,
    perform: removeSelection,
  },
  {
    id: 'selectAll',
    scope: 'canvas',
    labelKey: 'commands.selectAll',
    shortcuts: ['mod+a'],
    enabled: (state) => state.flow.modules.length > 0,
    perform: (store) => store.getState().select(store.getState().flow.modules.map((module) => module.id)),
  },
  {
    id: 'autoLayout',
    scope: 'canvas',
    labelKey: 'commands.autoLayout',
    shortcuts: ['mod+shift+l'],
    enabled: (state) => state.flow.modules.length > 1,
    perform: (store) => {
      const state = store.getState();
      const only = state.selected.length > 1 ? new Set(state.selected) : undefined;
      state.apply((flow) => autoLayout(flow, (id) => state.canvas?.sizeOf(id), only));
    },
  },
  {
    id: 'alignLeft',
    scope: 'canvas',
    labelKey: 'commands.alignLeft',
    shortcuts: ['alt+shift+arrowleft'],
    enabled: (state) => state.selected.length > 1,
    perform: (store) =>
      store.getState().apply((flow) => alignModules(flow, store.getState().selected, 'left')),
  },
  {
    id: 'alignTop',
    scope: 'canvas',
    labelKey: 'commands.alignTop',
    shortcuts: ['alt+shift+arrowup'],
    enabled: (state) => state.selected.length > 1,
    perform: (store) =>
      store.getState().apply((flow) => alignModules(flow, store.getState().selected, 'top')),
  },
  {
    id: 'find',
    scope: 'builder',
    labelKey: 'commands.find',
    shortcuts: ['mod+f'],
    enabled: () => true,
    perform: (store) => {
      store.getState().setTool('find');
      // The panel may already be open: put the cursor in its field either way.
      requestAnimationFrame(() => document.getElementById(FIND_INPUT_ID)?.focus());
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

const keyNames: Record<string, string> = {
  arrowleft: '←',
  arrowup: '↑',
  delete: 'Del',
  backspace: '⌫',
};

/** How a shortcut reads on this machine (⌘ on a Mac). */
export function shortcutLabel(shortcut: string, mac: boolean): string {
  return shortcut
    .split('+')
    .map((part) =>
      part === 'mod'
        ? mac
          ? '⌘'
          : 'Ctrl'
        : part === 'shift'
          ? mac
            ? '⇧'
            : 'Shift'
          : part === 'alt'
            ? mac
              ? '⌥'
              : 'Alt'
            : (keyNames[part] ?? part.toUpperCase()),
    )
    .join(mac ? '' : '+');
}
