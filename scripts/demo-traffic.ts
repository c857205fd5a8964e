// `npm run demo:traffic` (scripts/demo-traffic.mjs bundles and runs this file): simulated visitors
// on the demo company's bot, through the real widget telemetry and chat API of a running Parley
// (`npm start` first), so reports show what the real code recorded. Options: --url
// http://localhost:3000 (or PARLEY_URL), --visitors 300 (at most 800: the collector's per-address limits).
// It signs in as the demo owner (Demo Co, a demo company) and creates "Demo Shop Assistant" there
// once, published on web chat. Nothing is written straight to the database.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type {
  AuthRecord,
  BotDetail,
  BotList,
  Deployment,
  StartConversationResponse,
  WebchatConfig,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';

const { values } = parseArgs({
  options: {
    url: {
      type: 'string',
      default: process.env.PARLEY_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
    visitors: { type: 'string', default: '300' },
    email: { type: 'string', default: 'owner@demo.parley.dev' },
    password: { type: 'string', default: 'parley-demo' },
  },
});
const base = values.url.replace(/\/$/, '');
const visitorCount = Math.max(1, Math.min(800, Number(values.visitors) || 300));
const BOT_NAME = 'Demo Shop Assistant';

interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call<T = unknown>(
  method: string,
  path: string,
  { token, body, headers = {} }: CallOptions = {},
): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // All simulated visitors share this machine's address: past its per-minute limits, wait as told.
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return call<T>(method, path, { token, body, headers });
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A shop bot with something for every report: goals with values, a handoff, an input, a keyword. */
function shopFlow() {
  const button = (id: string, label: string) => ({ id, label, action: { type: 'goto' as const } });
  return flowFixture()
    .module(
      'welcome',
      'buttons',
      {
        text: 'Hi! I am the Demo Shop assistant. What can I do for you?',
        buttons: [
          button('gift', 'Buy a gift card'),
          button('demo', 'Book a demo'),
          button('track', 'Track my order'),
          button('person', 'Talk to a person'),
        ],
      },
      { 'button:gift': 'gift', 'button:demo': 'email', 'button:track': 'track', 'button:person': 'person' },
      { name: 'Welcome', position: { x: 0, y: 0 } },
    )
    .module(
      'gift',
      'text',
      { text: 'Done! Your $25 gift card is on its way by email.' },
      { next: 'anything' },
      { name: 'Gift card bought', position: { x: -400, y: 260 }, isGoal: true, goalValue: 25 },
    )
    .module(
      'email',
      'input',
      {
        prompt: 'Great! What is your work email?',
        variable: 'email',
        validator: { type: 'email' },
        retryMessage: 'That does not look like an email. Try again?',
        maxRetries: 1,
        skippable: false,
        skipWords: ['skip'],
      },
      { next: 'booked', invalid: 'anything' },
      { name: 'Ask for email', position: { x: -130, y: 260 } },
    )
    .module(
      'booked',
      'text',
      { text: 'Booked! We will send a calendar invite to {{ email }}.' },
      { next: 'anything' },
      { name: 'Demo booked', position: { x: -130, y: 520 }, isGoal: true },
    )
    .module(
      'track',
      'text',
      { text: 'Your order left our warehouse yesterday and arrives within 2 days.' },
      { next: 'anything' },
      { name: 'Order status', position: { x: 140, y: 260 } },
    )
    .module(
      'person',
      'handoff',
      { message: 'Connecting you with our team…', reason: 'Asked for a person' },
      { resume: 'anything' },
      { name: 'To a person', position: { x: 410, y: 260 } },
    )
    .module(
      'anything',
      'buttons',
      { text: 'Anything else?', buttons: [button('more', 'Yes, please'), button('bye', 'No, thanks')] },
      { 'button:more': 'welcome', 'button:bye': 'bye' },
      { name: 'Anything else', position: { x: 0, y: 780 } },
    )
    .module(
      'bye',
      'end',
      { message: 'Thanks for visiting the Demo Shop!' },
      {},
      { name: 'Goodbye', position: { x: 0, y: 1040 } },
    )
    .module(
      'refunds',
      'text',
      { text: 'You can return anything within 30 days for a full refund.' },
      { next: 'anything' },
      { name: 'Refund policy', position: { x: 680, y: 260 } },
    )
    .global({
      id: 'refund',
      name: 'Refunds',
      trigger: { type: 'keyword', keywords: ['refund', 'return'], match: 'contains' },
      target: 'refunds',
    });
}

async function demoDeployment(token: string) {
  const found = await call<BotList>('GET', `/api/bots?${new URLSearchParams({ search: BOT_NAME })}`, {
    token,
  });
  let bot: { id: string } | undefined = found.items.find((item) => item.name === BOT_NAME);
  if (!bot) {
    const created = await call<BotDetail>('POST', '/api/bots', {
      token,
      body: { name: BOT_NAME, language: 'en' },
    });
    bot = created;
    await call('PUT', `/api/bots/${bot.id}/flow`, { token, body: { flow: shopFlow().onto(created.flow) } });
    await call('PATCH', `/api/bots/${bot.id}`, { token, body: { defaultGoalValue: 40 } });
    await call('POST', `/api/bots/${bot.id}/publish`, { token });
    console.log(`Created and published "${BOT_NAME}" in the demo company`);
  }
  const deployments = await call<Deployment[]>('GET', `/api/bots/${bot.id}/deployments`, { token });
  const deployment =
    deployments.find((item) => item.channel === 'webchat') ??
    (await call<Deployment>('POST', `/api/bots/${bot.id}/deployments`, {
      token,
      body: { channel: 'webchat' },
    }));
  return { bot, key: deployment.key };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const chance = (probability: number) => Math.random() < probability;

const SHOP_SITE = {
  domain: 'shop.demo.parley.dev',
  weight: 0.7,
  pages: ['/', '/gift-cards', '/pricing', '/orders', '/blog/spring-sale'],
};
const HELP_SITE = { domain: 'help.demo.parley.dev', pages: ['/', '/shipping', '/returns', '/contact'] };
const UNKNOWN = [
  'do you ship to canada?',
  'can I pay with paypal',
  'what are your opening hours',
  'is there a student discount',
  'do you ship to canada?',
  'my coupon does not work',
];

async function visit(config: WebchatConfig, key: string) {
  const visitorId = randomUUID();
  const site = Math.random() < SHOP_SITE.weight ? SHOP_SITE : HELP_SITE;
  let stats = { pageViews: 0, opens: 0, conversations: 0 };
  for (let session = 0; session < (chance(0.25) ? 2 : 1); session += 1) {
    const sessionId = randomUUID().slice(0, 12);
    const envelope = (baseType: string, baseData: Record<string, unknown>) => ({
      name: `Microsoft.ApplicationInsights.${baseType.replace('Data', '')}`,
      time: new Date().toISOString(),
      iKey: config.telemetry.instrumentationKey,
      tags: { 'ai.session.id': sessionId, 'ai.user.id': visitorId, 'ai.cloud.role': 'webchat' },
      data: { baseType, baseData: { ver: 2, ...baseData } },
    });
    const pages = Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => pick(site.pages));
    const items: ReturnType<typeof envelope>[] = [];
    for (const path of pages) {
      const url = `https://${site.domain}${path}`;
      const properties = { 'Page Domain': site.domain, 'Page URL': url, 'Deployment Key': key };
      items.push(envelope('PageviewData', { name: `Demo Shop ${path}`, url, properties }));
    }
    const url = `https://${site.domain}${pages.at(-1)}`;
    const opened = chance(0.35);
    if (opened)
      items.push(
        envelope('EventData', {
          name: 'Chat Opened',
          properties: { 'Page Domain': site.domain, 'Page URL': url, 'Deployment Key': key },
        }),
      );
    // The widget sends text/plain, as the loader does.
    await call('POST', config.telemetry.endpointPath, {
      body: JSON.stringify(items),
      headers: { 'content-type': 'text/plain' },
    });
    stats = { ...stats, pageViews: stats.pageViews + pages.length, opens: stats.opens + (opened ? 1 : 0) };
    if (!opened || !chance(0.8)) continue;
    const conversation = await call<StartConversationResponse>('POST', '/api/chat/conversations', {
      body: { deploymentKey: key, page: { url, domain: site.domain } },
    });
    stats.conversations += 1;
    const say = (body: { text: string } | { postback: string; label: string }) =>
      call('POST', `/api/chat/conversations/${conversation.conversationId}/messages`, {
        body,
        headers: { authorization: `Bearer ${conversation.token}` },
      });
    const press = (module: string, button: string, label: string) =>
      say({ postback: `parley:button:${module}:${button}`, label });
    const roll = Math.random();
    if (roll < 0.3) await press('welcome', 'gift', 'Buy a gift card');
    else if (roll < 0.45) {
      await press('welcome', 'demo', 'Book a demo');
      await say({
        text: chance(0.8) ? `visitor${Math.floor(Math.random() * 1000)}@example.com` : 'no thanks',
      });
    } else if (roll < 0.6) await press('welcome', 'track', 'Track my order');
    else if (roll < 0.68) await press('welcome', 'person', 'Talk to a person');
    else if (roll < 0.78) await say({ text: 'How do I get a refund?' });
    else if (roll < 0.95) await say({ text: pick(UNKNOWN) });
    if (roll < 0.6 && chance(0.6)) await press('anything', 'bye', 'No, thanks');
  }
  return stats;
}

const auth = await call<AuthRecord>('POST', '/api/auth/login', {
  body: { email: values.email, password: values.password },
});
const { key } = await demoDeployment(auth.token);
const config = await call<WebchatConfig>('GET', `/api/chat/deployments/${encodeURIComponent(key)}/config`);
const totals = { pageViews: 0, opens: 0, conversations: 0 };
let next = 0;
const worker = async () => {
  while (next < visitorCount) {
    next += 1;
    const stats = await visit(config, key);
    totals.pageViews += stats.pageViews;
    totals.opens += stats.opens;
    totals.conversations += stats.conversations;
  }
};
await Promise.all(Array.from({ length: 6 }, worker));
console.log(
  `${visitorCount} visitors: ${totals.pageViews} page views, ${totals.opens} widget opens, ${totals.conversations} conversations. ` +
    `Open Reports (${base}/v2/reports) as ${values.email}.`,
);
