import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import type { DB } from './schema';

/** A database handle (database.ts names it too; this module sits below it). */
type Db = Kysely<DB>;

/**
 * Where reads that may be a moment old go. With a read replica (DATABASE_READ_URL) the inbox lists
 * and reports read there while writes and turns stay on the primary; without one, everything reads
 * the primary.
 *
 * A person must see what they just did: a write's answer carries the primary's log position
 * (`writtenAt`), the web app sends it back with its next reads, and those read the replica only
 * once it has replayed that far. The replica's position is polled, not asked per request, so a
 * read right after a write simply goes to the primary.
 */
export interface ReadRouting {
  readonly replicated: boolean;
  /** The replica when it answers, is at most the configured lag behind and has replayed `readAfter`; else the primary. */
  readerFor(readAfter: string | undefined): Db;
  /** The primary's log position now, after a write (undefined without a replica: nothing to wait for). */
  writtenAt(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** What a request reads with: `db` (perhaps the replica) and the primary, for what must be written first. */
export interface Reads {
  db: Db;
  primary: Db;
}

export function primaryOnly(primary: Db): ReadRouting {
  return {
    replicated: false,
    readerFor: () => primary,
    writtenAt: async () => undefined,
    close: async () => undefined,
  };
}

/** `16/B374D848` → a number that orders like the position; undefined when it is not one. */
export function logPosition(text: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export interface ReplicaOptions {
  /** How often this process asks where the replica and the primary are. */
  pollMs: number;
  /** Reads go to the primary while the replica is further behind than this. */
  maxLagMs: number;
}

export const DEFAULT_REPLICA_OPTIONS: ReplicaOptions = { pollMs: 200, maxLagMs: 5_000 };

/**
 * Routes reads between `primary` and the replica behind `replicaPool`. The replica's lag is
 * measured against the primary's own positions as this process saw them over time: a replica that
 * has not replayed where the primary was `maxLagMs` ago is too far behind, whatever the cause
 * (busy, paused, cut off).
 */
export function replicaRouting(
  primary: Db,
  replicaPool: PostgresPool,
  options: ReplicaOptions = DEFAULT_REPLICA_OPTIONS,
): ReadRouting {
  const replica: Db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: replicaPool }) });
  /** The primary's positions as seen, oldest first, kept for `maxLagMs` and one more. */
  const seen: Array<{ at: number; position: bigint }> = [];
  let replayed: { position: bigint; at: number } | undefined;

  const primaryPosition = async () =>
    logPosition(
      (await sql<{ position: string }>`select pg_current_wal_lsn()::text as position`.execute(primary))
        .rows[0]?.position,
    );
  const poll = async () => {
    try {
      const [now, { rows }] = await Promise.all([
        primaryPosition(),
        sql<{ position: string | null }>`select pg_last_wal_replay_lsn()::text as position`.execute(replica),
      ]);
      const at = Date.now();
      if (now !== undefined) seen.push({ at, position: now });
      while (seen.length > 1 && (seen[1]?.at ?? at) <= at - options.maxLagMs) seen.shift();
      // A server that is not in recovery has no replay position: it is not a replica.
      const position = logPosition(rows[0]?.position);
      replayed = position === undefined ? undefined : { position, at };
    } catch {
      replayed = undefined;
    }
  };
  let polling = true;
  const loop = async () => {
    while (polling) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, options.pollMs).unref());
    }
  };
  const running = loop();

  const fresh = () => {
    if (!replayed || Date.now() - replayed.at > Math.max(4 * options.pollMs, 1_000)) return false;
    // Where the primary was `maxLagMs` ago (the oldest position kept): the replica must be past it.
    const then = seen[0];
    return !then || Date.now() - then.at < options.maxLagMs || replayed.position >= then.position;
  };

  return {
    replicated: true,
    readerFor(readAfter) {
      if (!fresh() || !replayed) return primary;
      if (readAfter === undefined) return replica;
      const wanted = logPosition(readAfter);
      return wanted !== undefined && replayed.position >= wanted ? replica : primary;
    },
    async writtenAt() {
      const position = await primaryPosition();
      return position === undefined ? undefined : formatPosition(position);
    },
    async close() {
      polling = false;
      await running;
      await replica.destroy();
    },
  };
}

function formatPosition(position: bigint): string {
  return `${(position >> 32n).toString(16).toUpperCase()}/${(position & 0xffffffffn).toString(16).toUpperCase()}`;
}
