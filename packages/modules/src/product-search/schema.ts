import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { productSearchWords } from './words';

const label = z.string().trim().min(1, productSearchWords.errors.label).max(40);

/**
 * Searches the company's connected store (Shopify) for products matching words and shows them as
 * a carousel: title, price, availability, picture, a link to the product and, optionally, an
 * add-to-cart link.
 */
export const productSearchContentSchema = z.object({
  /** A template: the words searched for (by default what the visitor just wrote). */
  words: z.string().trim().min(1, productSearchWords.errors.words).max(500),
  maxResults: z.number().int().min(1).max(10).default(5),
  /** Markdown with Jinja, sent before the cards. Empty: the cards alone. */
  intro: z.string().max(1000).default(''),
  viewLabel: label,
  /** Empty: no add-to-cart button on the cards. */
  cartLabel: z.string().trim().max(40).default(''),
  inStock: label,
  soldOut: label,
  /** The products found (title, url, price, available, variantId, cartUrl), for later modules. */
  resultVariable: variableNameSchema.optional(),
  noResultsMessage: z.string().max(1000).default(''),
  failureMessage: z.string().max(1000).default(''),
});
export type ProductSearchContent = z.infer<typeof productSearchContentSchema>;

const english = englishOf(productSearchWords);
const create = (say: Say<typeof productSearchWords> = english): ProductSearchContent => ({
  words: '{{ (parley.transcript | last).utterance }}',
  maxResults: 5,
  intro: say('defaults.intro'),
  viewLabel: say('defaults.viewLabel'),
  cartLabel: say('defaults.cartLabel'),
  inStock: say('defaults.inStock'),
  soldOut: say('defaults.soldOut'),
  noResultsMessage: say('defaults.noResultsMessage'),
  failureMessage: say('defaults.failureMessage'),
});

export const productSearchDefinition = {
  words: productSearchWords,
  summary: (content, say = english) => [say('summary.search', { words: content.words })],
  content: productSearchContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'found', label: say('ports.found') },
    { id: 'no_results', label: say('ports.no_results') },
    { id: 'failure', label: say('ports.failure') },
  ],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) =>
    [
      { field: 'intro', text: content.intro },
      { field: 'viewLabel', text: content.viewLabel },
      { field: 'cartLabel', text: content.cartLabel },
      { field: 'inStock', text: content.inStock },
      { field: 'soldOut', text: content.soldOut },
      { field: 'noResultsMessage', text: content.noResultsMessage },
      { field: 'failureMessage', text: content.failureMessage },
    ].filter((text) => text.text !== ''),
  variables: (content) => ({
    templates: [content.words, content.intro, content.noResultsMessage, content.failureMessage],
    expressions: [],
    writes: content.resultVariable ? [content.resultVariable] : [],
  }),
} satisfies ModuleDefinition<ProductSearchContent, typeof productSearchWords>;
