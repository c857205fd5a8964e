import type { WebhookTemplateDefinition } from '@parley/contracts';
import { catalogueSpanish } from './catalogue.es';
import type { TemplateWords } from './template-words';

/** The catalogue's words in each language besides English, the language it is written in. */
export const catalogueWords: Record<string, Record<string, TemplateWords>> = { es: catalogueSpanish };

/** The language a reader asked for, as the catalogue has it (`es-MX` reads `es`). */
const baseLanguage = (language: string | undefined) => language?.slice(0, 2).toLowerCase();

/**
 * A built-in template's definition in the reader's language: its name, summary, description and
 * the fields' labels and help; the request and everything else stay as they are. Companies' own
 * templates, and languages the catalogue does not have, are shown as written.
 */
export function definitionIn(
  slug: string | null,
  definition: WebhookTemplateDefinition,
  language: string | undefined,
): WebhookTemplateDefinition {
  const words = slug ? catalogueWords[baseLanguage(language) ?? '']?.[slug] : undefined;
  if (!words) return definition;
  return {
    ...definition,
    name: words.name,
    summary: words.summary,
    description: words.description,
    fields: definition.fields.map((field) => ({ ...field, ...words.fields[field.key] })),
  };
}
