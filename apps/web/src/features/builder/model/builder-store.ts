import type { Flow } from '@parley/flow';
import { createStore } from 'zustand/vanilla';
import type { Rect } from './module-layout';
import type { Point } from './paste-placement';

export type SaveStatus =
  | { state: 'saved' }
  | { state: 'saving' }
  /** `message`: the server's; none when the server could not be reached. */
  | { state: 'error'; message?: string }
  | { state: 'conflict'; message: string };

/** What commands need from the canvas on screen (it registers itself while shown). */
export interface CanvasBridge {
  /** The middle of the view (flow coordinates). */
  viewCentre(): { x: number; y: number };
  /** Where pasting may put modules (flow coordinates): the view, and the pointer when it is over the canvas. */
  pasteSpot(): { view: Rect; pointer: Point | null };
  sizeOf(moduleId: string): { width: number; height: number } | undefined;
}

export type BuilderTool = 'add' | 'find' | 'globals' | 'variables' | 'tags' | 'intents' | 'debug';

export interface BuilderState {
  botId: string;
  flow: Flow;
  /** The draft revision the flow was loaded or last saved as (sent back when saving). */
  revision: number;
  /** The draft as the server has it at `revision` (what a merge starts from). */
  savedFlow: Flow;
  /** Counts edits; `savedEdits` is how many of them the server has. */
  edits: number;
  savedEdits: number;
  save: SaveStatus;
  /** Earlier and undone documents, newest last (undo/redo). */
  past: Flow[];
  future: Flow[];
  /** Edits of one gesture (a drag) share a key and make one undo step. */
  gesture: string | null;
  /** Selected modules, in the order they were picked (one selected module opens its editor). */
  selected: string[];
  /** Selected connections (by connection id). */
  selectedConnections: string[];
  selectConnections(ids: string[]): void;
  canvas: CanvasBridge | null;
  /** A module the canvas should bring into view (and select), once it is showing. */
  focusRequest: { moduleId: string; serial: number; gently?: boolean } | null;
  /** The tool panel open beside the canvas. */
  tool: BuilderTool | null;
  setTool(tool: BuilderTool | null): void;
  /** An intent the Intents panel should open and show (asked for by a router's editor). */
  openedIntent: { name: string; serial: number } | null;
  /** Opens the Intents panel on an intent. */
  openIntent(name: string): void;
  /** Tags whose modules stay highlighted (and listed) while you work. */
  pinnedTags: string[];
  togglePinnedTag(tagId: string): void;
  /** Global connections are drawn on the canvas. */
  showGlobals: boolean;
  setShowGlobals(show: boolean): void;
  select(ids: string[]): void;
  /** Selects a module and asks the canvas to centre on it. */
  focus(moduleId: string): void;
  /** Brings a module into view if it is out of it, leaving the selection and zoom alone. */
  reveal(moduleId: string): void;
  /** Applies an edit (see flow-edits); an edit that changes nothing is not one. */
  apply(edit: (flow: Flow) => Flow, gesture?: string): void;
  endGesture(): void;
  undo(): void;
  redo(): void;
  savingStarted(): void;
  saved(revision: number, edits: number, flow: Flow): void;
  /** Someone else's newer save merged with ours: their revision, the merged document to save next. */
  merged(flow: Flow, revision: number, serverFlow: Flow): void;
  saveFailed(status: Exclude<SaveStatus, { state: 'saved' } | { state: 'saving' }>): void;
}

/** Undo steps kept (documents share unchanged modules, so each costs little). */
const HISTORY_LIMIT = 200;

/** One bot's document while the builder has it open. */
export function createBuilderStore(initial: { botId: string; flow: Flow; revision: number }) {
  return createStore<BuilderState>()((set) => ({
    ...initial,
    savedFlow: initial.flow,
    edits: 0,
    savedEdits: 0,
    save: { state: 'saved' },
    past: [],
    future: [],
    gesture: null,
    selected: [],
    selectedConnections: [],
    selectConnections: (selectedConnections) => set({ selectedConnections }),
    canvas: null,
    focusRequest: null,
    tool: 'add',
    setTool: (tool) => set({ tool }),
    openedIntent: null,
    openIntent: (name) =>
      set((state) => ({
        tool: 'intents',
        openedIntent: { name, serial: (state.openedIntent?.serial ?? 0) + 1 },
      })),
    pinnedTags: [],
    togglePinnedTag: (tagId) =>
      set((state) => ({
        pinnedTags: state.pinnedTags.includes(tagId)
          ? state.pinnedTags.filter((id) => id !== tagId)
          : [...state.pinnedTags, tagId],
      })),
    showGlobals: false,
    setShowGlobals: (showGlobals) => set({ showGlobals }),
    select: (ids) =>
      set((state) =>
        ids.length === state.selected.length && ids.every((id, index) => state.selected[index] === id)
          ? state
          : { selected: ids },
      ),
    focus: (moduleId) =>
      set((state) => ({
        selected: [moduleId],
        focusRequest: { moduleId, serial: (state.focusRequest?.serial ?? 0) + 1 },
      })),
    reveal: (moduleId) =>
      set((state) => ({
        focusRequest: { moduleId, serial: (state.focusRequest?.serial ?? 0) + 1, gently: true },
      })),
    apply: (edit, gesture) =>
      set((state) => {
        const flow = edit(state.flow);
        if (flow === state.flow) return state;
        const sameGesture = gesture !== undefined && gesture === state.gesture;
        return {
          flow,
          edits: state.edits + 1,
          past: sameGesture ? state.past : [...state.past, state.flow].slice(-HISTORY_LIMIT),
          future: [],
          gesture: gesture ?? null,
        };
      }),
    endGesture: () => set({ gesture: null }),
    undo: () =>
      set((state) => {
        const previous = state.past.at(-1);
        if (!previous) return state;
        return {
          flow: previous,
          past: state.past.slice(0, -1),
          future: [state.flow, ...state.future],
          edits: state.edits + 1,
          gesture: null,
        };
      }),
    redo: () =>
      set((state) => {
        const [next, ...rest] = state.future;
        if (!next) return state;
        return {
          flow: next,
          past: [...state.past, state.flow],
          future: rest,
          edits: state.edits + 1,
          gesture: null,
        };
      }),
    savingStarted: () => set({ save: { state: 'saving' } }),
    saved: (revision, edits, flow) =>
      set({ revision, savedEdits: edits, savedFlow: flow, save: { state: 'saved' } }),
    // One undo step takes the merge back (to our document alone); the merged one is saved next.
    merged: (flow, revision, serverFlow) =>
      set((state) => ({
        flow,
        revision,
        savedFlow: serverFlow,
        save: { state: 'saved' },
        edits: state.edits + 1,
        past: [...state.past, state.flow].slice(-HISTORY_LIMIT),
        future: [],
        gesture: null,
      })),
    saveFailed: (save) => set({ save }),
  }));
}

export type BuilderStore = ReturnType<typeof createBuilderStore>;
