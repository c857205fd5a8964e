import { describe, expect, it } from 'vitest';
import type { StoreOrder, StorePort } from '../kit/store';
import { testContext } from '../kit/testing';
import { orderStatusRuntime } from './execute';
import { orderStatusContentSchema, orderStatusDefinition } from './schema';

const order: StoreOrder = {
  name: '#1001',
  createdAt: '2026-11-20T10:00:00Z',
  financialStatus: 'PAID',
  fulfillmentStatus: 'FULFILLED',
  cancelled: false,
  tracking: [{ company: 'UPS', number: '1Z', url: 'https://ups.example/1Z' }],
  statusUrl: null,
};

describe('order status module', () => {
  const content = orderStatusContentSchema.parse({
    ...orderStatusDefinition.defaults,
    foundMessage: 'Found your order',
  });

  it('asks by number and email, keeps the order and says it', async () => {
    const asked: unknown[] = [];
    const store = (async (request: unknown) => {
      asked.push(request);
      return { found: true, order };
    }) as StorePort;
    const { context, sent, variables } = testContext({
      variables: { order_number: '1001', email: 'ana@example.com' },
      store,
    });
    const result = await orderStatusRuntime.enter(content, context);
    expect(asked).toEqual([{ operation: 'order_status', orderNumber: '1001', email: 'ana@example.com' }]);
    expect(result).toMatchObject({
      port: 'found',
      call: { request: 'orders(query: "name:#1001") for a••@example.com', result: '#1001: FULFILLED' },
    });
    expect(variables.get('order')).toEqual(order);
    expect(sent).toEqual([{ type: 'text', text: 'Found your order' }]);
  });

  it('says the same Not found for an unknown order and another buyer’s, and sets nothing', async () => {
    const store = (async () => ({ found: false })) as StorePort;
    const { context, sent, variables } = testContext({
      variables: { order_number: '1002', email: 'ana@example.com' },
      store,
    });
    expect(await orderStatusRuntime.enter(content, context)).toMatchObject({ port: 'not_found' });
    expect(sent).toEqual([{ type: 'text', text: orderStatusDefinition.defaults.notFoundMessage }]);
    expect(variables.has('order')).toBe(false);
  });

  it('does not ask the store without a number or an email', async () => {
    const store = (async () => {
      throw new Error('not asked');
    }) as StorePort;
    const { context } = testContext({ variables: { order_number: '1001' }, store });
    expect(await orderStatusRuntime.enter(content, context)).toMatchObject({ port: 'not_found' });
  });
});
