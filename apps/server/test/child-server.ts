/**
 * A Parley server in a process of its own, on the PostgreSQL database in PARLEY_CHILD_DATABASE_URL
 * with the settings in PARLEY_CHILD_ENV (JSON), on PARLEY_CHILD_PORT (any free one when unset): for
 * tests that kill or stop a process mid-turn. Stops gracefully on SIGTERM, as the real server does.
 * Prints `listening <port>` once it serves.
 */
import { buildApp } from '../src/app';
import { createDatabase, databaseTarget } from '../src/db/database';
import { stopOnSignals } from '../src/shutdown';
import { testConfig } from './test-app';

const url = process.env.PARLEY_CHILD_DATABASE_URL;
if (!url) throw new Error('PARLEY_CHILD_DATABASE_URL is required');
const config = testConfig(JSON.parse(process.env.PARLEY_CHILD_ENV ?? '{}'));
const app = await buildApp({
  config,
  database: await createDatabase(databaseTarget({ ...config, databaseUrl: url })),
});
stopOnSignals(app);
await app.listen({ port: Number(process.env.PARLEY_CHILD_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
