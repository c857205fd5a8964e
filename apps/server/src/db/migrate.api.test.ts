import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../../test/child-servers';
import { freshDatabase, testEngine } from '../../test/test-app';
import type { Database } from './database';
import { DatabaseAheadError, migrateToLatest, migrationStatus } from './migrate';
import { migrations } from './migrations';

describe('migrating at start', () => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, url, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const appliedNames = async () =>
    (
      await sql<{ name: string }>`select name from schema_migrations order by name`.execute(database.db)
    ).rows.map((row) => row.name);

  it.runIf(testEngine === 'postgres')(
    'runs each migration once when several processes start together on a new database',
    async () => {
      const servers = await Promise.all([startChildServer(url ?? ''), startChildServer(url ?? '')]);
      try {
        for (const server of servers) {
          const ready = await fetch(`${server.url}/api/health/ready`);
          expect(ready.status).toBe(200);
        }
        expect(await appliedNames()).toEqual(Object.keys(migrations));
      } finally {
        for (const server of servers) server.kill();
        await Promise.all(servers.map((server) => server.exited));
      }
    },
    60_000,
  );

  it('refuses a database migrated by a newer version, naming what it does not know', async () => {
    await migrateToLatest(database.db);
    await sql`insert into schema_migrations (name, timestamp) values ('9999-from-the-future', now())`.execute(
      database.db,
    );
    const refused = await migrateToLatest(database.db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseAheadError);
    expect((refused as Error).message).toMatch(
      /migrated by a newer Parley \(migrations this version does not know: 9999-from-the-future\)/,
    );
    expect(await migrationStatus(database.db)).toMatchObject({
      pending: 0,
      unknown: ['9999-from-the-future'],
    });
  });

  it.runIf(testEngine === 'postgres')(
    'a server process on a newer database exits at start with that message',
    async () => {
      const failed = await startChildServer(url ?? '').catch((error: unknown) => error);
      expect(String(failed)).toMatch(/exited \(1\)/);
      expect(String(failed)).toMatch(/migrated by a newer Parley/);
    },
    60_000,
  );
});
