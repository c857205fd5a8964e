import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { CellValue, ColumnType } from '@parley/contracts';
import { CsvError, parse } from 'csv-parse';
import { cleanText } from '../../plugins/clean-input';
import type { CsvFormat } from './csv-format';

/**
 * Reading a CSV file as a stream of records (csv-parse over a streaming decoder), checking it,
 * and typing its cells. Nothing here holds more than one record and one piece of the file.
 */

/** A record longer than this is not a row of a spreadsheet (a 10 MB single line, a binary file). */
export const MAX_RECORD_CHARS = 128 * 1024;
/** How many bad lines a failure names before it stops reading. */
export const MAX_BAD_LINES = 5;
/** Columns a dataset may have. */
export const MAX_COLUMNS = 500;

/** A file that cannot become a dataset: why, and the first lines that show it. */
export class CsvProblem extends Error {
  constructor(
    message: string,
    readonly lines: number[] = [],
  ) {
    super(message);
  }
}

export interface CsvRecord {
  fields: string[];
  /** The line the record starts on (1-based). */
  line: number;
}

/**
 * Characters handed to the parser at once. It turns all it is given into records before the reader
 * takes any, so a whole piece (a megabyte, some 10 000 rows) would be that many records held at once.
 */
const PARSE_SLICE_CHARS = 64 * 1024;

function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + PARSE_SLICE_CHARS, text.length);
    // Never between the two halves of a character outside the BMP (an emoji).
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield text.slice(start, end);
    start = end;
  }
}

async function* decoded(pieces: AsyncIterable<Uint8Array>, format: CsvFormat): AsyncGenerator<string> {
  // `fatal`: a byte that is not of the detected encoding fails the file rather than turning into �.
  const decoder = new TextDecoder(format.encoding, { fatal: true, ignoreBOM: false });
  let offset = 0;
  try {
    for await (const piece of pieces) {
      const text = decoder.decode(piece, { stream: true });
      offset += piece.byteLength;
      for (const slice of slices(text)) {
        yield slice;
        // Let the event loop turn: on the embedded database a query never waits on I/O, so reading
        // a large file would otherwise hold up every request and timer of the server until it ends.
        await setImmediate();
      }
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) {
      throw new CsvProblem(
        `The file is not valid ${format.encoding.toUpperCase()} text (a wrong byte before byte ${offset + 1}). ` +
          'Save it as CSV UTF-8 and upload it again.',
      );
    }
    throw error;
  }
}

function problemOf(error: CsvError): CsvProblem {
  const line = typeof error.lines === 'number' ? [error.lines] : [];
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      // The parser notices at the end of the file: the opening quote is on this line or above it.
      return new CsvProblem(
        'A quoted field is never closed: a " is missing, so the file ends inside quotes (look at the line named and above).',
        line,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return new CsvProblem(
        `A line is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters; a CSV row is never that long. ` +
          'Is this really a CSV file?',
        line,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new CsvProblem(
        'A field has a stray " in it: quote the whole field and double the quotes inside.',
        line,
      );
    default:
      return new CsvProblem(`The file could not be read as CSV: ${error.message}`, line);
  }
}

/**
 * The file's records, one at a time, each with the line it starts on. Blank lines and rows of
 * empty cells are skipped. Throws CsvProblem for a file that is not CSV text.
 */
export async function* csvRecords(
  pieces: AsyncIterable<Uint8Array>,
  format: CsvFormat,
): AsyncGenerator<CsvRecord> {
  const source = Readable.from(decoded(pieces, format));
  const parser = source.pipe(
    parse({
      delimiter: format.delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  );
  let endOfPrevious = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const fields = record.map((field) => cleanText(field).trim());
      // Skipped blank lines sit between records: the record starts on its first line with content.
      const rows = record.reduce((count, field) => count + (field.match(/\n/g)?.length ?? 0), 0);
      yield { fields, line: Math.max(endOfPrevious + 1, info.lines - rows) };
      endOfPrevious = info.lines;
    }
  } catch (error) {
    if (error instanceof CsvError) throw problemOf(error);
    throw error;
  } finally {
    // A reader that stops early (too many bad lines) stops the reading of the file too.
    source.destroy();
  }
}

/** What one column's values allowed so far. */
interface ColumnEvidence {
  number: boolean;
  date: boolean;
  /** Every value is one short token (a code, a category): a good exact filter. */
  token: boolean;
  filled: number;
}

export interface InspectedColumn {
  name: string;
  type: ColumnType;
  /** Its values are short single tokens: offered as a filter by default. */
  looksLikeKey: boolean;
}

export interface CsvInspection {
  columns: InspectedColumn[];
  rowCount: number;
  /** Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`); they are kept as plain text. */
  formulaCells: number;
}

const NUMBER = /^[-+]?(\d+(\.\d+)?|\d{1,3}(,\d{3})+(\.\d+)?|\.\d+)$/;
const DECIMAL_COMMA = /^[-+]?\d+,\d+$/;
const DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ]\d{2}:\d{2}(:\d{2})?)?$/;
const FORMULA = /^[=+\-@\t\r]/;

/** The number a cell says, or undefined; `decimalComma` for files delimited by `;` (Europe). */
export function numberOf(value: string, decimalComma: boolean): number | undefined {
  if (decimalComma && DECIMAL_COMMA.test(value)) return Number(value.replace(',', '.'));
  if (!NUMBER.test(value)) return undefined;
  const number = Number(value.replaceAll(',', ''));
  return Number.isFinite(number) ? number : undefined;
}

