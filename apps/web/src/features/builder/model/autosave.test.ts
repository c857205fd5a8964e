import { type Flow, starterFlow } from '@parley/flow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { startAutosave } from './autosave';
import { createBuilderStore } from './builder-store';
import { moveModules } from './flow-edits';

const saved = (revision: number) => ({ bot: { draft_revision: revision } }) as never;

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (save: (botId: string, flow: Flow, base: number) => Promise<never>) => {
    const store = createBuilderStore({ botId: 'bot-1', flow: starterFlow('en'), revision: 4 });
    const stop = startAutosave(store, save as never);
    const move = (x: number) => store.getState().apply((flow) => moveModules(flow, { start: { x, y: 0 } }));
    return { store, stop, move };
  };

  it('saves once edits rest, over the revision it has, and moves on to the returned one', async () => {
    const save = vi.fn(async (_bot: string, _flow: Flow, base: number) => saved(base + 1));
    const { store, move, stop } = setup(save);
    move(10);
    move(20);
    move(30);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[1].modules[0]?.position).toEqual({ x: 30, y: 0 });
    expect(save.mock.calls[0]?.[2]).toBe(4);
    expect(store.getState()).toMatchObject({
      revision: 5,
      save: { state: 'saved' },
      edits: 3,
      savedEdits: 3,
    });
    move(40);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save.mock.calls[1]?.[2]).toBe(5);
    stop();
  });

  it('stops at a conflict, and retries other failures', async () => {
    const conflict = new ApiError('ConflictException', 'Ana saved this bot after you opened it', 409);
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('InternalException', 'Down', 500))
      .mockResolvedValueOnce(saved(5))
      .mockRejectedValueOnce(conflict);
    const { store, move, stop } = setup(save);
    move(10);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().save).toEqual({ state: 'error', message: 'Down' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getState().save).toEqual({ state: 'saved' });
    move(20);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().save).toEqual({
      state: 'conflict',
      message: 'Ana saved this bot after you opened it',
    });
    move(30);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(3);
    stop();
  });

  it('waits for the next edit after the server refuses the flow itself', async () => {
    const tooMany = new ApiError(
      'PayloadTooLargeException',
      'The intents hold 2,375,000 characters of utterances, more than the 1,000,000 of the largest set a bot may learn.',
      413,
    );
    const save = vi.fn().mockRejectedValueOnce(tooMany).mockResolvedValueOnce(saved(5));
    const { store, move, stop } = setup(save);
    move(10);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().save).toEqual({ state: 'error', message: tooMany.message });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).toHaveBeenCalledTimes(1);
    move(20);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(store.getState().save).toEqual({ state: 'saved' });
    stop();
  });
});
