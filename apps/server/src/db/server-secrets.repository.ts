import type { Queryable } from './database';
import type { ServerSecretName } from './tables/server-secret.table';

/**
 * The value stored under `name`, storing `candidate` first when there is none: processes starting
 * together all come away with the first one stored.
 */
export async function keepServerSecret(
  db: Queryable,
  name: ServerSecretName,
  candidate: string,
): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
