import type { StoreOrder, StoreProduct } from '@parley/modules';
import { z } from 'zod';

/** The shop itself: the call that proves a token works (and names the store for the settings screen). */
export const SHOP_QUERY = '{ shop { name currencyCode primaryDomain { url } } }';

export const shopAnswerSchema = z.object({
  shop: z.object({
    name: z.string(),
    currencyCode: z.string(),
    primaryDomain: z.object({ url: z.string() }),
  }),
});

export const PRODUCT_SEARCH_QUERY = `query ProductSearch($query: String!, $first: Int!) {
  products(first: $first, query: $query, sortKey: RELEVANCE) {
    edges {
      node {
        id
        title
        onlineStoreUrl
        totalInventory
        tracksInventory
        priceRangeV2 {
          minVariantPrice { amount currencyCode }
          maxVariantPrice { amount currencyCode }
        }
        featuredImage { url altText }
        variants(first: 10) { edges { node { id availableForSale } } }
      }
    }
  }
}`;

const moneySchema = z.object({ amount: z.string(), currencyCode: z.string() });

export const productSearchAnswerSchema = z.object({
  products: z.object({
    edges: z.array(
      z.object({
        node: z.object({
          id: z.string(),
          title: z.string(),
          onlineStoreUrl: z.string().nullable(),
          totalInventory: z.number().nullable().optional(),
          tracksInventory: z.boolean().optional(),
          priceRangeV2: z.object({ minVariantPrice: moneySchema, maxVariantPrice: moneySchema }),
          featuredImage: z.object({ url: z.string(), altText: z.string().nullable().optional() }).nullable(),
          variants: z.object({
            edges: z.array(z.object({ node: z.object({ id: z.string(), availableForSale: z.boolean() }) })),
          }),
        }),
      }),
    ),
  }),
});

/** `gid://shopify/ProductVariant/4412` → `4412` (the cart permalink wants the number). */
export const numericId = (gid: string) => gid.split('/').pop() ?? gid;

/** A cart permalink: the store's cart with `quantity` of one variant (Shopify's `/cart/{variant}:{qty}`). */
export const cartUrlOf = (domain: string, variantId: string, quantity: number) =>
  `https://${domain}/cart/${variantId}:${quantity}`;

export function productsOf(
  domain: string,
  answer: z.infer<typeof productSearchAnswerSchema>,
): StoreProduct[] {
  return answer.products.edges.map(({ node }) => {
    const variants = node.variants.edges.map((edge) => edge.node);
    // A product is available when a variant can be bought (Shopify counts stock and "continue
    // selling"); with no variant listed, its tracked inventory decides.
    const available =
      variants.length > 0
        ? variants.some((variant) => variant.availableForSale)
        : node.tracksInventory === false || (node.totalInventory ?? 0) > 0;
    const first = variants[0];
    return {
      id: node.id,
      title: node.title,
      url: node.onlineStoreUrl,
      imageUrl: node.featuredImage?.url ?? null,
      price: {
        min: node.priceRangeV2.minVariantPrice.amount,
        max: node.priceRangeV2.maxVariantPrice.amount,
        currencyCode: node.priceRangeV2.minVariantPrice.currencyCode,
      },
      available,
      variantId: first ? numericId(first.id) : null,
      cartUrl: first && available ? cartUrlOf(domain, numericId(first.id), 1) : null,
    };
  });
}

export const ORDER_QUERY = `query OrderStatus($query: String!) {
  orders(first: 5, query: $query) {
    edges {
      node {
        id
        name
        email
        createdAt
        cancelledAt
        displayFinancialStatus
        displayFulfillmentStatus
        statusPageUrl
        fulfillments(first: 5) { status trackingInfo(first: 3) { company number url } }
      }
    }
  }
}`;

export const orderAnswerSchema = z.object({
  orders: z.object({
    edges: z.array(
      z.object({
        node: z.object({
          id: z.string(),
          name: z.string(),
          email: z.string().nullable(),
          createdAt: z.string(),
          cancelledAt: z.string().nullable(),
          displayFinancialStatus: z.string().nullable(),
          displayFulfillmentStatus: z.string(),
          statusPageUrl: z.string().nullable().optional(),
          fulfillments: z.array(
            z.object({
              status: z.string().optional(),
              trackingInfo: z.array(
                z.object({
                  company: z.string().nullable(),
                  number: z.string().nullable(),
                  url: z.string().nullable(),
                }),
              ),
            }),
          ),
        }),
      }),
    ),
  }),
});

/** An order number as shoppers type it (`1001`, `#1001`, `order 1001`) as Shopify names it (`#1001`). */
export function orderNameOf(typed: string): string | null {
  const digits = typed.match(/\d{1,12}/)?.[0];
  return digits ? `#${digits}` : null;
}

/** The search Shopify's `orders(query:)` takes for one order name (quoted: `#` is not a word). */
export const orderSearch = (name: string) => `name:"${name}"`;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The order named `name` whose buyer's email is `email`, as its buyer may see it; null when there
 * is no such order or the email is another's (the two are not told apart: guessing numbers must
 * not reveal which orders exist).
 */
export function orderFor(
  answer: z.infer<typeof orderAnswerSchema>,
  name: string,
  email: string,
): StoreOrder | null {
  const node = answer.orders.edges
    .map((edge) => edge.node)
    .find((order) => order.name === name && order.email !== null && sameEmail(order.email, email));
  if (!node) return null;
  return {
    name: node.name,
    createdAt: node.createdAt,
    financialStatus: node.displayFinancialStatus,
    fulfillmentStatus: node.displayFulfillmentStatus,
    cancelled: node.cancelledAt !== null,
    tracking: node.fulfillments.flatMap((fulfillment) => fulfillment.trackingInfo),
    statusUrl: node.statusPageUrl ?? null,
  };
}
