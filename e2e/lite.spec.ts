import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citingFirstSource, fakeOpenAi } from '../apps/server/test/fake-openai';
import { startMailbox } from '../apps/server/test/mailbox';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { signIn, until } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** What the shop owner's model writes: drafted answers as JSON when asked for them, else from knowledge. */
function modelWrites(body: Record<string, unknown>): string[] {
  const messages = body.messages as { role: string; content: string }[];
  if (!messages.some((message) => message.content.includes('Answer with JSON only')))
    return citingFirstSource(body);
  const questions = [...(messages.at(-1)?.content ?? '').matchAll(/^\d+\. (.*)$/gm)].map(
    (match) => match[1] ?? '',
  );
  const answer = (question: string) =>
    /vegan/i.test(question)
      ? 'Half of our menu is vegan, and marked with a leaf.'
      : 'Ask us and we will tell you.';
  return [JSON.stringify({ faqs: questions.map((question) => ({ question, answer: answer(question) })) })];
}

const menu = [
  'Dish,Price,Allergens',
  'Paella valenciana,18.50,Shellfish',
  'Tortilla de patatas,9.00,Egg',
].join('\n');

/**
 * A shop owner of a Lite company (the demo's Lite Co) builds a bot with the guided form, tries it
 * in the tester, publishes it, puts it on their site, and changes it in lite settings; the canvas
 * and the agents area stay shut.
 */
