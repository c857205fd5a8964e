import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { resolveSecrets } from './secrets';

describe('the JWT secret and the secrets key', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-secrets-'));
    dirs.push(dir);
    return dir;
  };

  it('uses JWT_SECRET when set and writes nothing', async () => {
    const dir = dataDir();
    const config = await resolveSecrets(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }));
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(() => statSync(join(dir, 'jwt-secret'))).toThrow();
  });

  it('generates one on first start, readable only by its owner, and keeps it across restarts', async () => {
    const dir = join(dataDir(), 'nested');
    const first = (await resolveSecrets(loadConfig({ DATA_DIR: dir }))).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect((await resolveSecrets(loadConfig({ DATA_DIR: dir }))).jwtSecret).toBe(first);
  });

  it('keeps a secrets key of its own beside the JWT secret, or uses SECRETS_KEY', async () => {
    const dir = dataDir();
    const generated = await resolveSecrets(loadConfig({ DATA_DIR: dir }));
    expect(generated.secretsKey.length).toBeGreaterThanOrEqual(32);
    expect(generated.secretsKey).not.toBe(generated.jwtSecret);
    expect(statSync(join(dir, 'secrets-key')).mode & 0o777).toBe(0o600);
    expect((await resolveSecrets(loadConfig({ DATA_DIR: dir }))).secretsKey).toBe(generated.secretsKey);
    const configured = await resolveSecrets(loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: 'k'.repeat(40) }));
    expect(configured.secretsKey).toBe('k'.repeat(40));
  });
});
