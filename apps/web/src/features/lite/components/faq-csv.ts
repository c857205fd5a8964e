import type { LiteFaq } from '@parley/contracts';

/** Splits CSV text into rows of fields (quoted fields may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/**
 * Questions and answers from a CSV file of two columns (question, answer), the same shape the
 * knowledge upload takes; a first row naming the columns is skipped, and so are empty rows.
 */
export function faqsFromCsv(text: string): LiteFaq[] {
  const rows = csvRows(text.replace(/^\uFEFF/, ''))
    .map((row) => row.map((cell) => cell.trim()))
    .filter((row) => row.some((cell) => cell !== ''));
  const [first] = rows;
  const header = first && /^(question|pregunta)s?$/i.test(first[0] ?? '');
  return rows.slice(header ? 1 : 0).map(([question = '', answer = '']) => ({ question, answer }));
}
