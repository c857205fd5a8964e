import { describe, expect, it } from 'vitest';
import { INTENTS_CSV_HEADER, IntentsCsvError, intentsToCsv, parseIntentsCsv } from './intents-csv';

/** The error a text raises, as `name: message`. */
function problemOf(text: string): string {
  try {
    parseIntentsCsv(text);
  } catch (error) {
    if (error instanceof IntentsCsvError)
      return `${error.name} ${error.problem}@${error.line}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('intents as CSV', () => {
  it('reads one phrase per line, grouped by intent in the order they first appear', () => {
    const text = [
      'intent,phrase',
      'track_order,where is my order',
      'refund,I want my money back',
      'track_order,  has my parcel shipped  ',
      '',
      'refund,"refund, please"',
      'refund,"she said ""refund"""',
      'track_order,Where is my order',
    ].join('\n');
    expect(parseIntentsCsv(text)).toEqual([
      { name: 'track_order', utterances: ['where is my order', 'has my parcel shipped'] },
      { name: 'refund', utterances: ['I want my money back', 'refund, please', 'she said "refund"'] },
    ]);
  });

  it('takes Windows line ends, a byte order mark, a header in capitals and a last line without an end', () => {
    expect(parseIntentsCsv('\uFEFFIntent, Phrase\r\nhello,hi there\r\nhello,hey')).toEqual([
      { name: 'hello', utterances: ['hi there', 'hey'] },
    ]);
  });

  it('reads an intent with an empty phrase as an intent without phrases', () => {
    expect(parseIntentsCsv('intent,phrase\nbilling,\nhours,when are you open')).toEqual([
      { name: 'billing', utterances: [] },
      { name: 'hours', utterances: ['when are you open'] },
    ]);
  });

  it.each([
    ['', 'IntentsCsvError empty@1: The file is empty: its first line must be the header intent,phrase'],
    ['name,text\na,b', 'IntentsCsvError header@1: The first line must be the header intent,phrase'],
    [
      'intent,phrase\nhello,hi\nhello,hi,there',
      'IntentsCsvError columns@3: Line 3: it has 3 fields; each line has two: intent,phrase',
    ],
    [
      'intent,phrase\nhello',
      'IntentsCsvError columns@2: Line 2: it has 1 fields; each line has two: intent,phrase',
    ],
    [
      'intent,phrase\nhello,hi\nmy intent!,hi',
      'IntentsCsvError badName@3: Line 3: “my intent!” is not an intent name (letters, digits, _, . and -, at most 100)',
    ],
    [
      'intent,phrase\nhello,"hi\nthere',
      'IntentsCsvError unclosedQuote@2: Line 2: a quoted field never closes',
    ],
    [
      'intent,phrase\nhello,say "hi"',
      'IntentsCsvError strayQuote@2: Line 2: a quote appears inside a field that is not quoted',
    ],
    [
      'intent,phrase\nhello,"hi" there',
      'IntentsCsvError strayQuote@2: Line 2: a quote appears inside a field that is not quoted',
    ],
    [
      `intent,phrase\nhello,hi\nhello,${'x'.repeat(501)}`,
      'IntentsCsvError longPhrase@3: Line 3: the phrase has 501 characters; at most 500',
    ],
  ])('refuses a bad file, naming the line: %j', (text, expected) => {
    expect(problemOf(text)).toBe(expected);
  });

  it('counts lines inside quoted fields, so the error names the line of the file', () => {
    expect(problemOf('intent,phrase\nhello,"two\nlines"\nbad name,x')).toBe(
      'IntentsCsvError badName@4: Line 4: “bad name” is not an intent name (letters, digits, _, . and -, at most 100)',
    );
  });

  it('writes what it reads back the same', () => {
    const intents = [
      { name: 'refund', utterances: ['refund, please', 'she said "refund"', 'plain'] },
      { name: 'billing', utterances: [] },
      { name: 'faq.hours', utterances: ['when are you open?'] },
    ];
    const text = intentsToCsv(intents);
    expect(text.split('\r\n')).toEqual([
      INTENTS_CSV_HEADER,
      'refund,"refund, please"',
      'refund,"she said ""refund"""',
      'refund,plain',
      'billing,',
      'faq.hours,when are you open?',
      '',
    ]);
    expect(parseIntentsCsv(text)).toEqual(intents);
  });
});
