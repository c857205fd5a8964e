/**
 * What kind of text a CSV file is, told from its first bytes: the encoding (a byte-order mark, else
 * UTF-8 when the bytes are valid UTF-8, else Windows-1252 as spreadsheets on Windows save it) and
 * the delimiter (the candidate that splits the first lines into the same number of fields).
 */

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface CsvFormat {
  encoding: CsvEncoding;
  delimiter: string;
}

/**
 * How much of the file the sniffing reads: a file whose first accented letter comes late is still
 * told apart (valid UTF-8 or Windows-1252).
 */
export const SNIFF_BYTES = 1024 * 1024;

const DELIMITERS = [',', ';', '\t', '|'] as const;

export type SniffResult = { ok: true; format: CsvFormat } | { ok: false; reason: string };

function encodingByMark(sample: Uint8Array): CsvEncoding | undefined {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Control characters other than tab, line feed, carriage return and form feed. */
function looksBinary(sample: Uint8Array): boolean {
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control > sample.length / 100;
}

function isUtf8(sample: Uint8Array): boolean {
  try {
    // `stream: true`: the sample may end in the middle of a character.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Counts `delimiter` outside double quotes in each of the first lines of `text`. */
function countsPerLine(text: string, delimiter: string, maxLines = 20): number[] {
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count++;
    else if (!quoted && char === '\n') {
      counts.push(count);
      count = 0;
      if (counts.length >= maxLines) return counts;
    }
  }
  if (count > 0) counts.push(count);
  return counts;
}

/** The delimiter that splits the header into the most fields and the following lines alike. */
export function detectDelimiter(text: string): string {
  // The last line of a sample may be cut short, so only whole lines are compared.
  const whole = text.includes('\n') ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  let best: { delimiter: string; fields: number; consistent: boolean } = {
    delimiter: ',',
    fields: 0,
    consistent: false,
  };
  for (const delimiter of DELIMITERS) {
    const counts = countsPerLine(whole, delimiter);
    const header = counts[0] ?? 0;
    if (header === 0) continue;
    const consistent = counts.every((count) => count === header);
    const better =
      (consistent && !best.consistent) || (consistent === best.consistent && header > best.fields);
    if (better) best = { delimiter, fields: header, consistent };
  }
  return best.delimiter;
}

/** The file's encoding and delimiter, or why it is not CSV text at all. */
export function sniffFormat(sample: Uint8Array): SniffResult {
  const marked = encodingByMark(sample);
  if (!marked && looksBinary(sample)) {
    return {
      ok: false,
      reason:
        'This file is not text: it looks like binary data (a spreadsheet workbook, an image, an archive). ' +
        'Save it as CSV and upload that file.',
    };
  }
  const encoding = marked ?? (isUtf8(sample) ? 'utf-8' : 'windows-1252');
  const text = new TextDecoder(encoding).decode(sample, { stream: true }).replace(/^\uFEFF/, '');
  if (text.trim() === '')
    return { ok: false, reason: 'The file is empty: it has no header row and no rows.' };
  return { ok: true, format: { encoding, delimiter: detectDelimiter(text) } };
}

/** How people and the API name a delimiter. */
export function delimiterName(delimiter: string): string {
  return delimiter === '\t' ? 'tab' : delimiter;
}
