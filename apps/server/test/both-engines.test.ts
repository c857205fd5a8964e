import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bothEngineSuites } from './both-engines';

const root = join(import.meta.dirname, '../../..');
const suitesMatching = (patterns: string[]) => new Set(globSync(patterns, { cwd: root }));

describe('the API suites that run on both databases', () => {
  it('holds every suite that names the engine or starts a second instance', () => {
    const onBoth = suitesMatching(bothEngineSuites);
    const engineAware = [...suitesMatching(['apps/server/**/*.api.test.ts'])].filter((file) =>
      /\btestEngine\b.*[!=]==|secondInstance|childServer/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(engineAware.filter((file) => !onBoth.has(file))).toEqual([]);
  });

  it('names only suites that exist', () => {
    for (const pattern of bothEngineSuites)
      expect(suitesMatching([pattern]).size, pattern).toBeGreaterThan(0);
  });
});
