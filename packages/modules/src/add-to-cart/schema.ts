import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { addToCartWords } from './words';

/**
 * Sends a link that opens the connected store's cart holding a product variant (Shopify's cart
 * permalink, `https://{shop}/cart/{variant}:{quantity}`), as a message with one link button.
 */
export const addToCartContentSchema = z.object({
  /** A template: the variant's id (a number, or its `gid://shopify/ProductVariant/…`). */
  variantId: z.string().trim().min(1, addToCartWords.errors.variantId).max(500),
  /** A template giving a whole number from 1 to 999. */
  quantity: z.string().trim().min(1, addToCartWords.errors.quantity).max(200),
  /** Markdown with Jinja, the message the button comes with. */
  text: z.string().max(1000).default(''),
  buttonLabel: z.string().trim().min(1, addToCartWords.errors.label).max(40),
  resultVariable: variableNameSchema.optional(),
  failureMessage: z.string().max(1000).default(''),
});
export type AddToCartContent = z.infer<typeof addToCartContentSchema>;

const english = englishOf(addToCartWords);
const create = (say: Say<typeof addToCartWords> = english): AddToCartContent => ({
  variantId: '{{ variant_id }}',
  quantity: '1',
  text: say('defaults.text'),
  buttonLabel: say('defaults.buttonLabel'),
  failureMessage: say('defaults.failureMessage'),
});

export const addToCartDefinition = {
  words: addToCartWords,
  summary: (content, say = english) => [
    say('summary.cart', { quantity: content.quantity, variant: content.variantId }),
  ],
  content: addToCartContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'next', label: say('ports.next') },
    { id: 'failure', label: say('ports.failure') },
  ],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) =>
    [
      { field: 'text', text: content.text },
      { field: 'buttonLabel', text: content.buttonLabel },
      { field: 'failureMessage', text: content.failureMessage },
    ].filter((text) => text.text !== ''),
  variables: (content) => ({
    templates: [content.variantId, content.quantity, content.text, content.failureMessage],
    expressions: [],
    writes: content.resultVariable ? [content.resultVariable] : [],
  }),
} satisfies ModuleDefinition<AddToCartContent, typeof addToCartWords>;
