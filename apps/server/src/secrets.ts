import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import type { ServerConfig } from './context';

/**
 * JWT_SECRET when set; otherwise a secret generated on first start and kept under DATA_DIR, so
 * sessions survive restarts without anyone having to invent a secret.
 */
export function resolveSecrets(config: AppConfig): ServerConfig {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  const file = join(config.dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return { ...config, jwtSecret: stored };
  } catch {
    // Not created yet.
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, jwtSecret: secret };
}
