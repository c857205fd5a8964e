import { flowWords } from '@parley/flow';
import { definitionOf, kitWords, moduleTypes } from '@parley/modules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The messages the builder's schemas give in English (`min(1, 'Write the question')`), each by
 * the key of its translation. Zod's own messages ("Too big: …") are said in the user's language by
 * zod's locale (app/i18n.ts); these are the ones the schemas write themselves.
 */
export function schemaMessageKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const add = (errors: Record<string, string> | undefined, prefix: string) => {
    for (const [name, english] of Object.entries(errors ?? {})) keys.set(english, `${prefix}.${name}`);
  };
  for (const type of moduleTypes) {
    const { words } = definitionOf(type);
    add(words.errors, `modules:${words.key}.errors`);
  }
  add(kitWords.errors, 'modules:kit.errors');
  add(flowWords.errors, 'builder:globals.errors');
  return keys;
}

const keys = schemaMessageKeys();

/** Says a schema's message (a zod issue's) in the user's language. */
export function useSchemaMessage(): (message: string) => string {
  const { t } = useTranslation(['modules', 'builder']);
  return useCallback(
    (message: string) => {
      const key = keys.get(message);
      return key ? t(key) : message;
    },
    [t],
  );
}
