import { callFailure, type EngineServices, OutsideCallFailed } from '@parley/engine';
import type { StoreAnswers, StoreRequest, StoreRequests } from '@parley/modules';
import type { AppContext } from '../../context';
import { ShopifyError, type ShopifyStore } from '../../integrations/shopify/shopify-client';
import {
  cartUrlOf,
  ORDER_QUERY,
  orderAnswerSchema,
  orderFor,
  orderNameOf,
  orderSearch,
  PRODUCT_SEARCH_QUERY,
  productSearchAnswerSchema,
  productsOf,
} from '../../integrations/shopify/shopify-queries';
import { findStore, recordStoreProblem, type StoredStore } from './store.repository';
import { storeTokenBinding } from './store-binding';

const notConnected = (message: string) => new OutsideCallFailed(callFailure('not_configured', message));

/**
 * The engine's store port for one company's turns. It runs as a pending turn's outside call, so
 * nothing is held while Shopify answers: the connection is read in one short query, the call made,
 * and a refused token noted in another. The answers are only what a shopper may see (an order
 * is answered only to its own buyer's email).
 */
export function storePort(ctx: AppContext, companyId: string): EngineServices['store'] {
  const connected = async (): Promise<{ stored: StoredStore; store: ShopifyStore }> => {
    const stored = await findStore(ctx.database.db, companyId);
    if (!stored) throw notConnected('No store is connected to this company (company settings, Store)');
    if (stored.problem?.kind === 'token_rejected')
      throw notConnected(`The store ${stored.domain} is disconnected: ${stored.problem.message}`);
    const accessToken = ctx.secrets.open(stored.sealedToken, storeTokenBinding(companyId));
    return { stored, store: { domain: stored.domain, accessToken } };
  };
  /** Runs a query; a token Shopify refuses disconnects the store (the settings screen says why). */
  const asking = async <T>(stored: StoredStore, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ShopifyError && error.kind === 'token_rejected')
        await recordStoreProblem(ctx.database.db, companyId, stored.sealedToken, {
          kind: 'token_rejected',
          message: error.message,
        });
      throw error;
    }
  };

  const operations: { [O in keyof StoreRequests]: (request: StoreRequests[O]) => Promise<StoreAnswers[O]> } =
    {
      async search_products(request) {
        const { stored, store } = await connected();
        const words = request.words.trim().slice(0, 200);
        const first = Math.min(Math.max(request.first, 1), 10);
        const answer = await asking(stored, () =>
          ctx.shopify.query(
            store,
            // Only what a shopper can buy: active products, searched by the words as Shopify reads them.
            {
              query: PRODUCT_SEARCH_QUERY,
              variables: { query: `${words} status:active`, first },
              cache: true,
            },
            productSearchAnswerSchema,
          ),
        );
        return {
          shopName: stored.shopName,
          products: productsOf(stored.domain, answer.data),
          cached: answer.cached,
          cost: answer.cost,
        };
      },
      async order_status(request) {
        const name = orderNameOf(request.orderNumber);
        const email = request.email.trim();
        if (!name || !email.includes('@')) return { found: false };
        const { stored, store } = await connected();
        const answer = await asking(stored, () =>
          ctx.shopify.query(
            store,
            { query: ORDER_QUERY, variables: { query: orderSearch(name) }, cache: true },
            orderAnswerSchema,
          ),
        );
        const order = orderFor(answer.data, name, email);
        return order ? { found: true, order } : { found: false };
      },
      async cart_link(request) {
        const { stored } = await connected();
        const variant = request.variantId.trim().split('/').pop() ?? '';
        if (!/^\d{1,20}$/.test(variant))
          throw new OutsideCallFailed(
            callFailure('template_error', `Not a product variant id: ${request.variantId}`),
          );
        const quantity = Math.min(Math.max(Math.trunc(request.quantity), 1), 999);
        return { url: cartUrlOf(stored.domain, variant, quantity) };
      },
    };
  return {
    call: ((request: StoreRequest) =>
      (operations[request.operation] as (request: StoreRequest) => Promise<unknown>)(
        request,
      )) as EngineServices['store']['call'],
  };
}
