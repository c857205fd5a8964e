import { type ContentOf, flowFixture } from '@parley/flow/testing';

/**
 * A bot that asks for an order number, looks it up with a webhook module (`lookup`: its content)
 * and says `Order {{ order }}: ` and `says.status`. When the call fails, it says `says.failed`
 * after the order number, or without it asks again.
 */
export function orderLookupFlow(lookup: ContentOf<'webhook'>, says: { status: string; failed?: string }) {
  const flow = flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'Order number?', variable: 'order', validator: { type: 'text' } },
      { next: 'lookup' },
    )
    .module('lookup', 'webhook', lookup, { success: 'tell', failure: says.failed ? 'failed' : 'start' })
    .module('tell', 'text', { text: `Order {{ order }}: ${says.status}` }, { next: 'start' });
  return says.failed
    ? flow.module('failed', 'text', { text: `Order {{ order }}: ${says.failed}` }, { next: 'start' })
    : flow;
}
