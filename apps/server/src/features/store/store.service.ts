import type { ConnectStoreRequest, StoreConnection } from '@parley/contracts';
import type { AppContext } from '../../context';
import { AppError, NotFoundException } from '../../errors';
import { ShopifyError, type ShopifyStore } from '../../integrations/shopify/shopify-client';
import { SHOP_QUERY, shopAnswerSchema } from '../../integrations/shopify/shopify-queries';
import type { Session } from '../../plugins/authenticate';
import { secretHint } from '../../sealed-secrets';
import {
  deleteStore,
  findStore,
  markStoreChecked,
  recordStoreProblem,
  type StoredStore,
  saveStore,
} from './store.repository';
import { storeTokenBinding } from './store-binding';

function connectionView(stored: StoredStore | undefined): StoreConnection {
  if (!stored) return { connected: false };
  return {
    connected: true,
    platform: 'shopify',
    domain: stored.domain,
    shopName: stored.shopName,
    currencyCode: stored.currencyCode,
    storefrontUrl: stored.storefrontUrl,
    tokenHint: stored.tokenHint,
    checkedAt: stored.checkedAt.toISOString(),
    problem:
      stored.problem && stored.problemAt ? { ...stored.problem, at: stored.problemAt.toISOString() } : null,
  };
}

export async function storeConnection(ctx: AppContext, session: Session): Promise<StoreConnection> {
  return connectionView(await findStore(ctx.database.db, session.companyId));
}

/**
 * Asks the store for itself (name, currency, primary domain) with the token: the live call that
 * proves the token, never answered from the cache. Made with no database connection held.
 */
async function checkWithShopify(ctx: AppContext, store: ShopifyStore) {
  try {
    const { data } = await ctx.shopify.query(store, { query: SHOP_QUERY }, shopAnswerSchema);
    return {
      shopName: data.shop.name,
      currencyCode: data.shop.currencyCode,
      storefrontUrl: data.shop.primaryDomain.url,
    };
  } catch (error) {
    if (error instanceof ShopifyError && error.kind === 'token_rejected')
      throw new AppError('StoreTokenRejectedException', error.message, { domain: store.domain });
    throw new AppError(
      'UpstreamException',
      `The store could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      { domain: store.domain },
    );
  }
}

/** Checks the token with the store and, only when the store answers, keeps it sealed for the company. */
export async function connectStore(
  ctx: AppContext,
  session: Session,
  request: ConnectStoreRequest,
): Promise<StoreConnection> {
  const shop = await checkWithShopify(ctx, { domain: request.domain, accessToken: request.accessToken });
  const db = ctx.database.db;
  await saveStore(db, session.companyId, {
    platform: 'shopify',
    domain: request.domain,
    sealedToken: ctx.secrets.seal(request.accessToken, storeTokenBinding(session.companyId)),
    tokenHint: secretHint(request.accessToken),
    ...shop,
    checkedAt: new Date(),
  });
  return connectionView(await findStore(db, session.companyId));
}

/**
 * Checks the kept token again (the browser's record is renewed on this): a refused token is noted
 * (the store shows disconnected, and why) and named; a good check clears any earlier problem.
 */
export async function checkStore(ctx: AppContext, session: Session): Promise<StoreConnection> {
  const db = ctx.database.db;
  const stored = await findStore(db, session.companyId);
  if (!stored) throw new NotFoundException('No store is connected');
  const accessToken = ctx.secrets.open(stored.sealedToken, storeTokenBinding(session.companyId));
  try {
    const shop = await checkWithShopify(ctx, { domain: stored.domain, accessToken });
    await markStoreChecked(db, session.companyId, shop);
  } catch (error) {
    if (error instanceof AppError && error.name === 'StoreTokenRejectedException')
      await recordStoreProblem(db, session.companyId, stored.sealedToken, {
        kind: 'token_rejected',
        message: error.message,
      });
    throw error;
  }
  return connectionView(await findStore(db, session.companyId));
}

export async function disconnectStore(ctx: AppContext, session: Session): Promise<StoreConnection> {
  await deleteStore(ctx.database.db, session.companyId);
  return { connected: false };
}
