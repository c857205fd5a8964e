import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase, databaseTarget } from './db/database';
import { DatabaseAheadError } from './db/migrate';
import { stopOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  // The bundle lives in apps/server/dist; the web app is built next door.
  const webDistDir = config.webDistDir ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const database = await createDatabase(databaseTarget(config));
  const app = await buildApp({ config: { ...config, webDistDir }, database });

  stopOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parley is running at ${config.publicUrl} (database: ${database.engine})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseAheadError) {
    console.error(error.message);
  } else {
    console.error('Parley failed to start:', error);
  }
  process.exit(1);
});
