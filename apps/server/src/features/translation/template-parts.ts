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
