import { describe, expect, it } from 'vitest';
import { readAmount, readRange } from './question-ranges';

const range = (min: number | null, max: number | null, minInclusive = false, maxInclusive = false) => ({
  min,
  max,
  minInclusive,
  maxInclusive,
});

describe('reading a number range from a question', () => {
  it.each([
    ['Do you have red shoes under 50?', range(null, 50), 'Do you have red shoes ?'],
    ['shoes less than $50', range(null, 50), 'shoes'],
    ['jackets below 89,99 €', range(null, 89.99), 'jackets'],
    ['anything cheaper than 30 dollars?', range(null, 30), 'anything ?'],
    ['jackets over 100', range(100, null), 'jackets'],
    ['more than 1,000 euros', range(1000, null), ''],
    ['socks up to 12', range(null, 12, false, true), 'socks'],
    ['at least 20', range(20, null, true), ''],
    ['shoes between 20 and 50', range(20, 50, true, true), 'shoes'],
    ['shoes from $20 to $50', range(20, 50, true, true), 'shoes'],
    ['over 20 and under 50', range(20, 50), 'and'],
    ['zapatos de menos de 50 €', range(null, 50), 'zapatos de'],
    ['chaquetas de más de 80 euros', range(80, null), 'chaquetas de'],
    ['calcetines entre 10 y 20', range(10, 20, true, true), 'calcetines'],
    ['algo más barato que 30', range(null, 30), 'algo'],
    ['no más de 40', range(null, 40, false, true), ''],
    ['precio < 25', range(null, 25), 'precio'],
  ])('%j', (question, expected, rest) => {
    expect(readRange(question)).toEqual({ range: expected, rest });
  });

  it.each([
    'How much is SKU-1042?',
    'Air Max 90 shoes',
    'understand 50 things',
    'over the rainbow',
    'between friends',
    'over 50 and under 20',
  ])('reads no range in %j', (question) => {
    expect(readRange(question)).toEqual({ range: null, rest: question });
  });

  it('reads a long hostile question quickly, and only its start', () => {
    const hostile = `${'under 1,1,1,1,1,1 '.repeat(20_000)}between 5 and`;
    const started = performance.now();
    readRange(hostile);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it.each([
    ['50', 50],
    ['9.99', 9.99],
    ['12,50', 12.5],
    ['1,000', 1000],
    ['1.000', 1000],
    ['1,299.50', 1299.5],
    ['1.299,50', 1299.5],
    ['1,000,000', 1_000_000],
  ])('reads the amount %j', (text, value) => {
    expect(readAmount(text)).toBe(value);
  });
});
