import { type Kysely, sql } from 'kysely';

/** How each bot's web chat looks (the Styling tab); empty means Parley's defaults. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bots add column webchat_style jsonb not null default '{}'::jsonb`.execute(db);
}
