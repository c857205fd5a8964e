/// <reference path="./pg-utils.d.ts" />
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { prepareValue } from 'pg/lib/utils.js';
import { statementName } from './statement-names';

type Command = PostgresQueryResult<unknown>['command'];
const writeCommands = new Set<Command>(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function commandOf(sql: string, affectedRows: number): Command {
  const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() as Command | undefined;
  if (keyword && writeCommands.has(keyword)) return keyword;
  // A `WITH … INSERT/UPDATE` reports rows it changed; Kysely only needs to know it was a write.
  return affectedRows > 0 && keyword === ('WITH' as Command) ? 'UPDATE' : 'SELECT';
}

/** Prepared statements kept in the session before they are all dropped (texts that vary must not fill it). */
const MAX_PREPARED = 2_000;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return whole;
}

/**
 * Runs statements as named prepared statements, each in one exchange with the database.
 * PGlite's own `query` parses and plans a statement on every call, in six exchanges (parse,
 * describe, bind, describe, execute, sync); a turn's write spent most of its time there. Values
 * are sent as node-postgres sends them to a PostgreSQL server, so both engines read them alike.
 */
export function preparedStatements(pglite: PGlite) {
  /** Statements known to be prepared in the session; after a failure a statement's state is unknown. */
  const prepared = new Set<string>();
  const uncertain = new Set<string>();
  return async function query<R>(text: string, parameters: ReadonlyArray<unknown>) {
    const name = statementName(text);
    const messages: Uint8Array[] = [];
    if (!prepared.has(name)) {
      if (prepared.size >= MAX_PREPARED) {
        messages.push(protocol.serialize.query('deallocate all'));
        prepared.clear();
        uncertain.clear();
      }
      // Closing a statement that does not exist is not an error.
      if (uncertain.has(name)) messages.push(protocol.serialize.close({ type: 'S', name }));
      messages.push(protocol.serialize.parse({ name, text, types: [] }));
    }
    messages.push(
      protocol.serialize.bind({
        statement: name,
        values: parameters.map((value) => prepareValue(value)),
      }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    try {
      const { messages: answers } = await pglite._runExclusiveQuery(() =>
        pglite.execProtocol(concat(messages)),
      );
      prepared.add(name);
      uncertain.delete(name);
      // `deallocate all` answers with results of its own; the statement's are the last.
      const results = parse.parseResults(answers, pglite.parsers);
      return results[results.length - 1] as unknown as { rows: R[]; affectedRows?: number };
    } catch (error) {
      prepared.delete(name);
      uncertain.add(name);
      throw error;
    }
  };
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
  const run = preparedStatements(pglite);

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
          const result = await run<R>(sql, parameters);
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
