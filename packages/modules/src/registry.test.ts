import { describe, expect, it } from 'vitest';
import { moduleDefinitions } from './definitions';
import { moduleTypes } from './module-types';
import { moduleRuntimes } from './runtimes';

describe('module registries', () => {
  it('define and run every module type, and nothing else', () => {
    expect(Object.keys(moduleDefinitions).sort()).toEqual([...moduleTypes].sort());
    expect(Object.keys(moduleRuntimes).sort()).toEqual([...moduleTypes].sort());
  });

  it.each(moduleTypes)('%s has valid defaults', (type) => {
    const definition = moduleDefinitions[type];
    expect(definition.content.safeParse(definition.defaults).success).toBe(true);
  });
});
