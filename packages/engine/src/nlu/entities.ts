import type { NluEntity } from '@parley/modules';

const patterns: [entity: string, pattern: RegExp, value?: (text: string) => string][] = [
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g],
  ['url', /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g],
  // A run of digits with spaces, dots, dashes or brackets: a phone when it has 7 to 15 digits.
  ['phone', /(?<![\w.])\+?\(?\d[\d\s().-]{5,}\d(?![\w.])/g, (text) => text.replace(/[^\d+]/g, '')],
  ['number', /(?<![\w.])-?\d+(?:[.,]\d+)?(?![\w.])/g, (text) => text.replace(',', '.')],
];

/** Emails, web addresses, phone numbers and numbers in a message, each found once. */
export function extractEntities(text: string): NluEntity[] {
  const found: NluEntity[] = [];
  const taken: [number, number][] = [];
  for (const [entity, pattern, value] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      if (entity === 'phone') {
        const digits = match[0].replace(/\D/g, '').length;
        if (digits < 7 || digits > 15) continue;
      }
      taken.push([start, end]);
      found.push({ entity, text: match[0], value: value ? value(match[0]) : match[0] });
    }
  }
  return found;
}
