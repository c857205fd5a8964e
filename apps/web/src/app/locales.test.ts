import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flowWords } from '@parley/flow';
import { definitionOf, fillWord, kitWords, moduleTypes } from '@parley/modules';
import { describe, expect, it } from 'vitest';

/**
 * Every string the app shows is in English and Spanish: the two languages' files hold the same
 * keys with the same placeholders, and a Spanish text is not the English one left untranslated.
 * A failure names the file and the key, so whoever adds a screen can fix it at once.
 */

const localesDir = join(import.meta.dirname, '../../public/locales');
type Tree = { [key: string]: string | Tree };
const read = (lng: string, ns: string): Tree =>
  JSON.parse(readFileSync(join(localesDir, lng, `${ns}.json`), 'utf8'));
const namespaces = readdirSync(join(localesDir, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

/**
 * Texts that are the same in both languages on purpose: names of products, technical terms that
 * Spanish speakers use as they are, and words spelled alike. Add here only what a translator
 * would leave as it is.
 */
const SAME_IN_SPANISH = new Set([
  // Names of languages, plans, products and formats.
  'CSV',
  'HTML',
  'Markdown',
  'PDF',
  'English',
  'Español',
  'Lite',
  'LLM',
  'Webhook',
  'Webhooks',
  'Messenger',
  'Marketplace',
  'Messenger',
  'CRM',
  'URL',
  'HTTP',
  // Words Spanish spells the same, or takes as they are.
  'Bot',
  '{{count}} bot',
  '{{count}} bots',
  'Chat',
  'Endpoint',
  'Error',
  'Global: {{name}}',
  'Plan',
  'Postback',
  'Prompt',
  'Prompts',
  'Sans serif',
  'Serif',
  'Variable',
  'Variables',
  'Webhook: {{status}} ({{time}} ms)',
  '{{ms}} ms',
]);

/** Numbers, symbols and placeholders only: nothing to translate. */
const hasWords = (text: string) =>
  /\p{L}{2,}/u.test(text.replace(/\{\{[^}]*\}\}|<\/?\d+>|\$t\([^)]*\)|https?:\/\/\S+/g, ''));

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<(\d+)>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();

/** i18next's plural forms: Spanish may have a `_many` that English lacks. */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the Spanish locale files', () => {
  it.each(namespaces)('%s.json has the keys of the English one, and no others', (ns) => {
    const en = flatten(read('en', ns));
    const es = flatten(read('es', ns));
    const missing = [...en.keys()].filter((key) => !es.has(key)).map((key) => `es/${ns}.json lacks ${key}`);
    const extra = [...es.keys()]
      .filter((key) => !en.has(key))
      .filter((key) => !(key.endsWith('_many') && en.has(`${pluralBase(key)}_other`)))
      .map((key) => `es/${ns}.json has ${key}, which en/${ns}.json does not`);
    expect([...missing, ...extra]).toEqual([]);
  });

  it.each(namespaces)('%s.json says each text in Spanish, with the same placeholders', (ns) => {
    const en = flatten(read('en', ns));
    const es = flatten(read('es', ns));
    const problems: string[] = [];
    for (const [key, english] of en) {
      const spanish = es.get(key);
      if (spanish === undefined) continue;
      if (spanish === english && hasWords(english) && !SAME_IN_SPANISH.has(english))
        problems.push(`es/${ns}.json ${key} is still English: "${english}"`);
      if (placeholders(spanish).join() !== placeholders(english).join())
        problems.push(
          `es/${ns}.json ${key} has placeholders ${placeholders(spanish).join(', ') || 'none'}, ` +
            `English has ${placeholders(english).join(', ') || 'none'}`,
        );
    }
    expect(problems).toEqual([]);
  });
});

describe("module types' words", () => {
  const enModules = flatten(read('en', 'modules'));
  const esModules = flatten(read('es', 'modules'));
  const wordsOf = (key: string, tree: object) =>
    [...flatten(tree as Tree, key)].filter(([path]) => path !== `${key}.key`);

  it.each(moduleTypes)('%s: en/modules.json says what its words.ts says', (type) => {
    const { words } = definitionOf(type);
    for (const [path, english] of wordsOf(words.key, words)) expect(enModules.get(path), path).toBe(english);
  });

  it('the words all types share, and the flow schema messages, are in the English files as written', () => {
    for (const [path, english] of wordsOf('kit', kitWords)) expect(enModules.get(path), path).toBe(english);
    const builder = flatten(read('en', 'builder'));
    for (const [path, english] of flatten(flowWords.errors as unknown as Tree, 'globals.errors'))
      expect(builder.get(path), path).toBe(english);
  });

  it.each(moduleTypes)('%s: a module made in Spanish is valid content', (type) => {
    const definition = definitionOf(type);
    const say = (key: string, values?: Record<string, string | number>) => {
      const path = `${definition.words.key}.${key}`;
      const text = esModules.get(path);
      if (text === undefined) throw new Error(`es/modules.json lacks ${path}`);
      return fillWord(text, values);
    };
    const content = definition.create(say);
    const parsed = definition.content.safeParse(content);
    expect(parsed.error?.issues ?? [], JSON.stringify(content)).toEqual([]);
  });
});
