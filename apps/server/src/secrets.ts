import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import type { ServerConfig } from './context';
import type { Queryable } from './db/database';
import { keepServerSecret } from './db/server-secrets.repository';
import type { ServerSecretName } from './db/tables/server-secret.table';

/**
 * JWT_SECRET and SECRETS_KEY when set; otherwise each is generated on first start and kept, so
 * sessions and stored secrets survive restarts without anyone having to invent one. Kept under
 * DATA_DIR for the embedded database (one process); in `shared`, the PostgreSQL database every
 * process uses, when there is one: a file of one process would sign sessions no other verifies.
 */
export async function resolveSecrets(config: AppConfig, shared?: Queryable): Promise<ServerConfig> {
  const kept = (name: ServerSecretName) =>
    shared ? sharedSecret(shared, config.dataDir, name) : Promise.resolve(fileSecret(config.dataDir, name));
  return {
    ...config,
    jwtSecret: config.jwtSecret ?? (await kept('jwt-secret')),
    secretsKey: config.secretsKey ?? (await kept('secrets-key')),
  };
}

/** A value an earlier single-process setup kept under DATA_DIR is adopted: its sessions and sealed secrets stay good. */
function sharedSecret(db: Queryable, dataDir: string, name: ServerSecretName): Promise<string> {
  return keepServerSecret(db, name, readFileSecret(dataDir, name) ?? newSecret());
}

function fileSecret(dataDir: string, name: ServerSecretName): string {
  const stored = readFileSecret(dataDir, name);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(join(dataDir, name), `${secret}\n`, { mode: 0o600 });
  return secret;
}

function readFileSecret(dataDir: string, name: ServerSecretName): string | undefined {
  try {
    const stored = readFileSync(join(dataDir, name), 'utf8').trim();
    return stored.length >= 32 ? stored : undefined;
  } catch {
    return undefined; // Not created yet.
  }
}

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}
