import { describe, expect, it } from 'vitest';
import type { StorePort } from '../kit/store';
import { testContext } from '../kit/testing';
import { addToCartRuntime } from './execute';
import { addToCartContentSchema, addToCartDefinition } from './schema';

describe('add to cart link module', () => {
  const content = addToCartContentSchema.parse({
    ...addToCartDefinition.defaults,
    quantity: '{{ qty }}',
    resultVariable: 'cart',
  });
  const store = (async (request: { variantId: string; quantity: number }) => ({
    url: `https://demo.myshopify.com/cart/${request.variantId}:${request.quantity}`,
  })) as unknown as StorePort;

  it('sends the cart permalink as a link button', async () => {
    const { context, sent, variables } = testContext({
      variables: { variant_id: '40000000000', qty: '2' },
      store,
    });
    expect(await addToCartRuntime.enter(content, context)).toMatchObject({
      port: 'next',
      call: { result: 'https://demo.myshopify.com/cart/40000000000:2' },
    });
    expect(sent).toEqual([
      {
        type: 'buttons',
        text: addToCartDefinition.defaults.text,
        buttons: [
          {
            id: 'cart',
            label: 'Open my cart',
            kind: 'url',
            url: 'https://demo.myshopify.com/cart/40000000000:2',
          },
        ],
      },
    ]);
    expect(variables.get('cart')).toBe('https://demo.myshopify.com/cart/40000000000:2');
  });

  it('refuses a quantity that is not a whole number from 1 to 999, naming it', async () => {
    const { context, sent } = testContext({ variables: { variant_id: '4', qty: 'lots' }, store });
    expect(await addToCartRuntime.enter(content, context)).toMatchObject({
      port: 'failure',
      failure: { reason: 'template_error' },
    });
    expect(sent).toEqual([{ type: 'text', text: addToCartDefinition.defaults.failureMessage }]);
  });
});
