import type { ModuleWords } from '../kit/words';

/** The Add to cart link module's words in English (see ModuleWords); translations: modules.json `addToCart`. */
export const addToCartWords = {
  key: 'addToCart',
  type: 'Add to cart link',
  ports: { next: 'Next', failure: 'Failed' },
  defaults: {
    text: 'Your cart is ready: one tap and you’re at checkout.',
    buttonLabel: 'Open my cart',
    failureMessage: 'Sorry, I can’t make a cart link right now.',
  },
  summary: { cart: '{{quantity}} × variant {{variant}}' },
  errors: {
    variantId: 'Write where the variant id comes from',
    quantity: 'Write the quantity',
    label: 'Write the label',
  },
} as const satisfies ModuleWords;
