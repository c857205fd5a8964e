import { isApiError } from '../../../shared/api/api-error';
import { saveDraft } from '../api/builder-api';
import type { BuilderState, BuilderStore } from './builder-store';

/** How long the document rests before it is saved, and how long after a failure to try again. */
const QUIET_MS = 700;
const RETRY_MS = 5_000;

/**
 * Saves the draft a moment after edits stop, one save at a time, each over the revision the last
 * one returned. A conflict stops saving (never overwrite someone else's newer save); a refusal
 * of the flow itself (a 4xx, such as too many utterances) waits for the next edit, since the same
 * flow would be refused again; other failures are retried. Returns the function that stops it.
 */
export function startAutosave(store: BuilderStore, save = saveDraft): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  };

  const flush = async () => {
    const state = store.getState();
    if (inFlight || state.edits === state.savedEdits || state.save.state === 'conflict') return;
    inFlight = true;
    const { edits, flow } = state;
    state.savingStarted();
    try {
      const result = await save(state.botId, flow, state.revision);
      store.getState().saved(result.bot.draft_revision, edits, flow);
    } catch (error) {
      if (isApiError(error) && error.name === 'ConflictException') {
        store.getState().saveFailed({ state: 'conflict', message: error.message });
      } else {
        store.getState().saveFailed({
          state: 'error',
          message: isApiError(error) ? error.message : undefined,
        });
        if (!isApiError(error) || error.status >= 500) schedule(RETRY_MS);
      }
    } finally {
      inFlight = false;
    }
    const after = store.getState();
    if (after.edits !== after.savedEdits && after.save.state === 'saved') schedule(QUIET_MS);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.edits !== previous.edits) schedule(QUIET_MS);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/**
 * Resolves once the server has every edit on screen (what the debugger runs must be what you see);
 * rejects if saving stopped at a conflict.
 */
export function whenSaved(store: BuilderStore): Promise<void> {
  return new Promise((resolve, reject) => {
    const settled = (state: BuilderState) => {
      if (state.save.state === 'conflict') reject(new Error(state.save.message));
      else if (state.edits === state.savedEdits && state.save.state === 'saved') resolve();
      else return false;
      return true;
    };
    if (settled(store.getState())) return;
    const unsubscribe = store.subscribe((state) => {
      if (settled(state)) unsubscribe();
    });
  });
}
