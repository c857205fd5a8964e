import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV export', () => {
  it('writes a header and quotes what needs quoting', () => {
    const csv = toCsv(
      [
        { header: 'Message', value: (row: { text: string; count: number }) => row.text },
        { header: 'Count', value: (row) => row.count },
      ],
      [
        { text: 'hello', count: 3 },
        { text: 'say "hi", then\nleave', count: 1 },
      ],
    );
    expect(csv).toBe('Message,Count\r\nhello,3\r\n"say ""hi"", then\nleave",1\r\n');
  });

  it('keeps a cell from running as a spreadsheet formula', () => {
    expect(toCsv([{ header: 'Text', value: (row: string) => row }], ['=HYPERLINK("x")', '-1 day'])).toBe(
      `Text\r\n"'=HYPERLINK(""x"")"\r\n'-1 day\r\n`,
    );
  });
});
