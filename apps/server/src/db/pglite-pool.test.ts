import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';

describe('the embedded database under concurrent use', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase({ engine: 'pglite', dataDir: undefined });
    await sql`create table counters (id int primary key, value int not null)`.execute(database.db);
    await sql`insert into counters values (1, 0)`.execute(database.db);
  }, 60_000);
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

  it('sends values as node-postgres sends them to a server: dates, booleans, arrays, objects, bytes', async () => {
    const at = new Date('2026-11-24T10:00:00.000Z');
    const { rows } = await sql<{
      at: Date;
      yes: boolean;
      tags: string[];
      doc: { a: number };
      bytes: Uint8Array;
      none: null;
    }>`
      select ${at}::timestamptz as at, ${true}::boolean as yes, ${['a', 'b "c"', null]}::text[] as tags,
             ${JSON.stringify({ a: 1 })}::jsonb as doc, ${Buffer.from([1, 2, 255])}::bytea as bytes, ${null}::text as none`.execute(
      database.db,
    );
    expect(rows[0]?.at.toISOString()).toBe(at.toISOString());
    expect(rows[0]?.yes).toBe(true);
    expect(rows[0]?.tags).toEqual(['a', 'b "c"', null]);
    expect(rows[0]?.doc).toEqual({ a: 1 });
    expect([...(rows[0]?.bytes ?? [])]).toEqual([1, 2, 255]);
    expect(rows[0]?.none).toBeNull();
  });

  it('keeps a failed statement usable: the same text runs again once its input is right', async () => {
    await sql`create table uniques (id int primary key)`.execute(database.db);
    const insert = (id: number) => sql`insert into uniques values (${id})`.execute(database.db);
    await insert(1);
    await expect(insert(1)).rejects.toMatchObject({ code: '23505' });
    await insert(2);
    const bad = sql`select ${'not a number'}::int as n`.execute(database.db);
    await expect(bad).rejects.toMatchObject({ code: '22P02' });
    expect((await sql<{ n: number }>`select ${'7'}::int as n`.execute(database.db)).rows).toEqual([{ n: 7 }]);
    const updated = await sql`update uniques set id = id + 10`.execute(database.db);
    expect(updated.numAffectedRows).toBe(2n);
  });

  it('rolls back a transaction whose statement failed, and the session goes on', async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await sql`update counters set value = -5 where id = 1`.execute(trx);
      await sql`select 1 / ${0}::int`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(
      (await sql<{ value: number }>`select value from counters where id = 1`.execute(database.db)).rows[0]
        ?.value,
    ).toBe(25);
  });

  it('runs any number of different statement texts (prepared statements are bounded)', async () => {
    for (let n = 0; n < 2_100; n++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(n)}::int as n`.execute(database.db);
      expect(rows[0]?.n).toBe(n);
    }
  }, 60_000);
});
