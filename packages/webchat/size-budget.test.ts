import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../../apps/web/dist');

function gzippedKb(file: string): number {
  const path = join(dist, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return gzipSync(readFileSync(path), { level: 9 }).length / 1024;
}

// Issue 6's budget: host pages pay for the loader only; the window's code comes on first open.
describe('the web chat widget’s size budget', () => {
  it('keeps the loader at most 6 KB gzipped', () => {
    expect(gzippedKb('webchat.js')).toBeLessThanOrEqual(6);
  });

  it('keeps what the first open fetches at most 60 KB gzipped', () => {
    expect(gzippedKb('webchat/app.js')).toBeLessThanOrEqual(60);
  });
});
