import type { BotDetail, KnowledgeSearchResponse, KnowledgeSource } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createdBot, registerOwner } from '../../../test/fixtures';
import { settledSource, uploadedSource } from '../../../test/knowledge-sources';
import { createTestApp, type TestApp } from '../../../test/test-app';

const priceList = [
  'SKU,Product,Price,Stock,Category',
  'SKU-1042,Red running shoes,59.90,3,Shoes',
  'SKU-2001,Blue rain jacket,89.00,12,Jackets',
  'SKU-2002,Green rain jacket,92.50,0,Jackets',
  'SKU-3001,Wool socks,12.00,40,Socks',
  'SKU-3002,Cotton socks,4.50,25,Socks',
  'SKU-4001,Leather boots,149.00,2,Shoes',
].join('\n');

describe('exact filters from the question: number ranges', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let bot: BotDetail;
  let prices: KnowledgeSource;

  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
    bot = await createdBot(t, headers);
    prices = await uploadedSource(t, headers, bot.id, 'prices.csv', priceList);
    expect((await settledSource(t, headers, bot.id, prices)).source.live?.state).toBe('ready');
  });
  afterAll(() => t.close());

  const search = async (query: string, limit = 10) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/knowledge/search`,
      headers,
      payload: { query, limit },
    });
    expect(response.statusCode).toBe(200);
    return response.json<KnowledgeSearchResponse>().results;
  };
  const rows = async (query: string) => (await search(query)).map((result) => result.rowNumber);

  it('narrows the rows to a price range in English, before ranking, and says which value matched', async () => {
    // Price is no filter column, but its name says it is a price: ranges apply to it.
    const shoes = await search('shoes under 100');
    expect(shoes.map((result) => result.rowNumber)).toEqual([1]);
    expect(shoes[0]?.matchedFilters).toEqual([
      { column: 'Price', value: '59.9' },
      { column: 'Category', value: 'Shoes' },
    ]);
    expect(shoes[0]?.score).toBeGreaterThanOrEqual(0.5);

    expect(await rows('a rain jacket between 85 and 90 dollars')).toEqual([2]);
    expect(await rows('rain jackets from $90 to $100')).toEqual([3]);
    expect(await rows('anything over 100?')).toEqual([6]);
    expect(await rows('do you have anything less than 60 €?')).toEqual([5, 4, 1]);
    // The rows in range matching the words rank first; with none, the rows in range, lowest first.
    const cheap = await search('anything cheaper than $15?');
    expect(cheap.map((result) => result.rowNumber)).toEqual([5, 4]);
    for (const result of cheap) expect(result.score).toBe(0.5);
    expect(await rows('socks below 10')).toEqual([5]);
    // A category the question names and a range none of its rows is in: nothing, not other rows.
    expect(await rows('jackets under 10')).toEqual([]);
  });

  it('reads the ranges Spanish-speaking visitors ask for', async () => {
    expect(await rows('¿tenéis algo de menos de 5 €?')).toEqual([5]);
    expect(await rows('chaquetas entre 80 y 95 euros')).toEqual([2, 3]);
    expect(await rows('algo de más de 100')).toEqual([6]);
    expect(await rows('zapatos más baratos que 60')).toEqual([5, 4, 1]);
  });

  it('applies a range to the numeric filter column the question names, else to the price', async () => {
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/bots/${bot.id}/knowledge/datasets/${prices.id}`,
      headers,
      payload: { columns: [{ name: 'Stock', searchable: false, filter: true }] },
    });
    expect(changed.statusCode).toBe(200);
    const inStock = await search('more than 20 in stock');
    expect(inStock.map((result) => result.rowNumber)).toEqual([5, 4]);
    expect(inStock[0]?.matchedFilters).toEqual([{ column: 'Stock', value: '25' }]);
    expect(await rows('more than 100')).toEqual([6]);
  });

  it('ranks the rows matching all the words first, and falls back to any word only when none does', async () => {
    expect(await rows('blue rain jacket')).toEqual([2]);
    expect((await rows('purple rain jacket')).sort()).toEqual([2, 3]);
    expect(await rows('helicopter')).toEqual([]);
  });

  it('reads a hostile question of range phrases quickly', async () => {
    const hostile = 'under 1,1,1,1,1 between 2 and 3 más de 4 '.repeat(30).slice(0, 1000);
    const started = performance.now();
    await search(hostile);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
