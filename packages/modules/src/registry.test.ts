import { describe, expect, it } from 'vitest';
import { definitionOf, moduleDefinitions } from './definitions';
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

  it.each(moduleTypes)('%s sums up its default content in lines of text', (type) => {
    const definition = definitionOf(type);
    const lines = definition.summary(definition.defaults);
    expect(lines.every((line) => typeof line === 'string')).toBe(true);
    if (!['jump', 'intent_router'].includes(type)) expect(lines.join('').length).toBeGreaterThan(0);
  });
});
