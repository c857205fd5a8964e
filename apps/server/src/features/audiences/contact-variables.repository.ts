import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** How many stale entries one fold takes at most (the job folds again while it takes this many). */
export const FOLD_BATCH = 10_000;

/**
 * Writes the typed variables of contacts whose copy changed (`contact_variables_stale`, see
 * migration 0051) from their copy as it is now: only the rows that differ. Answers how many stale
 * entries it took (a contact with more entries left stays stale). One transaction, one fold at a
 * time:
 * - the stale entries it takes were committed before its later statements read the copies, so
 *   the rows are at least that new; a copy changed meanwhile leaves an entry for the next fold;
 * - each contact read is key-share locked, so a contact deleted meanwhile (whose trigger could not
 *   see rows written here yet) is not given rows again.
 */
export async function foldContactVariables(db: Db, batch = FOLD_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('parley:contact-variables-fold'))`.execute(trx);
    // By their place in the table: a join would trust the planner with a table it may not have
    // analyzed yet (taking ten thousand that way once read the whole table for each).
    const taken = await sql<{ id: string }>`
      delete from contact_variables_stale
      where ctid = any(array(select ctid from contact_variables_stale limit ${batch}))
      returning contact_id as id`.execute(trx);
    if (taken.rows.length === 0) return 0;
    const ids = [...new Set(taken.rows.map((row) => row.id))];
    // The rows of variables their copy no longer has (or has as null), then the rows that differ.
    await sql`
      delete from contact_variables v where v.contact_id = any(${ids}::uuid[]) and not exists (
        select 1 from contacts k where k.id = v.contact_id and coalesce(k.variables -> v.name, 'null') <> 'null')`.execute(
      trx,
    );
    await sql`
      insert into contact_variables as v (contact_id, name, company_id, text_value, number_value)
      select n.id, n.name, n.company_id, n.text_value, n.number_value
      from (select k.id, k.company_id, r.name, r.text_value, r.number_value
            from contacts k cross join lateral parley_contact_variable_rows(k.variables) r
            where k.id = any(${ids}::uuid[]) for key share of k) n
      on conflict (contact_id, name) do update
        set text_value = excluded.text_value, number_value = excluded.number_value
        where (v.text_value, v.number_value) is distinct from (excluded.text_value, excluded.number_value)`.execute(
      trx,
    );
    return taken.rows.length;
  });
}
