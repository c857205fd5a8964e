import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeShopifyRequest {
  shop: string;
  version: string;
  token: string | undefined;
  query: string;
  variables: Record<string, unknown>;
}

interface FakeProduct {
  handle: string;
  title: string;
  tags: string[];
  price: [string, string];
  inventory: number;
  published: boolean;
  colour: string;
}

interface FakeOrder {
  name: string;
  email: string;
  createdAt: string;
  financial: string;
  fulfillment: string;
  tracking: { company: string; number: string; url: string }[];
}

/** The fixed catalogue every fake store sells. */
export const FAKE_PRODUCTS: FakeProduct[] = [
  {
    handle: 'trail-runner-shoe',
    title: 'Trail Runner Shoe',
    tags: ['shoes', 'running'],
    price: ['89.00', '99.00'],
    inventory: 14,
    published: true,
    colour: '#2563eb',
  },
  {
    handle: 'city-walker-shoe',
    title: 'City Walker Shoe',
    tags: ['shoes'],
    price: ['69.00', '69.00'],
    inventory: 0,
    published: true,
    colour: '#9333ea',
  },
  {
    handle: 'summit-rain-jacket',
    title: 'Summit Rain Jacket',
    tags: ['jackets', 'rain'],
    price: ['149.00', '149.00'],
    inventory: 5,
    published: true,
    colour: '#059669',
  },
  {
    handle: 'wool-hiking-socks',
    title: 'Wool Hiking Socks',
    tags: ['socks'],
    price: ['14.50', '14.50'],
    inventory: 120,
    published: true,
    colour: '#d97706',
  },
  {
    handle: 'prototype-shoe',
    title: 'Prototype Shoe (unpublished)',
    tags: ['shoes'],
    price: ['10.00', '10.00'],
    inventory: 1,
    published: false,
    colour: '#64748b',
  },
];

