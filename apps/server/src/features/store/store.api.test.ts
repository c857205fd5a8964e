import type { ChatMessage, DebugConversation, StoreConnection } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeShopify } from '../../../test/fake-shopify';
import {
  authHeader,
  deployedBot,
  registerOwner,
  startChat,
  visitorSays,
  visitorSends,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const SHOP = 'parley-demo.myshopify.com';
const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
const shopify = fakeShopify({
  [SHOP]: { token: TOKEN, name: 'Parley Outdoor Co.' },
  'second-shop.myshopify.com': { token: 'shpat_second_0123456789abcdef01', name: 'Second Shop' },
});

describe('store integration (Shopify)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  beforeAll(async () => {
    const origin = await shopify.listen();
    t = await createTestApp({
      SHOPIFY_ADMIN_URL: `${origin}/{shop}`,
      SHOPIFY_API_VERSION: '2025-01',
      SHOPIFY_THROTTLE_MAX_WAIT_MS: '1500',
    });
    headers = authHeader((await registerOwner(t)).auth.token);
    otherHeaders = authHeader((await registerOwner(t, { email: 'other@example.com' })).auth.token);
  });
  afterAll(async () => {
    await t.close();
    await shopify.close();
  });

  const connect = (domain: string, accessToken: string, as = headers) =>
    t.request({ method: 'PUT', url: '/api/store/shopify', headers: as, payload: { domain, accessToken } });
  const connection = async (as = headers) =>
    (await t.request({ method: 'GET', url: '/api/store/shopify', headers: as })).json<StoreConnection>();

  const botMessages = (messages: ChatMessage[]) =>
    messages.filter((message) => message.role === 'bot').map((message) => message.message);

  describe('connecting a store', () => {
    it('starts with no store', async () => {
      expect(await connection()).toEqual({ connected: false });
    });

    it('refuses an address that is not a myshopify domain, and a short token, before calling the store', async () => {
      const calls = shopify.requests.length;
      for (const [domain, token] of [
        ['parley-demo.com', TOKEN],
        ['https://parley-demo.myshopify.com', TOKEN],
        [SHOP, 'short'],
      ] as const) {
        const response = await connect(domain, token);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.name).toBe('ValidationException');
      }
      expect(shopify.requests.length).toBe(calls);
    });

    it('refuses a token the store refuses (401), by name, and saves nothing', async () => {
      const response = await connect(SHOP, 'shpat_wrong_token_0000000000000000');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          name: 'StoreTokenRejectedException',
          message: expect.stringContaining('refused the access token'),
        },
      });
      expect(await connection()).toEqual({ connected: false });
    });

    it('names a store that cannot be found (502) and saves nothing', async () => {
      const response = await connect('no-such-shop.myshopify.com', TOKEN);
      expect(response.statusCode).toBe(502);
      expect(response.json().error.name).toBe('UpstreamException');
      expect(await connection()).toEqual({ connected: false });
    });

    it('checks the token with the shop query and keeps it sealed, showing the shop’s name and only a hint', async () => {
      const response = await connect(' Parley-Demo.myshopify.com ', TOKEN);
      expect(response.statusCode).toBe(200);
      expect(response.json<StoreConnection>()).toMatchObject({
        connected: true,
        platform: 'shopify',
        domain: SHOP,
        shopName: 'Parley Outdoor Co.',
        currencyCode: 'EUR',
        storefrontUrl: 'https://parley-demo.example',
        tokenHint: '••••cdef',
        problem: null,
      });
      expect(response.body).not.toContain(TOKEN);
      // The real wire: the version's GraphQL path, the token header, the shop query.
      expect(shopify.requests.at(-1)).toMatchObject({
        shop: SHOP,
        version: '2025-01',
        token: TOKEN,
        query: '{ shop { name currencyCode primaryDomain { url } } }',
      });
      const stored = await t.database.db
        .selectFrom('store_connections')
        .select('sealed_token')
        .executeTakeFirstOrThrow();
      expect(stored.sealed_token).not.toContain(TOKEN);
      expect(JSON.stringify(await connection())).not.toContain(TOKEN);
    });

    it('keeps each company’s store to itself', async () => {
      expect(await connection(otherHeaders)).toEqual({ connected: false });
      expect(
        (await t.request({ method: 'POST', url: '/api/store/shopify/check', headers: otherHeaders }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'DELETE', url: '/api/store/shopify', headers: otherHeaders })).statusCode,
      ).toBe(200);
      expect(await connection()).toMatchObject({ connected: true, domain: SHOP });
    });

    it('checks the kept token again on request', async () => {
      const response = await t.request({ method: 'POST', url: '/api/store/shopify/check', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        connected: true,
        shopName: 'Parley Outdoor Co.',
        problem: null,
      });
    });
  });

  describe('bots asking the store', () => {
    let searchKey: string;
    let searchBotId: string;
    beforeAll(async () => {
      const shopper = flowFixture()
        .module(
          'start',
          'input',
          { prompt: 'What are you looking for?', variable: 'wanted', validator: { type: 'text' } },
          { next: 'search' },
        )
        .module(
          'search',
          'product_search',
          {
            words: '{{ wanted }}',
            maxResults: 3,
            intro: 'Here is what I found:',
            viewLabel: 'View product',
            cartLabel: 'Add to cart',
            inStock: 'In stock',
            soldOut: 'Sold out',
            resultVariable: 'found',
            noResultsMessage: 'Nothing like that.',
            failureMessage: 'The shop is not answering.',
          },
          { found: 'start', no_results: 'start', failure: 'start' },
        );
      const deployed = await deployedBot(t, headers, 'Shop assistant', shopper, 'test');
      searchKey = deployed.key;
      searchBotId = deployed.bot.id;
    });

    it('Product search answers with a carousel of products with price, availability, picture and links', async () => {
      const conversation = await startChat(t, searchKey);
      const response = await visitorSends(t, conversation, 'shoe');
      expect(response.statusCode).toBe(200);
      const said = botMessages(response.json<{ messages: ChatMessage[] }>().messages);
      expect(said[0]).toEqual({ type: 'text', text: 'Here is what I found:' });
      expect(said[1]).toMatchObject({
        type: 'carousel',
        cards: [
          {
            title: 'Trail Runner Shoe',
            subtitle: '€89.00 – €99.00 · In stock',
            imageUrl: expect.stringMatching(/\/cdn\/trail-runner-shoe\.svg$/),
            buttons: [
              { label: 'View product', kind: 'url', url: `https://${SHOP}/products/trail-runner-shoe` },
              { label: 'Add to cart', kind: 'url', url: `https://${SHOP}/cart/${shopify.variantIdOf(0)}:1` },
            ],
          },
          { title: 'City Walker Shoe', subtitle: '€69.00 · Sold out', buttons: [{ label: 'View product' }] },
          // Not on the online store: shown, but with nothing to link to.
          { title: 'Prototype Shoe (unpublished)', buttons: [{ label: 'Add to cart' }] },
        ],
      });
      expect(shopify.requests.at(-1)).toMatchObject({ variables: { query: 'shoe status:active', first: 3 } });
    });

    it('answers a repeated search from the cache for a minute, without calling the store', async () => {
      const calls = shopify.requests.length;
      const conversation = await startChat(t, searchKey);
      const said = botMessages(await visitorSays(t, conversation, 'shoe'));
      expect(said[1]).toMatchObject({ type: 'carousel' });
      expect(shopify.requests.length).toBe(calls);
    });

    it('takes No results when nothing matches', async () => {
      const conversation = await startChat(t, searchKey);
      const said = botMessages(await visitorSays(t, conversation, 'kayak'));
      expect(said).toEqual([
        { type: 'text', text: 'Nothing like that.' },
        { type: 'text', text: 'What are you looking for?' },
      ]);
    });

    it('shows the call and its result in the debugger', async () => {
      const started = await t.request({
        method: 'POST',
        url: `/api/bots/${searchBotId}/debugger/conversations`,
        headers,
        payload: {},
      });
      const debug = started.json<DebugConversation>();
      const turn = await t.request({
        method: 'POST',
        url: `/api/bots/${searchBotId}/debugger/conversations/${debug.conversationId}/messages`,
        headers,
        payload: { text: 'socks' },
      });
      const step = turn.json<DebugConversation>().steps.find((candidate) => candidate.from === 'search');
      expect(step).toMatchObject({
        port: 'found',
        call: {
          service: 'shopify',
          request: 'products(query: "socks", first: 3)',
          result: expect.stringMatching(/^1 product from Parley Outdoor Co\. \(cost \d+\)$/),
        },
      });
      expect(turn.json<DebugConversation>().variables.found).toMatchObject([
        { title: 'Wool Hiking Socks', price: '€14.50' },
      ]);
    });

    it('Order status answers only the buyer’s own email, and the same Not found otherwise', async () => {
      const checker = flowFixture()
        .module(
          'start',
          'input',
          { prompt: 'Order number?', variable: 'order_number', validator: { type: 'text' } },
          { next: 'email' },
        )
        .module(
          'email',
          'input',
          { prompt: 'Email?', variable: 'email', validator: { type: 'text' } },
          { next: 'look' },
        )
        .module(
          'look',
          'order_status',
          {
            orderNumber: '{{ order_number }}',
            email: '{{ email }}',
            resultVariable: 'order',
            foundMessage:
              'Order {{ order.name }}: {{ order.fulfillmentStatus }}{% if order.tracking %} ({{ order.tracking[0].company }} {{ order.tracking[0].number }}){% endif %}',
            notFoundMessage: 'No order with that number and email.',
            failureMessage: 'Orders are not answering.',
          },
          { found: 'start', not_found: 'start', failure: 'start' },
        );
      const { key } = await deployedBot(t, headers, 'Orders', checker, 'test');
      const ask = async (number: string, email: string) => {
        const conversation = await startChat(t, key);
        await visitorSays(t, conversation, number);
        return botMessages(await visitorSays(t, conversation, email))[0];
      };
      expect(await ask('#1001', 'Ana@Example.com')).toEqual({
        type: 'text',
        text: 'Order #1001: FULFILLED (UPS 1Z999AA10123456784)',
      });
      const notFound = { type: 'text', text: 'No order with that number and email.' };
      // Bea's order asked with Ana's email, and an order that does not exist: the same answer.
      expect(await ask('1002', 'ana@example.com')).toEqual(notFound);
      expect(await ask('9999', 'ana@example.com')).toEqual(notFound);
      expect(await ask('1002', 'bea@example.com')).toMatchObject({
        text: expect.stringContaining('#1002: UNFULFILLED'),
      });
      // Bea's order never reached the conversation that asked with Ana's email.
      const rows = await t.database.db.selectFrom('conversations').select('state').execute();
      const leaked = rows.filter(
        (row) =>
          JSON.stringify(row.state).includes('bea@example.com') &&
          JSON.stringify(row.state).includes('ana@example.com'),
      );
      expect(leaked).toEqual([]);
    });

    it('Add to cart link sends the cart permalink as a link button', async () => {
      const cart = flowFixture().module('start', 'add_to_cart', {
        variantId: 'gid://shopify/ProductVariant/40000000003',
        quantity: '2',
        text: 'Your cart:',
        buttonLabel: 'Open my cart',
        failureMessage: 'No cart.',
      });
      const { key } = await deployedBot(t, headers, 'Cart', cart, 'test');
      const conversation = await startChat(t, key);
      expect(botMessages(conversation.messages)).toEqual([
        {
          type: 'buttons',
          text: 'Your cart:',
          buttons: [
            { id: 'cart', label: 'Open my cart', kind: 'url', url: `https://${SHOP}/cart/40000000003:2` },
          ],
        },
      ]);
    });

    it('a company without a store gets the failure connection, named not configured', async () => {
      const shopper = flowFixture().module('start', 'product_search', {
        words: 'shoe',
        viewLabel: 'View',
        inStock: 'In stock',
        soldOut: 'Sold out',
        failureMessage: 'No shop here.',
      });
      const { key } = await deployedBot(t, otherHeaders, 'No shop', shopper, 'test');
      const conversation = await startChat(t, key);
      expect(botMessages(conversation.messages)).toEqual([{ type: 'text', text: 'No shop here.' }]);
    });

    it('a token the store stops accepting shows the store disconnected, and why', async () => {
      const other = await connect(
        'second-shop.myshopify.com',
        'shpat_second_0123456789abcdef01',
        otherHeaders,
      );
      expect(other.statusCode).toBe(200);
      const shopper = flowFixture().module('start', 'product_search', {
        words: 'socks',
        viewLabel: 'View',
        inStock: 'In stock',
        soldOut: 'Sold out',
        failureMessage: 'No shop here.',
      });
      const { key } = await deployedBot(t, otherHeaders, 'Revoked', shopper, 'test');
      // The store's owner uninstalls the app: the token stops working.
      await t.database.db
        .updateTable('store_connections')
        .set({
          sealed_token: t.app.ctx.secrets.seal(
            'shpat_revoked_000000000000000000',
            `shopify-token:company:${await companyOf(otherHeaders)}`,
          ),
        })
        .where('domain', '=', 'second-shop.myshopify.com')
        .execute();
      const conversation = await startChat(t, key);
      expect(botMessages(conversation.messages)).toEqual([{ type: 'text', text: 'No shop here.' }]);
      expect(await connection(otherHeaders)).toMatchObject({
        connected: true,
        problem: { kind: 'token_rejected', message: expect.stringContaining('refused the access token') },
      });
      const check = await t.request({
        method: 'POST',
        url: '/api/store/shopify/check',
        headers: otherHeaders,
      });
      expect(check.json().error.name).toBe('StoreTokenRejectedException');
      // Reconnecting with a working token clears it.
      await connect('second-shop.myshopify.com', 'shpat_second_0123456789abcdef01', otherHeaders);
      expect(await connection(otherHeaders)).toMatchObject({ problem: null });
    });

    it('waits for the store’s bucket to refill when it is throttled, and fails fast (named) when the wait is too long', async () => {
      // 35 points asked, none left, 30 a second: THROTTLED, then a retry about 1.2 s later succeeds.
      const conversation = await startChat(t, searchKey);
      shopify.state.restoreRate = 30;
      shopify.drain(SHOP, 0);
      const said = botMessages(await visitorSays(t, conversation, 'jacket'));
      expect(said[1]).toMatchObject({ type: 'carousel', cards: [{ title: 'Summit Rain Jacket' }] });
      const asked = shopify.requests.filter((request) => request.variables.query === 'jacket status:active');
      expect(asked.length).toBeGreaterThanOrEqual(2);

      // Empty, refilling at 5 points a second: 7 s is past the 1.5 s the server waits.
      shopify.state.restoreRate = 5;
      shopify.drain(SHOP, 0);
      try {
        const slow = await startChat(t, searchKey);
        const failed = botMessages(await visitorSays(t, slow, 'rain'));
        expect(failed[0]).toEqual({ type: 'text', text: 'The shop is not answering.' });
        const started = await t.request({
          method: 'POST',
          url: `/api/bots/${searchBotId}/debugger/conversations`,
          headers,
          payload: {},
        });
        const debug = started.json<DebugConversation>();
        const turn = await t.request({
          method: 'POST',
          url: `/api/bots/${searchBotId}/debugger/conversations/${debug.conversationId}/messages`,
          headers,
          payload: { text: 'wool' },
        });
        const step = turn.json<DebugConversation>().steps.find((candidate) => candidate.from === 'search');
        expect(step).toMatchObject({ port: 'failure', failure: { reason: 'rate_limited', status: 429 } });
      } finally {
        // Last in this file: the server now rightly expects the store's bucket to be empty for seconds.
        shopify.state.restoreRate = 50;
      }
    });
  });

  async function companyOf(as: Record<string, string>): Promise<string> {
    const me = await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: as });
    return me.json<{ company: { id: string } }>().company.id;
  }
});
