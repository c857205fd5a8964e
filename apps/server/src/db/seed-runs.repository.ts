import type { Queryable } from './database';

export async function hasSeedRun(db: Queryable, name: string): Promise<boolean> {
  const row = await db.selectFrom('seed_runs').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function recordSeedRun(db: Queryable, name: string): Promise<void> {
  await db
    .insertInto('seed_runs')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
