import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionOf, moduleDefinitions } from './definitions';
import { englishOf, UnknownWordError } from './kit/words';
import { moduleTypes } from './module-types';
import { moduleRuntimes } from './runtimes';

describe('module registries', () => {
  it('define and run every module type, and nothing else', () => {
    expect(Object.keys(moduleDefinitions).sort()).toEqual([...moduleTypes].sort());
    expect(Object.keys(moduleRuntimes).sort()).toEqual([...moduleTypes].sort());
  });

  it.each(moduleTypes)('%s is one folder: definition, runtime, words, look, panel and tests', (type) => {
    const files = readdirSync(join(import.meta.dirname, type.replaceAll('_', '-')));
    for (const role of ['schema.ts', 'execute.ts', 'words.ts', 'look.ts', 'panel.tsx'])
      expect(files, `${type} has no ${role}`).toContain(role);
    expect(
      files.some((file) => file.endsWith('.test.ts')),
      `${type}'s folder has no tests`,
    ).toBe(true);
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

describe("module types' words", () => {
  /** Says every word as its key, so a test sees which words a module used and where. */
  const keys = (type: string) => (key: string, values?: Record<string, string | number>) =>
    `⟨${type}.${key}${values ? ` ${JSON.stringify(values)}` : ''}⟩`;

  it('live under a key of their own per type', () => {
    const words = moduleTypes.map((type) => definitionOf(type).words.key);
    expect(new Set(words).size).toBe(moduleTypes.length);
    expect(words).not.toContain('kit');
  });

  it.each(moduleTypes)('%s names its own outputs and writes its new content in the words given', (type) => {
    const definition = definitionOf(type);
    const say = keys(definition.words.key);
    const content = definition.create(say);
    for (const port of definition.ports(content, say)) {
      // Outputs named by the content (a button, an intent) keep the builder's own text.
      if (!port.id.includes(':')) expect(port.label).toBe(`⟨${definition.words.key}.ports.${port.id}⟩`);
    }
    // A new module's content says each of its default words in the words given.
    for (const word of Object.keys(definition.words.defaults ?? {}))
      expect(JSON.stringify(content)).toContain(`⟨${definition.words.key}.defaults.${word}⟩`);
    expect(definition.ports(definition.defaults).every((port) => !port.label.startsWith('⟨'))).toBe(true);
  });

  it('say an unknown word out loud as an error', () => {
    expect(() => englishOf(moduleDefinitions.text.words)('ports.nowhere' as 'ports.next')).toThrow(
      UnknownWordError,
    );
  });

  it('pick the plural form by count, as i18next does', () => {
    const say = englishOf(moduleDefinitions.intent_router.words);
    expect(say('summary.intents', { count: 1 })).toBe('1 intent');
    expect(say('summary.intents', { count: 3 })).toBe('3 intents');
    expect(moduleDefinitions.delay.summary({ seconds: 30 })).toEqual(['Wait 30 s']);
  });
});
