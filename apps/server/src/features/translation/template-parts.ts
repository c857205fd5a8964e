/** Jinja's parts (`{{ … }}`, `{% … %}`, `{# … #}`): code, never words to translate. */
const TEMPLATE_PART = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;
const PLACEHOLDER = /<x id="(\d+)"\s*\/>/g;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A text as DeepL's XML tag handling reads it: the words escaped, each template part replaced by
 * an empty `<x id="n"/>` element, which DeepL keeps (and may move) but never translates.
 */
export function protectTemplates(text: string): { xml: string; parts: string[] } {
  const parts: string[] = [];
  let xml = '';
  let last = 0;
  for (const match of text.matchAll(TEMPLATE_PART)) {
    xml += `${escapeXml(text.slice(last, match.index))}<x id="${parts.length}"/>`;
    parts.push(match[0]);
    last = match.index + match[0].length;
  }
  return { xml: xml + escapeXml(text.slice(last)), parts };
}

/**
 * The translated text with its template parts put back; null when the translation lost or
 * repeated one (the caller keeps the original then: a broken variable is worse than English).
 */
export function restoreTemplates(translatedXml: string, parts: string[]): string | null {
  const seen = new Set<number>();
  let broken = false;
  const pieces: string[] = [];
  let last = 0;
  for (const match of translatedXml.matchAll(PLACEHOLDER)) {
    const index = Number(match[1]);
    if (seen.has(index) || parts[index] === undefined) broken = true;
    seen.add(index);
    pieces.push(unescapeXml(translatedXml.slice(last, match.index)), parts[index] ?? '');
    last = match.index + match[0].length;
  }
  if (broken || seen.size !== parts.length) return null;
  pieces.push(unescapeXml(translatedXml.slice(last)));
  return pieces.join('');
}

/** The template parts of a text, in order (`{{ name }}`, `{% if vip %}`, …). */
export const templateParts = (text: string): string[] =>
  [...text.matchAll(TEMPLATE_PART)].map(([part]) => part);

/**
 * The template parts a translation lost and the ones it made up, compared with its source's (the
 * same parts, in any order, or a variable would go missing or break).
 */
export function templatePartsDiff(source: string, translation: string): { lost: string[]; added: string[] } {
  const left = templateParts(translation);
  const lost: string[] = [];
  for (const part of templateParts(source)) {
    const index = left.indexOf(part);
    if (index < 0) lost.push(part);
    else left.splice(index, 1);
  }
  return { lost, added: left };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const OUTPUT_PART = /^\{\{[\s\S]*\}\}$/;

/**
 * Translates a text rendered from `template` with `translatedTemplate` (the same `{{ … }}` parts):
 * the values the rendered text has where the template has its parts go where the translation has
 * them. Null when the text is not one the template renders, or the template has parts whose output
 * cannot be read back (`{% if %}` blocks, comments): such texts are translated as rendered.
 */
export function templateTranslator(
  template: string,
  translatedTemplate: string,
): ((rendered: string) => string | null) | null {
  const parts = templateParts(template);
  if (parts.length === 0 || !parts.every((part) => OUTPUT_PART.test(part))) return null;
  const pattern = new RegExp(`^${template.split(TEMPLATE_PART).map(escapeRegExp).join('([\\s\\S]*?)')}$`);
  return (rendered) => {
    const match = pattern.exec(rendered);
    if (!match) return null;
    const values = new Map<string, string>();
    for (const [index, part] of parts.entries()) {
      const value = match[index + 1] ?? '';
      if (values.has(part) && values.get(part) !== value) return null;
      values.set(part, value);
    }
    return translatedTemplate.replace(TEMPLATE_PART, (part) => values.get(part) ?? part);
  };
}
