/**
 * Gathers calls into batches: a call goes at once while fewer than `maxInFlight` batches are
 * running; otherwise it waits with the others that came meanwhile, and they go together when one
 * finishes. So an idle server adds no wait, and a busy one sends one statement (one commit, one
 * socket write) for many turns instead of one each. A batch that fails is run again item by item,
 * so one item's error is its own. `keyOf` keeps two calls with one key out of the same batch.
 *
 * `gatherEachRound` waits for the end of the event loop's round (setImmediate) before sending what
 * came, so the calls of every request read in that round go together. That is for a database that
 * runs on this thread (PGlite): its statement runs synchronously, so no call can come while it is
 * in flight and nothing would ever be gathered otherwise.
 */
export function batched<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  options: {
    maxInFlight: number;
    maxBatch: number;
    keyOf: (item: Item) => string;
    gatherEachRound?: boolean;
  },
): (item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let inFlight = 0;
  let roundScheduled = false;

  const settle = (waiting: Waiting, result: Promise<Result>) => result.then(waiting.resolve, waiting.reject);

  async function send(batch: Waiting[]): Promise<void> {
    inFlight++;
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) waiting.resolve(results[index] as Result);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else
        await Promise.all(
          batch.map((waiting) =>
            settle(
              waiting,
              run([waiting.item]).then((results) => results[0] as Result),
            ),
          ),
        );
    } finally {
      inFlight--;
      flush();
    }
  }

  function flush(): void {
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch: Waiting[] = [];
      const keys = new Set<string>();
      const rest: Waiting[] = [];
      for (const waiting of queue) {
        const key = options.keyOf(waiting.item);
        if (batch.length < options.maxBatch && !keys.has(key)) {
          keys.add(key);
          batch.push(waiting);
        } else rest.push(waiting);
      }
      queue = rest;
      void send(batch);
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!options.gatherEachRound) return flush();
      if (roundScheduled) return;
      roundScheduled = true;
      setImmediate(() => {
        roundScheduled = false;
        flush();
      });
    });
}
