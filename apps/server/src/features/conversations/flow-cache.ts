import { type Flow, loadFlow } from '@parley/flow';
import type { Queryable } from '../../db/database';
import { NotFoundException } from '../../errors';
import { findVersionFlow } from '../publishing/publishing.repository';
import { findDraftFlow } from './conversations.repository';

const MAX_FLOWS = 500;

/**
 * Loaded flows by what identifies their content (a published version, or a draft at a save
 * time), so a turn never reads or parses the flow document again.
 */
export class FlowCache {
  private readonly flows = new Map<string, Flow>();

  private remember(key: string, flow: Flow): Flow {
    this.flows.set(key, flow);
    if (this.flows.size > MAX_FLOWS) this.flows.delete(this.flows.keys().next().value as string);
    return flow;
  }

  /** The key that names a flow's content, also given to the NLU to cache models per version. */
  static keyOf(botId: string, version: number | null, draftSavedAt: Date): string {
    return version === null ? `${botId}@draft@${draftSavedAt.getTime()}` : `${botId}@v${version}`;
  }

  async get(
    db: Queryable,
    { companyId, botId }: { companyId: string; botId: string },
    version: number | null,
    draftSavedAt: Date,
  ): Promise<Flow> {
    const key = FlowCache.keyOf(botId, version, draftSavedAt);
    const known = this.flows.get(key);
    if (known) return known;
    if (version !== null) {
      const flow = await findVersionFlow(db, companyId, botId, version);
      if (!flow) throw new NotFoundException('This version of the bot no longer exists');
      return this.remember(key, loadFlow(flow));
    }
    const draft = await findDraftFlow(db, botId);
    if (!draft) throw new NotFoundException('Bot not found');
    return this.remember(FlowCache.keyOf(botId, null, draft.updatedAt), loadFlow(draft.flow));
  }
}

/** One turn at a time per key, within this process. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
