import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];
const writeCommands = new Set<Command>(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function commandOf(sql: string, affectedRows: number): Command {
  const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() as Command | undefined;
  if (keyword && writeCommands.has(keyword)) return keyword;
  // A `WITH … INSERT/UPDATE` reports rows it changed; Kysely only needs to know it was a write.
  return affectedRows > 0 && keyword === ('WITH' as Command) ? 'UPDATE' : 'SELECT';
}

/**
 * A one-connection pool over PGlite for Kysely's Postgres dialect.
 *
 * PGlite is a single in-process session, so a transaction must own it from BEGIN to COMMIT or
 * another request's statements would land inside it. `connect()` therefore waits until the
 * previous holder releases. Code holding a transaction must use that transaction, never the
 * outer `db`, or it waits for itself (on PostgreSQL the same mistake silently uses a second
 * connection outside the transaction, so it is a bug either way).
 */
export function createPglitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      await previous;
      let released = false;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          const result = await pglite.query<R>(sql, parameters as unknown[]);
          const rowCount = result.affectedRows ?? result.rows.length;
          return { command: commandOf(sql, rowCount), rowCount, rows: result.rows };
        },
        release() {
          if (released) return;
          released = true;
          release();
        },
      };
      return client as PostgresPoolClient;
    },
    async end() {
      await tail;
    },
  };
}
