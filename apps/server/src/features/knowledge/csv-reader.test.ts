import { afterAll, describe, expect, it } from 'vitest';
import type { CsvFormat } from './csv-format';
import { csvReader } from './csv-reader';
import { CsvProblem } from './csv-records';

const format: CsvFormat = { encoding: 'utf-8', delimiter: ',' };

async function* piecesOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

// Each test starts reading threads, which compile their TypeScript through tsx as they load:
// a second or two alone, longer on a busy machine.
describe('reading CSV files on a thread', { timeout: 20_000 }, () => {
  const reader = csvReader();
  afterAll(() => reader.close());

  it('checks a file and answers its rows typed, in batches, across piece seams', async () => {
    const lines = ['Name,Price,Added'];
    for (let row = 1; row <= 2500; row++) lines.push(`Tea ${row} 🍵,${row}.5,2026-01-0${(row % 9) + 1}`);
    const text = lines.join('\n');
    const inspection = await reader.inspect(piecesOf(text, 1000), format);
    expect(inspection).toMatchObject({ rowCount: 2500 });
    expect(inspection.columns.map((column) => column.type)).toEqual(['text', 'number', 'date']);
    const batches = [];
    for await (const rows of reader.rows(piecesOf(text, 1000), format, inspection.columns))
      batches.push(rows);
    expect(batches.length).toBeGreaterThan(1);
    const rows = batches.flat();
    expect(rows).toHaveLength(2500);
    expect(rows[2499]).toEqual({
      rowNumber: 2500,
      lineNumber: 2501,
      cells: { Name: 'Tea 2500 🍵', Price: 2500.5, Added: '2026-01-08' },
    });
  });

  it('says what is wrong with a file, with its lines', async () => {
    const refused = reader.inspect(piecesOf('a,b\n1,2\n1,2,3\n', 4), format);
    await expect(refused).rejects.toBeInstanceOf(CsvProblem);
    await expect(refused).rejects.toMatchObject({
      lines: [3],
      message: 'Every row must have the header’s 2 columns; this line does not.',
    });
    await expect(reader.inspect(piecesOf('a,b\n1\n1,2\n1,2,3\n', 4), format)).rejects.toMatchObject({
      lines: [2, 4],
      message: 'Every row must have the header’s 2 columns; these lines do not.',
    });
  });

  it('stops the thread when the reader stops early, and reads the next file', async () => {
    const text = ['q,a', ...Array.from({ length: 5000 }, (_, row) => `q${row},a${row}`)].join('\n');
    for await (const rows of reader.rows(piecesOf(text, 500), format, [
      { name: 'q', type: 'text' },
      { name: 'a', type: 'text' },
    ])) {
      expect(rows[0]).toMatchObject({ rowNumber: 1, cells: { q: 'q0', a: 'a0' } });
      break;
    }
    expect((await reader.inspect(piecesOf('x\n1\n', 10), format)).rowCount).toBe(1);
  });
});
