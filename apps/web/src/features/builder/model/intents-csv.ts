import type { Intent } from '@parley/flow';
import { intentNameSchema } from '@parley/modules';
import { MAX_PHRASE_LENGTH } from './intents';

/**
 * Intents as CSV: the header `intent,phrase`, then one line per training phrase (RFC 4180: fields
 * with a comma, a quote or a line break are quoted, a quote inside doubled). A small reader of our
 * own rather than a library: the file has two columns, and errors must name the line they are on.
 */

export const INTENTS_CSV_HEADER = 'intent,phrase';

export type IntentsCsvProblem =
  | 'empty'
  | 'header'
  | 'columns'
  | 'unclosedQuote'
  | 'strayQuote'
  | 'badName'
  | 'longPhrase';

const messages: Record<IntentsCsvProblem, (params: Record<string, string | number>) => string> = {
  empty: () => `The file is empty: its first line must be the header ${INTENTS_CSV_HEADER}`,
  header: () => `The first line must be the header ${INTENTS_CSV_HEADER}`,
  columns: ({ fields }) => `it has ${fields} fields; each line has two: intent,phrase`,
  unclosedQuote: () => 'a quoted field never closes',
  strayQuote: () => 'a quote appears inside a field that is not quoted',
  badName: ({ name }) => `“${name}” is not an intent name (letters, digits, _, . and -, at most 100)`,
  longPhrase: ({ length }) => `the phrase has ${length} characters; at most ${MAX_PHRASE_LENGTH}`,
};

/** Why a file cannot be read as intents, and on which line (1-based) it went wrong. */
export class IntentsCsvError extends Error {
  override name = 'IntentsCsvError';
  constructor(
    readonly problem: IntentsCsvProblem,
    readonly line: number,
    readonly params: Record<string, string | number> = {},
  ) {
    const what = messages[problem](params);
    super(problem === 'empty' || problem === 'header' ? what : `Line ${line}: ${what}`);
  }
}

interface CsvRecord {
  line: number;
  fields: string[];
}

/** The records of a CSV text, each with the line it starts on. */
function readRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        at++;
        for (;;) {
          if (at >= text.length) throw new IntentsCsvError('unclosedQuote', start);
          const char = text[at] as string;
          if (char === '"' && text[at + 1] === '"') {
            field += '"';
            at += 2;
          } else if (char === '"') {
            at++;
            break;
          } else {
            if (char === '\n') line++;
            field += char;
            at++;
          }
        }
        if (at < text.length && !',\r\n'.includes(text[at] as string))
          throw new IntentsCsvError('strayQuote', line);
      } else {
        while (at < text.length && !',\r\n'.includes(text[at] as string)) {
          if (text[at] === '"') throw new IntentsCsvError('strayQuote', line);
          field += text[at];
          at++;
        }
      }
      fields.push(field);
      if (text[at] === ',') {
        at++;
        continue;
      }
      break;
    }
    if (text[at] === '\r') at++;
    if (text[at] === '\n') at++;
    line++;
    // Blank lines (a lone empty field) are skipped.
    if (!(fields.length === 1 && fields[0]?.trim() === '')) records.push({ line: start, fields });
  }
  return records;
}

/**
 * Reads intents from CSV text: phrases grouped by intent, in the order they first appear.
 * Throws IntentsCsvError naming the first bad line; nothing is read from a bad file.
 */
export function parseIntentsCsv(text: string): Intent[] {
  const records = readRecords(text.replace(/^\uFEFF/, ''));
  const [header, ...rows] = records;
  if (!header) throw new IntentsCsvError('empty', 1);
  if (header.fields.map((field) => field.trim().toLowerCase()).join(',') !== INTENTS_CSV_HEADER)
    throw new IntentsCsvError('header', header.line);
  const intents = new Map<string, string[]>();
  for (const { line, fields } of rows) {
    if (fields.length !== 2) throw new IntentsCsvError('columns', line, { fields: fields.length });
    const name = (fields[0] as string).trim();
    const phrase = (fields[1] as string).trim();
    if (!intentNameSchema.safeParse(name).success) throw new IntentsCsvError('badName', line, { name });
    if (phrase.length > MAX_PHRASE_LENGTH)
      throw new IntentsCsvError('longPhrase', line, { length: phrase.length });
    const phrases = intents.get(name) ?? [];
    // An empty phrase names an intent without adding a phrase (how one without any is written).
    if (phrase && !phrases.some((other) => other.toLowerCase() === phrase.toLowerCase()))
      phrases.push(phrase);
    intents.set(name, phrases);
  }
  return [...intents].map(([name, utterances]) => ({ name, utterances }));
}

const quoted = (field: string) => (/[",\r\n]|^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/** The intents as CSV, in the format parseIntentsCsv reads (an intent without phrases: `name,`). */
export function intentsToCsv(intents: Intent[]): string {
  const lines = [INTENTS_CSV_HEADER];
  for (const intent of intents) {
    if (intent.utterances.length === 0) lines.push(`${quoted(intent.name)},`);
    for (const phrase of intent.utterances) lines.push(`${quoted(intent.name)},${quoted(phrase)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}
