/** A number range a question asks for ("under $50", "entre 20 y 50"), its bounds inclusive or not. */
export interface QuestionRange {
  min: number | null;
  minInclusive: boolean;
  max: number | null;
  maxInclusive: boolean;
}

/** The question's range, if any, and its words without the range's (for full text and filter values). */
export interface RangeReading {
  range: QuestionRange | null;
  rest: string;
}

/** Only a question's first characters are read: the search request allows 1 000. */
const MAX_QUESTION = 1_000;
/** Range phrases read at most (a second one narrows the first: "over 20 and under 50"). */
const MAX_RANGES = 4;

// A number as people write prices: `$1,299.50`, `12,50 €`, `50 euros`. Quantifiers are bounded and
// the expressions fixed, so reading a hostile question takes time linear in its length.
const CURRENCY = String.raw`(?:[$€£]\s?)?`;
const NUMBER = String.raw`(\d{1,12}(?:[.,]\d{1,12}){0,4})`;
const UNIT = String.raw`(?:\s?(?:[$€£]|dollars?|euros?|usd|eur|pounds?|dólares|libras)(?![\p{L}]))?`;
const AMOUNT = `${CURRENCY}${NUMBER}${UNIT}`;
const BEFORE = String.raw`(?<![\p{L}\p{N}])`;

type Bound = 'max' | 'maxInclusive' | 'min' | 'minInclusive';

/** Words putting a bound before a number, longest first where one starts another ("no more than"). */
const BOUNDS: readonly (readonly [Bound, readonly string[]])[] = [
  [
    'maxInclusive',
    [
      'no more than',
      'not more than',
      'up to',
      'at most',
      'no más de',
      'no mas de',
      'como máximo',
      'como maximo',
      'hasta',
      'máximo',
      'maximo',
    ],
  ],
  [
    'minInclusive',
    [
      'no less than',
      'not less than',
      'at least',
      'al menos',
      'como mínimo',
      'como minimo',
      'mínimo',
      'minimo',
    ],
  ],
  [
    'max',
    [
      'less than',
      'fewer than',
      'cheaper than',
      'lower than',
      'under',
      'below',
      'menos de',
      'menos que',
      'por debajo de',
      'más barato que',
      'mas barato que',
      'más baratos que',
      'mas baratos que',
      'más barata que',
      'mas barata que',
      'más baratas que',
      'mas baratas que',
      'menor que',
      'menores que',
      'menor de',
      'inferior a',
      'inferiores a',
      '<',
    ],
  ],
  [
    'min',
    [
      'more than',
      'greater than',
      'higher than',
      'more expensive than',
      'over',
      'above',
      'más de',
      'mas de',
      'más que',
      'mas que',
      'por encima de',
      'más caro que',
      'mas caro que',
      'más caros que',
      'mas caros que',
      'más cara que',
      'mas cara que',
      'más caras que',
      'mas caras que',
      'mayor que',
      'mayores que',
      'mayor de',
      'superior a',
      'superiores a',
      '>',
    ],
  ],
];

// The phrases are letters, spaces, `<` and `>`: nothing to escape in a regular expression.
const phrase = (words: string) => words.replace(/ /g, String.raw`\s{1,3}`);
const boundWords = BOUNDS.flatMap(([, words]) => words)
  .sort((a, b) => b.length - a.length)
  .map(phrase)
  .join('|');
const boundOf = new Map(BOUNDS.flatMap(([bound, words]) => words.map((word) => [word, bound] as const)));

/** "between 20 and 50", "from 20 to 50", "entre 20 y 50", "de 20 a 50", "desde 20 hasta 50". */
const BETWEEN = new RegExp(
  String.raw`${BEFORE}(?:between|from|entre|desde|de)\s{1,3}${AMOUNT}\s{1,3}(?:and|to|y|a|hasta|-)\s{1,3}${AMOUNT}`,
  'giu',
);
/** "under 50", "más de 100 €", "< 30". */
const ONE_SIDED = new RegExp(String.raw`${BEFORE}(${boundWords})\s{0,3}${AMOUNT}`, 'giu');

/**
 * Reads a number written as people write prices: a lone comma or point followed by three digits
 * groups thousands (`1,000`, `1.000`), otherwise it is the decimal mark (`12,50`, `9.99`).
 */
export function readAmount(text: string): number | null {
  const marks = text.match(/[.,]/g) ?? [];
  let normalized: string;
  if (marks.length === 0) normalized = text;
  else {
    const last = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
    const decimals = text.length - last - 1;
    const grouped = marks.length > 1 ? marks.every((mark) => mark === marks[0]) : decimals === 3;
    normalized = grouped
      ? text.replace(/[.,]/g, '')
      : `${text.slice(0, last).replace(/[.,]/g, '')}.${text.slice(last + 1)}`;
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/**
 * The number range a question asks for, read with fixed English and Spanish phrases ("under 50",
 * "between 20 and 50", "cheaper than $30", "menos de 50 €", "entre 20 y 50"), and the question
 * without them. Several phrases narrow each other ("over 20 and under 50"); a range nothing could
 * satisfy (min above max) is dropped.
 */
export function readRange(question: string): RangeReading {
  let rest = question.slice(0, MAX_QUESTION);
  const range: QuestionRange = { min: null, minInclusive: false, max: null, maxInclusive: false };
  let found = 0;
  const setMin = (value: number, inclusive: boolean) => {
    if (range.min === null || value > range.min || (value === range.min && !inclusive)) {
      range.min = value;
      range.minInclusive = inclusive;
    }
  };
  const setMax = (value: number, inclusive: boolean) => {
    if (range.max === null || value < range.max || (value === range.max && !inclusive)) {
      range.max = value;
      range.maxInclusive = inclusive;
    }
  };
  rest = rest.replace(BETWEEN, (match, low: string, high: string) => {
    const a = readAmount(low);
    const b = readAmount(high);
    if (a === null || b === null || found >= MAX_RANGES) return match;
    found++;
    setMin(Math.min(a, b), true);
    setMax(Math.max(a, b), true);
    return ' ';
  });
  rest = rest.replace(ONE_SIDED, (match, words: string, amount: string) => {
    const value = readAmount(amount);
    const bound = boundOf.get(words.toLowerCase().replace(/\s+/g, ' '));
    if (value === null || !bound || found >= MAX_RANGES) return match;
    found++;
    if (bound === 'min' || bound === 'minInclusive') setMin(value, bound === 'minInclusive');
    else setMax(value, bound === 'maxInclusive');
    return ' ';
  });
  const empty = range.min === null && range.max === null;
  const impossible =
    range.min !== null &&
    range.max !== null &&
    (range.min > range.max || (range.min === range.max && !(range.minInclusive && range.maxInclusive)));
  if (empty || impossible) return { range: null, rest: question };
  return { range, rest: rest.replace(/\s{2,}/g, ' ').trim() };
}
