import type { BotTextTranslation, TranslationImportProblem } from '@parley/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { SaxesParser } from 'saxes';

/**
 * A language's translations as files a translator's tools read (CSV, XLIFF 1.2) and reading them
 * back: each row names the text by its key and may carry the source it translated (so a file
 * made before the source changed is refused by name rather than applied to other words).
 */

/** A row of an imported file, before it is checked against the bot. */
export interface ImportedRow {
  line: number | null;
  key: string;
  /** The source the file says it translated (absent when the file has no source column). */
  source: string | undefined;
  translation: string;
}

/** A file that cannot be read at all, or not as a translation file: each problem named. */
export class TranslationFileProblems extends Error {
  constructor(readonly problems: TranslationImportProblem[]) {
    super(problems[0]?.message ?? 'The file cannot be imported');
  }
}

const fileProblem = (code: TranslationImportProblem['code'], message: string, line: number | null = null) =>
  new TranslationFileProblems([{ line, key: null, code, message }]);

export const CSV_COLUMNS = ['key', 'module', 'source', 'translation', 'state'] as const;

/** A CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled). */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function translationsCsv(texts: BotTextTranslation[]): string {
  const rows = texts.map((text) =>
    [
      text.key,
      text.moduleName,
      text.source,
      text.state === 'outdated' || text.state === 'missing' ? (text.machine ?? '') : (text.translation ?? ''),
      text.state,
    ]
      .map(csvCell)
      .join(','),
  );
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** The CSV's rows: it needs a `key` and a `translation` column; `source` is checked when present. */
export function readTranslationsCsv(content: string): ImportedRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      throw fileProblem(
        'malformed',
        `The file is not valid CSV: ${error.message}`,
        typeof error.lines === 'number' ? error.lines : null,
      );
    throw error;
  }
  const [header, ...rows] = records;
  const columns = (header?.record ?? []).map((name) => name.trim().toLowerCase());
  const keyColumn = columns.indexOf('key');
  const translationColumn = columns.indexOf('translation');
  const sourceColumn = columns.indexOf('source');
  if (keyColumn < 0 || translationColumn < 0)
    throw fileProblem(
      'missing-column',
      `The first line names the columns and needs “key” and “translation” (it has: ${columns.join(', ') || 'nothing'})`,
      1,
    );
  return rows.map(({ record, info }) => {
    // `lines` is where the record ends; a quoted cell may span lines.
    const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    return {
      line: info.lines - breaks,
      key: (record[keyColumn] ?? '').trim(),
      source: sourceColumn < 0 ? undefined : record[sourceColumn],
      translation: record[translationColumn] ?? '',
    };
  });
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** XLIFF 1.2 target states for ours. */
const xliffState: Record<BotTextTranslation['state'], string> = {
  missing: 'needs-translation',
  outdated: 'needs-review-translation',
  machine: 'translated',
  reviewed: 'signed-off',
  edited: 'final',
};

export function translationsXliff(
  texts: BotTextTranslation[],
  file: { botName: string; source: string; target: string },
): string {
  const units = texts.map((text) => {
    const target =
      text.state === 'outdated' || text.state === 'missing' ? (text.machine ?? '') : (text.translation ?? '');
    const note = [text.moduleName, text.field].filter(Boolean).join(' · ');
    return [
      `      <trans-unit id="${escapeXml(text.key)}" xml:space="preserve">`,
      `        <source>${escapeXml(text.source)}</source>`,
      `        <target state="${xliffState[text.state]}">${escapeXml(target)}</target>`,
      ...(note ? [`        <note>${escapeXml(note)}</note>`] : []),
      '      </trans-unit>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${escapeXml(file.botName)}" source-language="${file.source}" target-language="${file.target}" datatype="plaintext">`,
    '    <body>',
    ...units,
    '    </body>',
    '  </file>',
    '</xliff>',
    '',
  ].join('\n');
}

/**
 * An XLIFF 1.2 file's units (`trans-unit` with an id, a source and a target of plain text). A file
 * whose target-language is another language is refused: its words would reach the wrong visitors.
 */
export function readTranslationsXliff(content: string, language: string): ImportedRow[] {
  const parser = new SaxesParser({ position: true });
  const rows: ImportedRow[] = [];
  const problems: TranslationImportProblem[] = [];
  let sawRoot = false;
  let unit: { line: number; key: string; source?: string; target?: string } | null = null;
  let reading: 'source' | 'target' | null = null;
  let text = '';
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    const attribute = (key: string) => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? value : value?.value;
    };
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'xliff')
        throw fileProblem(
          'malformed',
          `The file is not XLIFF (its root element is <${tag.name}>)`,
          parser.line,
        );
      return;
    }
    if (reading) {
      problems.push({
        line: parser.line,
        key: unit?.key ?? null,
        code: 'markup',
        message: `The ${reading} holds markup (<${tag.name}>); Parley's texts are plain text`,
      });
      return;
    }
    if (name === 'file') {
      const target = attribute('target-language');
      if (target && target.split('-')[0]?.toLowerCase() !== language)
        throw fileProblem(
          'wrong-language',
          `The file's target language is ${target}, not ${language}: import it into ${target}`,
          parser.line,
        );
    } else if (name === 'trans-unit') {
      unit = { line: parser.line, key: (attribute('id') ?? '').trim() };
    } else if (unit && (name === 'source' || name === 'target')) {
      reading = name;
      text = '';
    }
  });
  parser.on('text', (value) => {
    if (reading) text += value;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    if (reading && name === reading && unit) {
      unit[reading] = text;
      reading = null;
    } else if (name === 'trans-unit' && unit) {
      rows.push({ line: unit.line, key: unit.key, source: unit.source, translation: unit.target ?? '' });
      unit = null;
    }
  });
  try {
    parser.write(content).close();
  } catch (error) {
    if (error instanceof TranslationFileProblems) throw error;
    throw fileProblem(
      'malformed',
      `The file is not well-formed XML: ${error instanceof Error ? error.message.replace(/^[^:]*:\d+:\d+: /, '') : String(error)}`,
      parser.line,
    );
  }
  if (!sawRoot) throw fileProblem('malformed', 'The file is not XLIFF (it has no elements)');
  if (problems.length > 0) throw new TranslationFileProblems(problems);
  return rows;
}
