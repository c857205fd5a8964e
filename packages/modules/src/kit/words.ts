/**
 * The words a module type shows in the builder, in English: its name, its outputs, what a new one
 * says, its summary's phrases and its content schema's messages. They sit under `key` in the
 * `modules` namespace of apps/web/public/locales/<lng>/modules.json (same shape), where the builder
 * reads their translations; the engine, the server and the tests use these English ones. The
 * builder's locale test keeps the English file equal to these.
 */
export interface ModuleWords {
  /** Where the words live in modules.json (the key of the type's panel words too). */
  key: string;
  type: string;
  ports?: Record<string, string>;
  defaults?: Record<string, string>;
  summary?: Record<string, string>;
  errors?: Record<string, string>;
}

/** Dotted paths to a word (`ports.next`), plural forms (`intents_one`) named once (`intents`). */
export type WordKey<W> = {
  [K in keyof W & string]: K extends 'key'
    ? never
    : W[K] extends string
      ? K extends `${infer Base}_one`
        ? Base
        : K extends `${infer Base}_other`
          ? Base
          : K
      : `${K}.${WordKey<NonNullable<W[K]>>}`;
}[keyof W & string];

export type WordValues = Record<string, string | number>;

/**
 * One of a type's words by key, its `{{placeholders}}` filled in (a number `count` picks the
 * `_one` or `_other` form). The builder passes one that translates; `englishOf` makes the English.
 */
export type Say<W = unknown> = (key: unknown extends W ? string : WordKey<W>, values?: WordValues) => string;

/** A word the words do not have: a slip in a module's code, caught by its tests. */
export class UnknownWordError extends Error {
  constructor(readonly wordKey: string) {
    super(`No module word “${wordKey}”`);
    this.name = 'UnknownWordError';
  }
}

const lookup = (words: object, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], words);

/** Fills `{{name}}` placeholders as i18next does (a missing value leaves nothing). */
export const fillWord = (text: string, values: WordValues = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** Says a type's words in English, as its words.ts writes them. */
export function englishOf<W extends ModuleWords>(words: W): Say<W> {
  return (key, values) => {
    const count = values?.count;
    const plural =
      typeof count === 'number' ? lookup(words, `${key}_${count === 1 ? 'one' : 'other'}`) : undefined;
    const text = plural ?? lookup(words, key);
    if (typeof text !== 'string') throw new UnknownWordError(`${words.key}.${key}`);
    return fillWord(text, values);
  };
}
