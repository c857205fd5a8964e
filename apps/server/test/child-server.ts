/**
 * A Parley server in a process of its own, on the PostgreSQL database in PARLEY_CHILD_DATABASE_URL
 * with the settings in PARLEY_CHILD_ENV (JSON): for tests that kill a process mid-turn. Prints
 * `listening <port>` once it serves.
 */
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/database';
import { testConfig } from './test-app';

const url = process.env.PARLEY_CHILD_DATABASE_URL;
if (!url) throw new Error('PARLEY_CHILD_DATABASE_URL is required');
const config = testConfig(JSON.parse(process.env.PARLEY_CHILD_ENV ?? '{}'));
const app = await buildApp({ config, database: await createDatabase({ engine: 'postgres', url }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
