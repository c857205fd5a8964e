import { flowFixture } from '@parley/flow/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { type RunningServer, startServer } from './support/server';

const BOX_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="460" height="260"><rect width="460" height="260" fill="#fde68a"/><rect x="170" y="80" width="120" height="100" fill="#b45309"/></svg>';

const shopFlow = (imageUrl: string) =>
  flowFixture()
    .module(
      'start',
      'text',
      { text: 'Welcome to **Parley Shop**! Read [our terms](https://example.com/terms).' },
      { next: 'name' },
    )
    .module(
      'name',
      'input',
      { prompt: 'What is your name?', variable: 'name', validator: { type: 'text' } },
      { next: 'menu' },
    )
    .module(
      'menu',
      'buttons',
      {
        text: 'Nice to meet you, {{ name }}! What would you like?',
        buttons: [
          { id: 'offer', label: 'See the offer', action: { type: 'goto' } },
          { id: 'help', label: 'Get help', action: { type: 'goto' } },
        ],
      },
      { 'button:offer': 'card', 'button:help': 'card' },
    )
    .module(
      'card',
      'card',
      {
        card: {
          title: 'Summer box',
          subtitle: 'Six seasonal treats, €24',
          imageUrl,
          buttons: [{ id: 'buy', label: 'Buy it', action: { type: 'goto' } }],
        },
      },
      { 'button:buy': 'thanks' },
    )
    .module('thanks', 'text', { text: 'Great choice, {{ name }}!' }, { next: 'wait' })
    .module('wait', 'delay', { seconds: 1 }, { next: 'later' })
    .module('later', 'text', { text: 'Your box is on its way 🚚' });

/** Links as bots write them: bare, in parentheses, old-style `<…>`, built from variables, labelled. */
const linkFlow = flowFixture()
  .module(
    'start',
    'set_variable',
    {
      assignments: [
        { variable: 'base', value: '"https://example.com"' },
        { variable: 'order', value: '"A 42"' },
      ],
    },
    { next: 'links' },
  )
  .module(
    'links',
    'text',
    {
      text:
        'See https://example.com/hours. Or write to us (https://example.com/contact)! Old style: <https://example.com/old>.\n' +
        'Your page: {{ base }}/orders/42. [Track it]({{ base }}/track/{{ order }}).',
    },
    { next: 'menu' },
  )
  .module(
    'menu',
    'buttons',
    {
      text: 'Tea or coffee?',
      buttons: [
        { id: 'tea', label: 'Tea', action: { type: 'goto' } },
        { id: 'coffee', label: 'Coffee', action: { type: 'goto' } },
      ],
    },
    { 'button:tea': 'tea', 'button:coffee': 'tea' },
  )
  .module('tea', 'text', { text: 'Coming right up.' });

