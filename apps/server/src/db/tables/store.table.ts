import type { ColumnType, Generated } from 'kysely';

/** A company's online store (Shopify): its domain, the Admin API token sealed, what the last check found. */
export interface StoreConnectionTable {
  company_id: string;
  platform: string;
  domain: string;
  sealed_token: string;
  token_hint: string;
  shop_name: string;
  currency_code: string;
  storefront_url: string;
  checked_at: Date;
  /** Why bots stopped using the store (a refused token); cleared by a good check. */
  problem: ColumnType<unknown, string | null, string | null>;
  problem_at: Date | null;
  updated_at: Generated<Date>;
}
