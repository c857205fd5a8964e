import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import type { ServerConfig } from './context';

/**
 * JWT_SECRET and SECRETS_KEY when set; otherwise each is generated on first start and kept under
 * DATA_DIR, so sessions and stored secrets survive restarts without anyone having to invent one.
 */
export function resolveSecrets(config: AppConfig): ServerConfig {
  return {
    ...config,
    jwtSecret: config.jwtSecret ?? keptSecret(config.dataDir, 'jwt-secret'),
    secretsKey: config.secretsKey ?? keptSecret(config.dataDir, 'secrets-key'),
  };
}

function keptSecret(dataDir: string, fileName: string): string {
  const file = join(dataDir, fileName);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not created yet.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
