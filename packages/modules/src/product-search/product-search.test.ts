import { describe, expect, it } from 'vitest';
import { OutsideCallFailed } from '../kit/call-failure';
import type { StoreAnswers, StorePort, StoreProduct } from '../kit/store';
import { testContext } from '../kit/testing';
import { productSearchRuntime } from './execute';
import { productSearchContentSchema, productSearchDefinition } from './schema';

const shoe: StoreProduct = {
  id: 'gid://shopify/Product/1',
  title: 'Trail Runner Shoe',
  url: 'https://demo.myshopify.com/products/trail-runner-shoe',
  imageUrl: 'https://cdn.example/shoe.svg',
  price: { min: '89.00', max: '99.00', currencyCode: 'EUR' },
  available: true,
  variantId: '40000000000',
  cartUrl: 'https://demo.myshopify.com/cart/40000000000:1',
};
const soldOut: StoreProduct = {
  ...shoe,
  id: 'p2',
  title: 'City Walker',
  price: { min: '69.00', max: '69.00', currencyCode: 'EUR' },
  available: false,
  cartUrl: null,
  url: null,
};

function store(answer: StoreAnswers['search_products'] | Error, asked: unknown[] = []): StorePort {
  return (async (request: unknown) => {
    asked.push(request);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as StorePort;
}

describe('product search module', () => {
  const content = productSearchContentSchema.parse({
    ...productSearchDefinition.defaults,
    words: '{{ said }}',
    resultVariable: 'found',
  });

  it('searches the rendered words and sends the products as a carousel with links', async () => {
    const asked: unknown[] = [];
    const { context, sent, variables } = testContext({
      variables: { said: 'shoes' },
      store: store({ shopName: 'Demo', products: [shoe, soldOut], cached: false, cost: 57 }, asked),
    });
    const result = await productSearchRuntime.enter(content, context);
    expect(asked).toEqual([{ operation: 'search_products', words: 'shoes', first: 5 }]);
    expect(result).toMatchObject({
      kind: 'continue',
      port: 'found',
      call: { service: 'shopify', result: '2 products from Demo (cost 57)' },
    });
    expect(sent[0]).toEqual({ type: 'text', text: 'Here is what I found:' });
    expect(sent[1]).toEqual({
      type: 'carousel',
      cards: [
        {
          title: 'Trail Runner Shoe',
          subtitle: '€89.00 – €99.00 · In stock',
          imageUrl: 'https://cdn.example/shoe.svg',
          buttons: [
            { id: 'view-0', label: 'View product', kind: 'url', url: shoe.url },
            { id: 'cart-0', label: 'Add to cart', kind: 'url', url: shoe.cartUrl },
          ],
        },
        // Not on the online store and sold out: no links, and it says so.
        {
          title: 'City Walker',
          subtitle: '€69.00 · Sold out',
          imageUrl: 'https://cdn.example/shoe.svg',
          buttons: [],
        },
      ],
    });
    expect(variables.get('found')).toMatchObject([
      { title: 'Trail Runner Shoe', price: '€89.00 – €99.00', available: true },
      { available: false },
    ]);
  });

  it('takes No results with its message when nothing matches, without asking for empty words', async () => {
    const { context, sent } = testContext({
      variables: { said: 'kayak' },
      store: store({ shopName: 'Demo', products: [], cached: true, cost: 12 }),
    });
    expect(await productSearchRuntime.enter(content, context)).toMatchObject({
      port: 'no_results',
      call: { result: '0 products from Demo (cached)' },
    });
    expect(sent).toEqual([{ type: 'text', text: productSearchDefinition.defaults.noResultsMessage }]);
    const asked: unknown[] = [];
    const empty = testContext({ variables: { said: '  ' }, store: store(new Error('not asked'), asked) });
    expect(await productSearchRuntime.enter(content, empty.context)).toMatchObject({ port: 'no_results' });
    expect(asked).toEqual([]);
  });

  it('takes Failed with the reason named when the store cannot answer', async () => {
    const { context, sent } = testContext({
      variables: { said: 'shoes' },
      store: store(
        new OutsideCallFailed({
          reason: 'rate_limited',
          message: 'The store’s API limit is used up',
          status: 429,
        }),
      ),
    });
    const result = await productSearchRuntime.enter(content, context);
    expect(result).toMatchObject({
      port: 'failure',
      failure: { reason: 'rate_limited' },
      call: { result: 'The store’s API limit is used up' },
    });
    expect(sent).toEqual([{ type: 'text', text: 'Sorry, I can’t search the shop right now.' }]);
  });
});
