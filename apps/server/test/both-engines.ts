/**
 * The API suites that run on both databases. Every API suite runs on PGlite (what `npm start`
 * uses); PostgreSQL runs these too, because what they prove can differ by engine even though the
 * SQL is the same: the database layer, migrations and the job queue; several processes, locks,
 * atomicity and concurrent writers (PGlite is one connection in one process); notifications between
 * processes; vectors and text search (the PostgreSQL server here has no pgvector: its fallback);
 * reports' aggregation and batching over many rows; and any suite that names the engine
 * (`testEngine`) or starts a second instance. A new suite that does any of these goes here;
 * `both-engines.test.ts` fails for one that names the engine or a second instance and is missing.
 */
export const bothEngineSuites = [
  'apps/server/src/db/**/*.api.test.ts',
  'apps/server/src/jobs/**/*.api.test.ts',
  'apps/server/src/secrets.api.test.ts',
  'apps/server/src/shutdown.api.test.ts',
  'apps/server/src/channels/sunshine/sunshine.api.test.ts',
  'apps/server/src/features/auth/sign-in-throttle.api.test.ts',
  'apps/server/src/features/broadcasts/{broadcasts,broadcasts-kill,broadcasts-messenger}.api.test.ts',
  'apps/server/src/features/conversations/{chat,chat-limits,jobs,outside-calls,turn-atomicity}.api.test.ts',
  'apps/server/src/features/health/health.api.test.ts',
  'apps/server/src/features/inbox/{inbox,inbox-stream-session,inbox-words}.api.test.ts',
  'apps/server/src/features/knowledge/{documents,documents-hostile,knowledge,knowledge-embeddings}.api.test.ts',
  'apps/server/src/features/rate-limits/shared-hit-counts.api.test.ts',
  'apps/server/src/features/reports/*.api.test.ts',
  'apps/server/src/features/webhooks/webhook-turns.api.test.ts',
];
