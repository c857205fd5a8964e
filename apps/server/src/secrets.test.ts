import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { resolveSecrets } from './secrets';

describe('the JWT secret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-secrets-'));
    dirs.push(dir);
    return dir;
  };

  it('uses JWT_SECRET when set and writes nothing', () => {
    const dir = dataDir();
    const config = resolveSecrets(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }));
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(() => statSync(join(dir, 'jwt-secret'))).toThrow();
  });

  it('generates one on first start, readable only by its owner, and keeps it across restarts', () => {
    const dir = join(dataDir(), 'nested');
    const first = resolveSecrets(loadConfig({ DATA_DIR: dir })).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(resolveSecrets(loadConfig({ DATA_DIR: dir })).jwtSecret).toBe(first);
  });
});
