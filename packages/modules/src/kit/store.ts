/**
 * The company's online store (Shopify), as store modules ask it through the host's `store` port.
 * The host holds the connection (domain and sealed token) and makes the calls; a module only says
 * what it wants and gets back what a shopper may see. Failures reject with `OutsideCallFailed`:
 * `not_configured` (no store connected, or its token was refused), `rate_limited` (the store's
 * cost bucket is empty), `timeout`, `unreachable`, `error_status`.
 */

/** A product as a shopper sees it in a card. */
export interface StoreProduct {
  id: string;
  title: string;
  /** The product page on the online store; null when it is not published there. */
  url: string | null;
  imageUrl: string | null;
  price: { min: string; max: string; currencyCode: string };
  available: boolean;
  /** The first variant's numeric id (for an add-to-cart link), when it has one. */
  variantId: string | null;
  /** A cart permalink with one of the first variant (`https://{shop}/cart/{variant}:1`). */
  cartUrl: string | null;
}

/** An order as its buyer may see it. */
export interface StoreOrder {
  name: string;
  createdAt: string;
  financialStatus: string | null;
  fulfillmentStatus: string;
  cancelled: boolean;
  tracking: { company: string | null; number: string | null; url: string | null }[];
  /** Shopify's order status page for the buyer. */
  statusUrl: string | null;
}

export interface StoreRequests {
  search_products: { operation: 'search_products'; words: string; first: number };
  /** Answers `found: false` alike for "no such order" and "the email does not match". */
  order_status: { operation: 'order_status'; orderNumber: string; email: string };
  cart_link: { operation: 'cart_link'; variantId: string; quantity: number };
}

export interface StoreAnswers {
  search_products: { shopName: string; products: StoreProduct[]; cached: boolean; cost: number | null };
  order_status: { found: false } | { found: true; order: StoreOrder };
  cart_link: { url: string };
}

export type StoreOperation = keyof StoreRequests;
export type StoreRequest = StoreRequests[StoreOperation];

/** The port: one call per request, answered by its operation's shape. */
export type StorePort = <O extends StoreOperation>(
  request: { operation: O } & StoreRequests[O],
) => Promise<StoreAnswers[O]>;
