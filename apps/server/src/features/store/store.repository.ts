import { type StoreProblem, storeProblemSchema } from '@parley/contracts';
import type { Queryable } from '../../db/database';

export interface StoredStore {
  platform: 'shopify';
  domain: string;
  sealedToken: string;
  tokenHint: string;
  shopName: string;
  currencyCode: string;
  storefrontUrl: string;
  checkedAt: Date;
  problem: Omit<StoreProblem, 'at'> | null;
  problemAt: Date | null;
}

const problemSchema = storeProblemSchema.omit({ at: true });

export async function findStore(db: Queryable, companyId: string): Promise<StoredStore | undefined> {
  const row = await db
    .selectFrom('store_connections')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    platform: 'shopify',
    domain: row.domain,
    sealedToken: row.sealed_token,
    tokenHint: row.token_hint,
    shopName: row.shop_name,
    currencyCode: row.currency_code,
    storefrontUrl: row.storefront_url,
    checkedAt: row.checked_at,
    // A problem stored by an older server that no longer fits is not shown.
    problem: problemSchema.safeParse(row.problem).data ?? null,
    problemAt: row.problem_at,
  };
}

/** Saves a checked connection (replacing any before it); a good check clears the last problem. */
export async function saveStore(
  db: Queryable,
  companyId: string,
  store: Omit<StoredStore, 'problem' | 'problemAt'>,
): Promise<void> {
  const values = {
    platform: store.platform,
    domain: store.domain,
    sealed_token: store.sealedToken,
    token_hint: store.tokenHint,
    shop_name: store.shopName,
    currency_code: store.currencyCode,
    storefront_url: store.storefrontUrl,
    checked_at: store.checkedAt,
    problem: null,
    problem_at: null,
    updated_at: new Date(),
  };
  await db
    .insertInto('store_connections')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}

/** A good check of the kept token: the shop as it is now, and no problem. */
export async function markStoreChecked(
  db: Queryable,
  companyId: string,
  shop: Pick<StoredStore, 'shopName' | 'currencyCode' | 'storefrontUrl'>,
): Promise<void> {
  await db
    .updateTable('store_connections')
    .set({
      shop_name: shop.shopName,
      currency_code: shop.currencyCode,
      storefront_url: shop.storefrontUrl,
      checked_at: new Date(),
      problem: null,
      problem_at: null,
      updated_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .execute();
}

export async function deleteStore(db: Queryable, companyId: string): Promise<void> {
  await db.deleteFrom('store_connections').where('company_id', '=', companyId).execute();
}

/**
 * Notes why the store stopped answering (the latest counts), only for the token it was sealed
 * with: a reconnect that raced the failure keeps its clean state.
 */
export async function recordStoreProblem(
  db: Queryable,
  companyId: string,
  sealedToken: string,
  problem: Omit<StoreProblem, 'at'>,
): Promise<void> {
  await db
    .updateTable('store_connections')
    .set({ problem: JSON.stringify(problem), problem_at: new Date() })
    .where('company_id', '=', companyId)
    .where('sealed_token', '=', sealedToken)
    .execute();
}
