import { describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { vacuumEmbeddedDatabase } from './embedded-vacuum';

describe('the embedded database’s vacuum', () => {
  it('lets updated rows reuse the space of their old versions, which PGlite alone never reclaims', async () => {
    const database = await createDatabase({ engine: 'pglite', dataDir: undefined });
    try {
      await database.executeSql('create table churn (id int primary key, text text)');
      await database.executeSql(`insert into churn select n, 'a' from generate_series(1, 1000) as n`);
      const size = async () =>
        (
          (await database.executeSql(`select pg_relation_size('churn')::int as bytes`)).rows[0] as {
            bytes: number;
          }
        ).bytes;
      const rewriteEveryRow = async (times: number) => {
        for (let time = 0; time < times; time++)
          await database.executeSql(`update churn set text = text || 'b'`);
      };

      await rewriteEveryRow(10);
      const bloated = await size();
      await rewriteEveryRow(10);
      // Without a vacuum every update adds a row version for good.
      expect(await size()).toBeGreaterThan(bloated * 1.5);

      await vacuumEmbeddedDatabase(database);
      const vacuumed = await size();
      await rewriteEveryRow(10);
      expect(await size()).toBe(vacuumed);
      const { rows } = await database.executeSql(
        `select count(*)::int as rows from churn where length(text) = 31`,
      );
      expect(rows).toEqual([{ rows: 1000 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
