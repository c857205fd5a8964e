import type { ModuleWords } from '../kit/words';

/** The Product search module's words in English (see ModuleWords); translations: modules.json `productSearch`. */
export const productSearchWords = {
  key: 'productSearch',
  type: 'Product search',
  ports: { found: 'Found', no_results: 'No results', failure: 'Failed' },
  defaults: {
    intro: 'Here is what I found:',
    viewLabel: 'View product',
    cartLabel: 'Add to cart',
    inStock: 'In stock',
    soldOut: 'Sold out',
    noResultsMessage: 'I couldn’t find anything like that in the shop. Try other words?',
    failureMessage: 'Sorry, I can’t search the shop right now.',
  },
  summary: { search: 'Search the store for {{words}}' },
  errors: { words: 'Write what to search for', label: 'Write the label' },
} as const satisfies ModuleWords;
