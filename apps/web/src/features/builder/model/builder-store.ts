import type { Flow } from '@parley/flow';
import { createStore } from 'zustand/vanilla';

export type SaveStatus =
  | { state: 'saved' }
  | { state: 'saving' }
  | { state: 'error'; message: string }
  | { state: 'conflict'; message: string };

export interface BuilderState {
  botId: string;
  flow: Flow;
  /** The draft revision the flow was loaded or last saved as (sent back when saving). */
  revision: number;
  /** Counts edits; `savedEdits` is how many of them the server has. */
  edits: number;
  savedEdits: number;
  save: SaveStatus;
  /** Applies an edit (see flow-edits); an edit that changes nothing is not one. */
  apply(edit: (flow: Flow) => Flow): void;
  savingStarted(): void;
  saved(revision: number, edits: number): void;
  saveFailed(status: Exclude<SaveStatus, { state: 'saved' } | { state: 'saving' }>): void;
}

/** One bot's document while the builder has it open. */
export function createBuilderStore(initial: { botId: string; flow: Flow; revision: number }) {
  return createStore<BuilderState>()((set) => ({
    ...initial,
    edits: 0,
    savedEdits: 0,
    save: { state: 'saved' },
    apply: (edit) =>
      set((state) => {
        const flow = edit(state.flow);
        return flow === state.flow ? state : { flow, edits: state.edits + 1 };
      }),
    savingStarted: () => set({ save: { state: 'saving' } }),
    saved: (revision, edits) => set({ revision, savedEdits: edits, save: { state: 'saved' } }),
    saveFailed: (save) => set({ save }),
  }));
}

export type BuilderStore = ReturnType<typeof createBuilderStore>;
