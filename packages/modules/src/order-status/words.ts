import type { ModuleWords } from '../kit/words';

/** The Order status module's words in English (see ModuleWords); translations: modules.json `orderStatus`. */
export const orderStatusWords = {
  key: 'orderStatus',
  type: 'Order status',
  ports: { found: 'Found', not_found: 'Not found', failure: 'Failed' },
  defaults: {
    /** The variable the buyer's email is read from: the one an Input module asks for by default. */
    emailVariable: 'email',
    foundMessage:
      'Order **{{ order.name }}**: {{ order.fulfillmentStatus | lower | replace("_", " ") }}{% if order.tracking %}. [Track your parcel]({{ order.tracking[0].url }}){% endif %}',
    notFoundMessage: 'I couldn’t find an order with that number and email. Please check both and try again.',
    failureMessage: 'Sorry, I can’t look up orders right now.',
  },
  summary: { order: 'Order {{number}} for {{email}}' },
  errors: {
    orderNumber: 'Write where the order number comes from',
    email: 'Write where the buyer’s email comes from',
    resultVariable: 'Name the variable the order goes into',
  },
} as const satisfies ModuleWords;