export const FAKE_ORDERS: FakeOrder[] = [
  {
    name: '#1001',
    email: 'ana@example.com',
    createdAt: '2026-11-20T10:00:00Z',
    financial: 'PAID',
    fulfillment: 'FULFILLED',
    tracking: [
      {
        company: 'UPS',
        number: '1Z999AA10123456784',
        url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    ],
  },
  {
    name: '#1002',
    email: 'bea@example.com',
    createdAt: '2026-11-25T15:30:00Z',
    financial: 'PAID',
    fulfillment: 'UNFULFILLED',
    tracking: [],
  },
];

const variantIdOf = (index: number) => 40_000_000_000 + index;

/**
 * A local server speaking Shopify's Admin GraphQL API wire format: `POST
 * /{shop}/admin/api/{version}/graphql.json` (the path of `https://{shop}/admin/api/{version}/graphql.json`
 * under SHOPIFY_ADMIN_URL=`http://127.0.0.1:port/{shop}`), the `X-Shopify-Access-Token` header,
 * `{ query, variables }` in and `{ data, extensions: { cost: { requestedQueryCost,
 * actualQueryCost, throttleStatus: { maximumAvailable, currentlyAvailable, restoreRate } } } }`
 * out. It answers the three queries Parley sends (the shop; `products(first, query)`; `orders(first,
 * query: "name:…")`) over a fixed catalogue and two orders, keeps a leaky cost bucket per store
 * (a query costing more than is left answers 200 with Shopify's `errors: [{ message: 'Throttled',
 * extensions: { code: 'THROTTLED' } }]`), answers 401 with Shopify's text for an unknown token and
 * 404 for an unknown shop. `GET /cdn/{handle}.svg` serves each product's picture.
 */
export function fakeShopify(shops: Record<string, { token: string; name: string }>) {
  const requests: FakeShopifyRequest[] = [];
  const state = { maximum: 1000, restoreRate: 50, delayMs: 0, origin: '' };
  const buckets = new Map<string, { available: number; at: number }>();

  const spend = (shop: string, cost: number) => {
    const now = Date.now();
    const bucket = buckets.get(shop) ?? { available: state.maximum, at: now };
    const available = Math.min(
      state.maximum,
      bucket.available + ((now - bucket.at) / 1000) * state.restoreRate,
    );
    const ok = available >= cost;
    buckets.set(shop, { available: ok ? available - cost : available, at: now });
    return { ok, available: Math.floor(ok ? available - cost : available) };
  };

  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      const send = (status: number, payload: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      const url = new URL(request.url ?? '/', 'http://fake-shopify');
      const image = /^\/cdn\/([\w-]+)\.svg$/.exec(url.pathname);
      if (image && request.method === 'GET') return send(200, productSvg(image[1] ?? ''), 'image/svg+xml');
      const match = /^\/([^/]+)\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
      if (!match || request.method !== 'POST') return send(404, { errors: 'Not Found' });
      const [, shop = '', version = ''] = match;
      const token = request.headers['x-shopify-access-token'];
      let parsed: { query?: string; variables?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(400, { errors: { query: 'Required parameter missing or invalid' } });
      }
      requests.push({
        shop,
        version,
        token: typeof token === 'string' ? token : undefined,
        query: parsed.query ?? '',
        variables: parsed.variables ?? {},
      });
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      const known = shops[shop];
      if (!known) return send(404, { errors: 'Not Found' });
      if (token !== known.token)
        return send(401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      const query = parsed.query ?? '';
      const variables = parsed.variables ?? {};
      const cost = query.includes('products(')
        ? 2 + Number(variables.first ?? 10) * 11
        : query.includes('orders(')
          ? 32
          : 1;
      const spent = spend(shop, cost);
      const extensions = (actual: number | null) => ({
        cost: {
          requestedQueryCost: cost,
          actualQueryCost: actual,
          throttleStatus: {
            maximumAvailable: state.maximum,
            currentlyAvailable: spent.available,
            restoreRate: state.restoreRate,
          },
        },
      });
      if (!spent.ok)
        return send(200, {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: extensions(null),
        });
      if (query.includes('products(')) {
        const words = String(variables.query ?? '')
          .replace(/\bstatus:active\b/, '')
          .toLowerCase()
          .split(/\s+/)
          .filter(Boolean);
        const found = FAKE_PRODUCTS.map((product, index) => ({ product, index }))
          .filter(({ product }) =>
            words.every((word) =>
              [product.title.toLowerCase(), ...product.tags].some((text) => text.includes(word)),
            ),
          )
          .slice(0, Number(variables.first ?? 10));
        return send(200, {
          data: {
            products: {
              edges: found.map(({ product, index }) => ({
                node: {
                  id: `gid://shopify/Product/${7_000_000 + index}`,
                  title: product.title,
                  onlineStoreUrl: product.published ? `https://${shop}/products/${product.handle}` : null,
                  totalInventory: product.inventory,
                  tracksInventory: true,
                  priceRangeV2: {
                    minVariantPrice: { amount: product.price[0], currencyCode: 'EUR' },
                    maxVariantPrice: { amount: product.price[1], currencyCode: 'EUR' },
                  },
                  featuredImage: { url: `${state.origin}/cdn/${product.handle}.svg`, altText: product.title },
                  variants: {
                    edges: [
                      {
                        node: {
                          id: `gid://shopify/ProductVariant/${variantIdOf(index)}`,
                          availableForSale: product.inventory > 0,
                        },
                      },
                    ],
                  },
                },
              })),
            },
          },
          extensions: extensions(cost - 1),
        });
      }
      if (query.includes('orders(')) {
        const name = /name:"?([^"\s]+)"?/.exec(String(variables.query ?? ''))?.[1];
        const found = FAKE_ORDERS.filter((order) => order.name === name);
        return send(200, {
          data: {
            orders: {
              edges: found.map((order, index) => ({
                node: {
                  id: `gid://shopify/Order/${5_000_000 + index}`,
                  name: order.name,
                  email: order.email,
                  createdAt: order.createdAt,
                  cancelledAt: null,
                  displayFinancialStatus: order.financial,
                  displayFulfillmentStatus: order.fulfillment,
                  statusPageUrl: `https://${shop}/account/orders/${order.name.slice(1)}`,
                  fulfillments: order.tracking.length
                    ? [{ status: 'SUCCESS', trackingInfo: order.tracking }]
                    : [],
                },
              })),
            },
          },
          extensions: extensions(cost - 2),
        });
      }
      if (query.includes('shop {') || query.includes('shop{'))
        return send(200, {
          data: {
            shop: {
              name: known.name,
              currencyCode: 'EUR',
              primaryDomain: { url: `https://${shop.replace('.myshopify.com', '')}.example` },
            },
          },
          extensions: extensions(1),
        });
      return send(200, {
        errors: [{ message: 'Field is not supported by this fake', extensions: { code: 'undefinedField' } }],
      });
    });
  });
  return {
    requests,
    state,
    /** The variant id the fake gives the product at `index` of FAKE_PRODUCTS. */
    variantIdOf,
    /** Empties a store's bucket (the next costly query is throttled until it refills). */
    drain(shop: string, left = 0) {
      buckets.set(shop, { available: left, at: Date.now() });
    },
    /** Starts listening on a free port of 127.0.0.1; resolves to its address. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return state.origin;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A plain product picture: the product's colour and its initials. */
function productSvg(handle: string): string {
  const product = FAKE_PRODUCTS.find((candidate) => candidate.handle === handle);
  const colour = product?.colour ?? '#64748b';
  const initials = (product?.title ?? '?')
    .split(' ')
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320"><rect width="480" height="320" fill="${colour}"/><circle cx="380" cy="70" r="90" fill="#ffffff" fill-opacity="0.12"/><text x="40" y="250" font-family="Helvetica, Arial, sans-serif" font-size="96" font-weight="700" fill="#ffffff">${initials}</text></svg>`;
}
