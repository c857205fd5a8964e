import { describe, expect, it } from 'vitest';
import { detectDelimiter, sniffFormat } from './csv-format';
import { dateOf, numberOf } from './csv-records';

describe('telling what kind of CSV a file is', () => {
  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n"1,5";2;3\n', ';'],
    ['a\tb\n1\t2\n', '\t'],
    ['a|b\n1|2\n', '|'],
    ['name,notes\n"x","a; b; c"\n', ','],
    ['single column\nvalue\n', ','],
  ])('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('reads the byte-order marks, UTF-8 and Windows-1252, and refuses binary data', () => {
    const sniff = (bytes: number[] | Buffer) => sniffFormat(Uint8Array.from(bytes));
    expect(sniff(Buffer.from('\uFEFFa;b\n1;2\n'))).toEqual({
      ok: true,
      format: { encoding: 'utf-8', delimiter: ';' },
    });
    expect(sniff([0xff, 0xfe, ...Buffer.from('a,b\n', 'utf16le')])).toMatchObject({
      format: { encoding: 'utf-16le' },
    });
    expect(sniff(Buffer.from('précio,b\n', 'latin1'))).toMatchObject({
      format: { encoding: 'windows-1252' },
    });
    expect(sniff([0x25, 0x50, 0x44, 0x46, 0x00, 0x01])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not text/),
    });
    expect(sniff(Buffer.from(' \n\n'))).toMatchObject({ ok: false, reason: expect.stringMatching(/empty/) });
  });

  it.each([
    ['12', false, 12],
    ['-3.5', false, -3.5],
    ['1,234.50', false, 1234.5],
    ['4,50', true, 4.5],
    ['4,50', false, undefined],
    ['SKU-12', false, undefined],
    ['=1+2', false, undefined],
    ['1e9', false, undefined],
  ])('reads %j as a number (decimal comma: %s): %s', (text, decimalComma, number) => {
    expect(numberOf(text, decimalComma)).toBe(number);
  });

  it.each([
    ['2026-02-28', '2026-02-28'],
    ['2026/02/28', '2026-02-28'],
    ['2026-02-30', undefined],
    ['28/02/2026', undefined],
    ['2026-02-28T10:00', '2026-02-28'],
  ])('reads %j as the date %s', (text, date) => {
    expect(dateOf(text)).toBe(date);
  });
});
