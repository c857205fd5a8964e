import { defineRoute } from './define-route';
import { connectStoreRequestSchema, storeConnectionSchema } from './store';

const tags = ['store'];

/** The company's store (Shopify) that bots search and check orders in. */
export const storeApi = {
  connection: defineRoute({
    method: 'GET',
    path: '/api/store/shopify',
    tags,
    summary: 'The caller’s company’s Shopify store: its name, domain and token hint, never the token',
    response: storeConnectionSchema,
    errors: [401, 403],
  }),
  connect: defineRoute({
    method: 'PUT',
    path: '/api/store/shopify',
    tags,
    summary: 'Check a store’s Admin API token with a call to the store and, if it answers, keep it sealed',
    description:
      'The shop query (name, currency, primary domain) proves the token. A token the store refuses answers StoreTokenRejectedException, a store that cannot be reached UpstreamException; nothing is saved then.',
    body: connectStoreRequestSchema,
    response: storeConnectionSchema,
    errors: [400, 401, 403, 413, 502],
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/store/shopify/check',
    tags,
    summary: 'Check the kept token with the store again (the browser confirms the connection every 12 hours)',
    description:
      'A token the store refuses now answers StoreTokenRejectedException and the connection shows why; 404 when no store is connected.',
    response: storeConnectionSchema,
    errors: [400, 401, 403, 404, 502],
  }),
  disconnect: defineRoute({
    method: 'DELETE',
    path: '/api/store/shopify',
    tags,
    summary: 'Forget the company’s store and its token; store modules take their failure connection',
    response: storeConnectionSchema,
    errors: [401, 403],
  }),
};
