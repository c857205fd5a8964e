import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';

describe('the embedded database under concurrent use', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase({ engine: 'pglite', dataDir: undefined });
    await sql`create table counters (id int primary key, value int not null)`.execute(database.db);
    await sql`insert into counters values (1, 0)`.execute(database.db);
  });
  afterAll(() => database.close());

  it('keeps concurrent transactions apart: read-modify-write never loses an update', async () => {
    const increment = () =>
      database.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('counters' as never)
          .select('value' as never)
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 1));
        await sql`update counters set value = ${(row as { value: number }).value + 1} where id = 1`.execute(
          trx,
        );
      });
    await Promise.all(Array.from({ length: 25 }, increment));
    const { rows } = await sql<{ value: number }>`select value from counters where id = 1`.execute(
      database.db,
    );
    expect(rows[0]?.value).toBe(25);
  });

  it('rolls back a failed transaction without leaking its writes to others', async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await sql`update counters set value = -1 where id = 1`.execute(trx);
      throw new Error('boom');
    });
    const reader = sql<{ value: number }>`select value from counters where id = 1`.execute(database.db);
    await expect(failing).rejects.toThrow('boom');
    expect((await reader).rows[0]?.value).toBe(25);
  });

  it('runs multi-statement SQL for the job queue', async () => {
    const result = await database.executeSql(
      'create table t1 (x int); insert into t1 values (7); select x from t1',
    );
    expect(result.rows).toEqual([{ x: 7 }]);
    expect((await database.executeSql('select $1::int + 1 as y', [41])).rows).toEqual([{ y: 42 }]);
  });
});