describe('the web chat widget on a page of another origin', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;

  beforeAll(async () => {
    [server, browser, site] = await Promise.all([
      startServer(),
      launchBrowser(),
      startHostSite({ '/box.svg': BOX_SVG }),
    ]);
    const { deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Shop bot',
      shopFlow(`${site.url}/box.svg`),
    );
    site.pages.set('/', shopPage(server.url, deployment.key));
    site.pages.set('/broken', shopPage(server.url, 'no-such-deployment'));
    const page = shopPage(server.url, deployment.key);
    site.pages.set(
      '/twice',
      page.replace('</body>', `${page.slice(page.indexOf('<script src='), page.indexOf('</body>'))}</body>`),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  const checkAccessibility = async (page: Page) =>
    expect(await accessibilityViolations(page, '[data-parley-webchat]')).toEqual([]);

  it('holds a whole conversation: Markdown, typed answers, buttons, a card and a delayed message', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const requested: string[] = [];
    const telemetry: unknown[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
      if (request.url().endsWith('/telemetry'))
        telemetry.push(...(JSON.parse(request.postData() ?? '[]') as unknown[]));
    });
    await page.goto(site.url);

    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.waitFor();
    // The window's code waits for the first open.
    expect(requested.some((url) => url.endsWith('/webchat/app.js'))).toBe(false);
    await checkAccessibility(page);
    await screenshot(page, 'webchat-launcher');

    await launcher.click();
    const chat = page.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('What is your name?').waitFor();
    expect(await chat.locator('strong').filter({ hasText: 'Parley Shop' }).count()).toBe(1);
    const terms = chat.getByRole('link', { name: 'our terms' });
    expect(await terms.getAttribute('href')).toBe('https://example.com/terms');
    expect(await terms.getAttribute('rel')).toContain('noopener');
    // The host page's CSS does not reach inside.
    const bubbleFont = await chat
      .getByText('What is your name?')
      .evaluate((node) => getComputedStyle(node).fontSize);
    expect(bubbleFont).toBe('15px');

    const input = chat.getByRole('textbox', { name: 'Write a message…' });
    expect(await input.evaluate((node) => node === (node.getRootNode() as ShadowRoot).activeElement)).toBe(
      true,
    );
    await input.fill('Ana');
    await input.press('Enter');
    await chat.getByText('Nice to meet you, Ana! What would you like?').waitFor();
    await chat.getByRole('button', { name: 'See the offer' }).click();
    await chat.getByRole('heading', { name: 'Summer box' }).waitFor();
    await chat.getByText('Six seasonal treats, €24').waitFor();
    // Choices already made are history: the menu's buttons no longer act.
    expect(await chat.getByRole('button', { name: 'Get help' }).isDisabled()).toBe(true);
    await page.waitForFunction(() => {
      const image = document
        .querySelector('[data-parley-webchat]')
        ?.shadowRoot?.querySelector('.pc-card img');
      return image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
    });
    await checkAccessibility(page);
    await screenshot(page, 'webchat-card');

    await chat.getByRole('button', { name: 'Buy it' }).click();
    await chat.getByText('Great choice, Ana!').waitFor();
    await chat.getByText('Your box is on its way 🚚').waitFor({ timeout: 15_000 });
    await screenshot(page, 'webchat-delayed');

    // A reload keeps the conversation and the open window.
    await page.reload();
    await page.getByRole('dialog', { name: 'Chat with us' }).getByText('Your box is on its way 🚚').waitFor();
    expect(await page.getByRole('dialog').getByText('What is your name?').count()).toBe(1);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open chat' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    const events = telemetry as {
      data: { baseType: string; baseData: { name?: string; properties?: Record<string, string> } };
    }[];
    const pageView = events.find((event) => event.data.baseType === 'PageviewData');
    expect(pageView?.data.baseData.properties).toMatchObject({
      'Page Domain': 'localhost',
      'Page URL': `${site.url}/`,
    });
    expect(
      events.filter((event) => event.data.baseData.name === 'Chat Opened').length,
    ).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('shows links clean and, after a fallback answer, offers the choices again', async () => {
    const { deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Links bot',
      linkFlow,
    );
    site.pages.set('/links', shopPage(server.url, deployment.key));
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/links`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('Tea or coffee?').waitFor();

    const bubble = chat.locator('.pc-bubble').filter({ hasText: 'See ' });
    // No brackets, and the sentence's period, "!" and ")" stay outside the links.
    expect(await bubble.textContent()).toBe(
      'See https://example.com/hours. Or write to us (https://example.com/contact)! Old style: https://example.com/old.' +
        'Your page: https://example.com/orders/42. Track it.',
    );
    expect(await bubble.locator('br').count()).toBe(1);
    const links = await bubble
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['https://example.com/hours', 'https://example.com/hours'],
      ['https://example.com/contact', 'https://example.com/contact'],
      ['https://example.com/old', 'https://example.com/old'],
      ['https://example.com/orders/42', 'https://example.com/orders/42'],
      ['Track it', 'https://example.com/track/A%2042'],
    ]);
    await checkAccessibility(page);
    await screenshot(page, 'webchat-links');

    const input = chat.getByRole('textbox', { name: 'Write a message…' });
    await input.fill('purple monkey');
    await input.press('Enter');
    const fallback = chat.locator('.pc-row').filter({ hasText: "Sorry, I didn't get that." });
    await fallback.waitFor();
    // The menu's buttons come again with the fallback answer, and they act.
    const again = fallback.getByRole('button', { name: 'Tea' });
    expect(await again.isEnabled()).toBe(true);
    expect(await fallback.getByRole('button', { name: 'Coffee' }).isEnabled()).toBe(true);
    await screenshot(page, 'webchat-fallback-choices');
    await again.click();
    await chat.getByText('Coming right up.').waitFor();
    await context.close();
  });

  it('starts a new conversation on request, and shows nothing for an unknown deployment', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 760 }, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = page.getByRole('dialog');
    await chat.getByText('What is your name?').waitFor();
    await chat.getByRole('textbox', { name: 'Escribe un mensaje…' }).fill('Luis');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await chat.getByText('Nice to meet you, Luis! What would you like?').waitFor();
    await screenshot(page, 'webchat-mobile-es');
    await chat.getByRole('button', { name: 'Nueva conversación' }).click();
    await chat.getByText('What is your name?').waitFor();
    expect(await chat.getByText('Luis').count()).toBe(0);

    // The tag twice on one page still makes one widget.
    let configs = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/config')) configs++;
    });
    await page.goto(`${site.url}/twice`);
    await expect.poll(() => configs).toBe(2);
    await page.locator('[data-parley-webchat]').first().waitFor({ state: 'attached' });
    expect(await page.locator('script[data-deployment]').count()).toBe(2);
    expect(await page.locator('[data-parley-webchat]').count()).toBe(1);

    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${site.url}/broken`);
    await page.waitForFunction(() => true);
    await expect
      .poll(() => errors.some((text) => text.includes('this chat is not available (404)')))
      .toBe(true);
    expect(await page.locator('[data-parley-webchat]').count()).toBe(0);
    await context.close();
  });
});
