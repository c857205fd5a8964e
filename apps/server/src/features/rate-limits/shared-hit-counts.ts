import type { Queryable } from '../../db/database';
import { addHitsOfKeys, type WindowCount } from './rate-limit.repository';

/** How long a process's hits wait before they are added to the shared counts. */
export const SHARED_COUNTS_FLUSH_MS = 250;

interface KeyCount {
  /** The count all processes had reached when this process last added its hits. */
  shared: number;
  /** Hits counted here since then. */
  unsent: number;
  windowEndsAt: number;
}

/**
 * Hits per key in fixed windows, counted in this process at once (no round trip per hit) and added
 * to the database's counts for all processes every SHARED_COUNTS_FLUSH_MS while hits come, all
 * keys in one statement. A count is what every process had reached at the last exchange plus this
 * process's hits since, so a limit holds across processes give or take what the others counted in
 * the last quarter second, and a busy process costs the database one statement per interval
 * rather than one per request. An idle process sends nothing.
 */
export class SharedHitCounts {
  private readonly counts = new Map<string, KeyCount>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;

  constructor(
    private readonly db: () => Queryable,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Counts one hit against each key; answers each key's count in its window, this hit included. */
  hit(keys: readonly string[]): WindowCount[] {
    const now = Date.now();
    const answers = keys.map((key) => {
      let count = this.counts.get(key);
      if (!count || count.windowEndsAt <= now) {
        count = { shared: 0, unsent: 0, windowEndsAt: now + this.windowMs };
        this.counts.set(key, count);
      }
      count.unsent++;
      return { hits: count.shared + count.unsent, windowEndsAt: new Date(count.windowEndsAt) };
    });
    this.scheduleSend();
    return answers;
  }

  /** One exchange at a time: hits that come while one runs wait for the next. */
  private scheduleSend(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.sending = this.send().finally(() => {
        this.sending = undefined;
        this.timer = undefined;
        if (this.hasUnsent()) this.scheduleSend();
      });
    }, SHARED_COUNTS_FLUSH_MS);
    this.timer.unref();
  }

  private hasUnsent(): boolean {
    for (const count of this.counts.values()) if (count.unsent > 0) return true;
    return false;
  }

  /** Adds the hits counted here to the shared counts, and learns what the other processes counted. */
  private async send(): Promise<void> {
    const now = Date.now();
    const batch: { key: string; hits: number }[] = [];
    for (const [key, count] of this.counts) {
      if (count.unsent > 0) batch.push({ key, hits: count.unsent });
      // A window that ended is forgotten: a new hit starts the next one.
      else if (count.windowEndsAt <= now) this.counts.delete(key);
    }
    if (batch.length === 0) return;
    try {
      const shared = await addHitsOfKeys(this.db(), batch, this.windowMs);
      batch.forEach(({ key, hits }, index) => {
        const count = this.counts.get(key);
        const total = shared[index];
        if (!count || !total) return;
        // Hits counted while the statement ran stay to be sent next time.
        count.unsent -= hits;
        count.shared = total.hits;
        count.windowEndsAt = total.windowEndsAt.getTime();
      });
    } catch (error) {
      // The hits stay counted here and go with the next exchange.
      this.onError(error);
    }
  }

  /**
   * Exchanges now what is counted here (a stopping process hands its hits to the others this way;
   * tests use it to know the exchange happened).
   */
  async share(): Promise<void> {
    clearTimeout(this.timer);
    await this.sending;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.hasUnsent()) await this.send();
  }
}
