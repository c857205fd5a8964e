import { type Kysely, sql } from 'kysely';

/**
 * Parley staff read one kind of the audit log (the agents admin's) across every company, newest
 * first: the company indexes cannot order that, so without this each page sorted the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_events_kind_time on audit_events (kind, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_events_kind_time`.execute(db);
}
