import { z } from 'zod';

/** A store's own Shopify address: `name.myshopify.com` (lower case; the admin and the cart live there). */
export const shopDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .regex(
    /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/,
    'Enter the store’s myshopify address, like your-store.myshopify.com',
  );

/** What Shopify said when the store stopped answering: the token was refused, or another failure. */
export const storeProblemSchema = z.object({
  /** `token_rejected`: Shopify answered 401 (a revoked or expired token): the store is disconnected. */
  kind: z.enum(['token_rejected', 'other']),
  message: z.string().max(500),
  at: z.string(),
});
export type StoreProblem = z.infer<typeof storeProblemSchema>;

/** The company's store connection as screens show it: never the token, only its hint. */
export const storeConnectionSchema = z.discriminatedUnion('connected', [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    platform: z.literal('shopify'),
    domain: z.string(),
    shopName: z.string(),
    currencyCode: z.string(),
    /** The storefront's public address (its own domain once the store has one). */
    storefrontUrl: z.string(),
    /** The token's last four characters, the rest masked. */
    tokenHint: z.string(),
    checkedAt: z.string(),
    /** Why bots can no longer use the store, since the last good check (a refused token: reconnect). */
    problem: storeProblemSchema.nullable(),
  }),
]);
export type StoreConnection = z.infer<typeof storeConnectionSchema>;

export const connectStoreRequestSchema = z.strictObject({
  domain: shopDomainSchema,
  /** An Admin API access token of a custom app (`shpat_…`), with read_products and read_orders. */
  accessToken: z
    .string()
    .trim()
    .min(16, 'Paste the whole Admin API access token')
    .max(200, 'An access token is at most 200 characters')
    .regex(/^[\w-]+$/, 'An access token has letters, digits, dashes and underscores only'),
});
export type ConnectStoreRequest = z.infer<typeof connectStoreRequestSchema>;

/** localStorage key of the browser's store-integration record (spec §3, §9). */
export const STORE_RECORD_KEY = 'shopify';
/** How long the browser's record lasts from saving before the app asks again (spec §4, §9): 12 hours. */
export const STORE_RECORD_LIFETIME_MS = 43_200_000;

/** The stored store-integration record (spec §3): the store's domain and when the record expires. */
export const storeRecordSchema = z.object({
  domain: shopDomainSchema,
  /** Epoch milliseconds. */
  expiry: z.number().int().positive(),
});
export type StoreRecord = z.infer<typeof storeRecordSchema>;
