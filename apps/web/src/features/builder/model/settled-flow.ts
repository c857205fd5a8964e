import type { Flow } from '@parley/flow';
import { useEffect, useState } from 'react';
import type { BuilderStore } from './builder-store';

/**
 * The document once edits pause (`delay` ms): for what reads the whole flow (validation, the
 * variables), so a drag over thousands of modules never waits for them frame by frame. Null
 * until the canvas has first been drawn: opening a big bot does not wait for them either.
 */
export function useSettledFlow(store: BuilderStore, delay = 250): Flow | null {
  const [flow, setFlow] = useState<Flow | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => setFlow(store.getState().flow),
      0,
    );
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.flow === previous.flow) return;
      clearTimeout(timer);
      timer = setTimeout(() => setFlow(store.getState().flow), delay);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, delay]);
  return flow;
}