describe('a lite company builds a bot without a canvas', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  let page: Page;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const model = fakeOpenAi({ tokens: modelWrites });
  beforeAll(async () => {
    mailbox = await startMailbox();
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const modelUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    [server, browser, site] = await Promise.all([
      startServer({ SMTP_URL: mailbox.url, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: modelUrl }),
      launchBrowser(),
      startHostSite(),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
    await mailbox?.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  const next = () => page.getByRole('button', { name: 'Continue' }).click();
  const step = (title: string) => page.getByRole('heading', { name: title }).waitFor();

  it('lands on the lite home and builds a bot in six checked steps', async () => {
    await signIn(page, server.url, 'lite@demo.parley.dev');
    await page.waitForURL(/\/v2\/lite$/);
    await page.getByRole('heading', { name: 'Let’s build your first assistant' }).waitFor();
    await screenshot(page, 'lite-home-empty');
    await page.getByRole('link', { name: 'Create a bot' }).click();

    await step('Your business');
    await page.getByLabel('Business name').fill('Casa Lola');
    await page.getByLabel('Website').fill('casalola');
    await next();
    await page.getByText('Write a web address such as https://yourshop.com, or leave it empty.').waitFor();
    await screenshot(page, 'lite-form-1-business');
    await page.getByLabel('Website').fill('https://casalola.example');
    await next();

    await step('What should it do?');
    expect(await page.getByRole('radio', { name: /Answer questions/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(page, 'lite-form-2-purpose');
    await next();

    await step('How should it sound?');
    await screenshot(page, 'lite-form-3-voice');
    await next();

    await step('When are you open?');
    await page.getByRole('switch', { name: 'Saturday' }).check();
    await screenshot(page, 'lite-form-4-hours');
    await next();

    await step('What do customers ask?');
    // A file with nothing in it is refused, saying what a good one holds.
    await page.getByLabel('Upload a CSV file').setInputFiles({
      name: 'empty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(''),
    });
    await page.getByText('The file is empty: it needs a first row naming the columns').waitFor();
    await screenshot(page, 'lite-form-5-csv-refused');
    // From a spreadsheet: the server reads it and the questions come in to review.
    await page.getByLabel('Upload a CSV file').setInputFiles({
      name: 'faqs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'question,answer\nDo you deliver?,"Yes, anywhere within 5 km of the shop, for free."\n',
      ),
    });
    await page
      .getByText('Imported 1 question from faqs.csv: read it below and change what you need.')
      .waitFor();
    expect(await page.getByLabel('Question 1', { exact: true }).inputValue()).toBe('Do you deliver?');
    // A question typed in, its answer drafted by the model for the owner to review.
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question 2', { exact: true }).fill('Do you have vegan dishes?');
    await page.getByRole('button', { name: 'Draft 1 answer with AI' }).click();
    await page.getByText(/Drafted 1 answer with AI/).waitFor();
    expect(await page.getByLabel('Answer 2', { exact: true }).inputValue()).toBe(
      'Half of our menu is vegan, and marked with a leaf.',
    );
    // The menu with its prices: a catalogue the bot answers other questions from.
    await page.getByLabel('Upload a CSV file').setInputFiles({
      name: 'menu.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(menu),
    });
    await page.getByText('Catalogue: menu.csv').waitFor();
    await screenshot(page, 'lite-form-5-questions');
    await next();

    await step('Where do customers reach you?');
    await page.getByLabel('Email address').fill('hola@casalola.example');
    await page.getByLabel('Phone (optional)').fill('+34 600 123 456 789');
    await page.getByRole('button', { name: 'Create my assistant' }).click();
    await page.getByText('Use digits, spaces and dashes only, up to 12 digits.').waitFor();
    await page.getByLabel('Phone (optional)').fill('+34 600 123 456');
    await page.getByRole('radio', { name: /Email them to me/ }).click();
    await screenshot(page, 'lite-form-6-contact');
    await page.getByRole('button', { name: 'Create my assistant' }).click();
    await page.getByRole('heading', { name: 'Your assistant is ready' }).waitFor();
  });

  it('runs the new bot in the tester, publishes it and embeds it on a page', async () => {
    const tester = page.frameLocator('iframe[title="Casa Lola in the tester"]');
    await tester
      .getByText('Hi! 👋 Welcome to Casa Lola. How can I help you today?')
      .waitFor({ timeout: 20_000 });
    await tester.getByRole('button', { name: 'Ask a question' }).click();
    await tester.getByRole('button', { name: 'Do you deliver?' }).click();
    await tester.getByText('Yes, anywhere within 5 km of the shop, for free.').waitFor();
    await page.getByText('menu.csv is being read into your assistant’s knowledge').waitFor();
    // What the menu does not answer, the catalogue does (once read: asked again until then).
    const question = tester.getByRole('textbox', { name: 'Write a message…' });
    const priced = tester.getByText(/From what I have: .*Paella valenciana.*18\.5/).first();
    for (let attempt = 0; ; attempt++) {
      await question.fill('How much is the paella valenciana?');
      await question.press('Enter');
      if (
        await priced.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      if (attempt === 5) throw new Error('the catalogue never answered');
    }
    await screenshot(page, 'lite-form-7-try');

    await page.getByRole('button', { name: 'Publish and get the code' }).click();
    const snippet = page.getByLabel('Embed code', { exact: true });
    await snippet.waitFor();
    const code = (await snippet.textContent()) ?? '';
    const key = /data-deployment="([\w-]+)"/.exec(code)?.[1];
    expect(key).toBeDefined();
    await screenshot(page, 'lite-form-8-published');

    site.pages.set('/', shopPage(server.url, key ?? ''));
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('Hi! 👋 Welcome to Casa Lola. How can I help you today?').waitFor();
    await chat.getByRole('button', { name: 'Opening hours' }).click();
    await chat.getByText(/Saturday: 09:00–18:00/).waitFor();
    await screenshot(visitor, 'lite-embedded');

    // A customer who wants a person leaves a message; the shop owner gets it by email.
    await chat.getByRole('button', { name: 'Talk to a person' }).last().click();
    const input = chat.getByRole('textbox', { name: 'Write a message…' });
    for (const [question, answer] of [
      ['Great! What is your name?', 'Ana Ruiz'],
      ['What email address can we reach you at?', 'ana@example.com'],
      ['What would you like to ask us?', 'Can I book the terrace for 12 on Friday?'],
    ] as const) {
      await chat.getByText(question).last().waitFor();
      await input.fill(answer);
      await input.press('Enter');
    }
    await chat
      .getByText('Thanks, Ana Ruiz! We have your message and will answer at ana@example.com very soon.')
      .waitFor();
    const mail = await until(() => mailbox.mails.find((item) => item.to === 'hola@casalola.example'));
    expect(mail.subject).toBe('A customer of Casa Lola asked for a person');
    expect(mail.text).toContain('Message: Can I book the terrace for 12 on Friday?');
  });

  it('shows the bot live on the lite home, and changes it in lite settings and styling', async () => {
    await page.getByRole('link', { name: 'Go to my bots' }).click();
    await page.waitForURL(/\/v2\/lite$/);
    await page.getByText('Live on your site').waitFor();
    await screenshot(page, 'lite-home');

    await page.getByRole('link', { name: 'Settings of Casa Lola' }).click();
    await page.getByRole('heading', { name: 'Welcome and tone' }).waitFor();
    await page.getByLabel('Welcome message (optional)').fill('Welcome to Casa Lola! Ask me anything.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. Publish to put the changes live.').waitFor();
    await screenshot(page, 'lite-settings');

    await page.getByRole('tab', { name: 'Look' }).click();
    await page.getByRole('button', { name: 'Warm' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await screenshot(page, 'lite-styling');
  });

  it('keeps the canvas and the agents area shut', async () => {
    for (const path of ['/v2/agents/manage', '/v2/webhook/marketplace']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: "You can't see this page" }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Agents' }).count()).toBe(0);
    await page.goto(`${server.url}/v2`);
    await page.waitForURL(/\/v2\/lite$/);
  });
});