/** The ISO date (`YYYY-MM-DD`) a cell says, or undefined. */
export function dateOf(value: string): string | undefined {
  const match = DATE.exec(value);
  if (!match) return undefined;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

function headerOf(record: CsvRecord): string[] {
  if (record.fields.length > MAX_COLUMNS) {
    throw new CsvProblem(
      `The header row has ${record.fields.length} columns; a dataset takes at most ${MAX_COLUMNS}.`,
      [record.line],
    );
  }
  const names = record.fields.map((name, index) => name || `Column ${index + 1}`);
  const seen = new Map<string, number>();
  for (const [index, name] of names.entries()) {
    const first = seen.get(name.toLowerCase());
    if (first !== undefined) {
      throw new CsvProblem(
        `Column names must be unique: “${name}” is the name of columns ${first + 1} and ${index + 1}.`,
        [record.line],
      );
    }
    seen.set(name.toLowerCase(), index);
  }
  return names;
}

/**
 * Reads the whole file once without storing anything: the header (unique names), every row's
 * length (the first bad lines are named), and each column's type. Throws CsvProblem.
 */
export async function inspectCsv(
  records: AsyncIterable<CsvRecord>,
  format: CsvFormat,
): Promise<CsvInspection> {
  let names: string[] | undefined;
  let evidence: ColumnEvidence[] = [];
  let rowCount = 0;
  let formulaCells = 0;
  const badLines: number[] = [];
  const decimalComma = format.delimiter === ';';
  for await (const record of records) {
    if (!names) {
      names = headerOf(record);
      evidence = names.map(() => ({ number: true, date: true, token: true, filled: 0 }));
      continue;
    }
    if (record.fields.length !== names.length) {
      badLines.push(record.line);
      if (badLines.length >= MAX_BAD_LINES) break;
      continue;
    }
    rowCount++;
    for (const [index, value] of record.fields.entries()) {
      const column = evidence[index];
      if (!column || value === '') continue;
      column.filled++;
      if (column.number && numberOf(value, decimalComma) === undefined) column.number = false;
      if (column.date && dateOf(value) === undefined) column.date = false;
      if (column.token && (value.length > 64 || /\s/.test(value))) column.token = false;
      if (FORMULA.test(value) && numberOf(value, decimalComma) === undefined) formulaCells++;
    }
  }
  if (!names) throw new CsvProblem('The file is empty: it has no header row and no rows.');
  if (badLines.length > 0) {
    throw new CsvProblem(
      `Every row must have the header’s ${names.length} columns; ${badLines.length === 1 ? 'this line does' : badLines.length === MAX_BAD_LINES ? 'these lines (and maybe more) do' : 'these lines do'} not.`,
      badLines,
    );
  }
  if (rowCount === 0) throw new CsvProblem('The file has a header row but no rows under it.');
  return {
    columns: names.map((name, index) => {
      const column = evidence[index] ?? { number: false, date: false, token: false, filled: 0 };
      const type: ColumnType =
        column.filled > 0 && column.number ? 'number' : column.filled > 0 && column.date ? 'date' : 'text';
      return { name, type, looksLikeKey: type === 'text' && column.filled > 0 && column.token };
    }),
    rowCount,
    formulaCells,
  };
}

/** A row's cells keyed by column name, typed as the inspection found. */
export function typedCells(
  fields: string[],
  columns: readonly { name: string; type: ColumnType }[],
  format: CsvFormat,
): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const [index, column] of columns.entries()) {
    const value = fields[index] ?? '';
    if (value === '') cells[column.name] = null;
    else if (column.type === 'number')
      cells[column.name] = numberOf(value, format.delimiter === ';') ?? value;
    else if (column.type === 'date') cells[column.name] = dateOf(value) ?? value;
    else cells[column.name] = value;
  }
  return cells;
}

/** A row of a dataset as stored: its number among the rows, the line it starts on, its typed cells. */
export interface TypedRow {
  rowNumber: number;
  lineNumber: number;
  cells: Record<string, CellValue>;
}

/** Rows per batch at most. */
export const ROWS_PER_BATCH = 1000;
/**
 * Characters of cells per batch at most (one insert statement's JSON parameter), however wide the
 * rows: the embedded database's memory grows to fit its largest statement and is never given back
 * (a 10 MB value grew it by 83 MB).
 */
export const BATCH_CHARS = 64 * 1024;

/** About how many characters a row adds to a batch's JSON: its cells, their column names, quotes. */
const jsonChars = (fields: readonly string[], columns: readonly { name: string }[]) =>
  fields.reduce((chars, field, index) => chars + field.length + (columns[index]?.name.length ?? 0) + 6, 16);

/** The rows under the header, typed as `columns` says, in batches of one insert statement each. */
export async function* typedRowBatches(
  records: AsyncIterable<CsvRecord>,
  columns: readonly { name: string; type: ColumnType }[],
  format: CsvFormat,
): AsyncGenerator<TypedRow[]> {
  let batch: TypedRow[] = [];
  let chars = 0;
  let header = true;
  let rowNumber = 0;
  for await (const record of records) {
    if (header) {
      header = false;
      continue;
    }
    batch.push({
      rowNumber: ++rowNumber,
      lineNumber: record.line,
      cells: typedCells(record.fields, columns, format),
    });
    chars += jsonChars(record.fields, columns);
    if (batch.length >= ROWS_PER_BATCH || chars >= BATCH_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) yield batch;
}
