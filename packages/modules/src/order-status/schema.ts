import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { orderStatusWords } from './words';

/**
 * Looks an order up in the company's connected store by its number and the buyer's email (both
 * templates, usually variables an Input module asked for). The store answers only when the email
 * is the order's own; "no such order" and "not your order" are the same Not found, so guessing
 * numbers reveals nothing.
 */
export const orderStatusContentSchema = z.object({
  orderNumber: z.string().trim().min(1, orderStatusWords.errors.orderNumber).max(500),
  email: z.string().trim().min(1, orderStatusWords.errors.email).max(500),
  /** The order (name, createdAt, financialStatus, fulfillmentStatus, cancelled, tracking, statusUrl). */
  resultVariable: variableNameSchema,
  /** Markdown with Jinja over the variables (the order included). Empty: nothing said. */
  foundMessage: z.string().max(2000).default(''),
  notFoundMessage: z.string().max(1000).default(''),
  failureMessage: z.string().max(1000).default(''),
});
export type OrderStatusContent = z.infer<typeof orderStatusContentSchema>;

const english = englishOf(orderStatusWords);
const create = (say: Say<typeof orderStatusWords> = english): OrderStatusContent => ({
  orderNumber: '{{ order_number }}',
  email: `{{ ${say('defaults.emailVariable')} }}`,
  resultVariable: 'order',
  foundMessage: say('defaults.foundMessage'),
  notFoundMessage: say('defaults.notFoundMessage'),
  failureMessage: say('defaults.failureMessage'),
});

export const orderStatusDefinition = {
  words: orderStatusWords,
  summary: (content, say = english) => [
    say('summary.order', { number: content.orderNumber, email: content.email }),
  ],
  content: orderStatusContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'found', label: say('ports.found') },
    { id: 'not_found', label: say('ports.not_found') },
    { id: 'failure', label: say('ports.failure') },
  ],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) =>
    [
      { field: 'foundMessage', text: content.foundMessage },
      { field: 'notFoundMessage', text: content.notFoundMessage },
      { field: 'failureMessage', text: content.failureMessage },
    ].filter((text) => text.text !== ''),
  variables: (content) => ({
    templates: [
      content.orderNumber,
      content.email,
      content.foundMessage,
      content.notFoundMessage,
      content.failureMessage,
    ],
    expressions: [],
    writes: [content.resultVariable],
  }),
} satisfies ModuleDefinition<OrderStatusContent, typeof orderStatusWords>;
