import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox } from '../apps/server/test/mailbox';
import { launchBrowser, screenshot } from './support/browser';
import { DEMO_PASSWORD, signIn, signOut, until } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const wide = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

describe('the web app shell, as people use it', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: mailbox.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  async function newPage(viewport = wide): Promise<Page> {
    const context = await browser.newContext({ viewport });
    return context.newPage();
  }

  it('signs up, lands on home, signs out and back in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/v2/register`);
    await screenshot(page, 'register-1440');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Company name').fill('Analytical Engines');
    await page.getByLabel('Work email').fill('ada@example.com');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('At least 10 characters').waitFor();
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // The account is made from the mailed link, which signs in.
    const signUpMail = await until(() => mailbox.mails.find((item) => item.to === 'ada@example.com'));
    const signUpLink = /(https?:\/\/\S+\/v2\/register\/confirm\?token=[\w-]+)/.exec(signUpMail.text)?.[1];
    expect(signUpLink).toBeDefined();
    await page.goto(signUpLink ?? '');
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    expect(await page.getByText(/Your trial ends on .* 14 days left/).isVisible()).toBe(true);
    await screenshot(page, 'home-trial-1440');

    await signOut(page);
    await screenshot(page, 'login-1440');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email or password is not right.' }).waitFor();
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    await page.context().close();
  });

  it('walks a two-factor company through QR registration, then asks for a code at sign-in', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'secure@demo.parley.dev');
    await page.waitForURL(/\/v2\/2fa-qr-token-register$/);
    await page.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
    await screenshot(page, 'two-factor-register-1440');
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not valid' }).waitFor();
    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('heading', { name: 'Hello, Sofia' }).waitFor();

    await signOut(page);
    await signIn(page, server.url, 'secure@demo.parley.dev');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await screenshot(page, 'login-code-1440');
    // Each code signs in once: the app's next code, as the one that registered it is used up.
    await page
      .getByLabel('6-digit code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('heading', { name: 'Hello, Sofia' }).waitFor();
    await page.context().close();
  });

  it('recovers a password through the mailed link', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/v2/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill('lite@demo.parley.dev');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await screenshot(page, 'password-reset-sent-1440');

    const mail = await until(() => mailbox.mails.find((item) => item.to === 'lite@demo.parley.dev'));
    const link = /(https?:\/\/\S+\/v2\/recover\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('a fresh passphrase');
    await page.getByLabel('Repeat the new password').fill('a different one!!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await screenshot(page, 'recover-1440');
    await page.getByLabel('Repeat the new password').fill('a fresh passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The link works once.
    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('another passphrase');
    await page.getByLabel('Repeat the new password').fill('another passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This link is invalid, already used or expired.').waitFor();

    await signIn(page, server.url, 'lite@demo.parley.dev', 'a fresh passphrase');
    await page.getByRole('heading', { name: 'Hello, Lena' }).waitFor();
    await page.context().close();
  });

  it('treats an expired stored session as signed out, and returns to the page after sign-in', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: 'Hello, Olivia' }).waitFor();
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('__AUTH_TOKEN__') ?? '{}');
      localStorage.setItem('__AUTH_TOKEN__', JSON.stringify({ ...record, expiry: Date.now() - 1000 }));
    });
    const me = await page.evaluate(() => localStorage.getItem('__AUTH_TOKEN__'));
    const userId = JSON.parse(
      Buffer.from(JSON.parse(me ?? '{}').token.split('.')[1], 'base64url').toString(),
    ).sub;
    await page.goto(`${server.url}/v2/profile/${userId}`);
    await page.waitForURL(/\/v2\/login\?next=/);
    expect(await page.evaluate(() => localStorage.getItem('__AUTH_TOKEN__'))).toBeNull();
    await page.getByLabel('Email').fill('owner@demo.parley.dev');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/v2/profile/${userId}$`));
    await page.getByRole('heading', { name: 'Olivia Owner' }).waitFor();
    await page.context().close();
  });

  it('edits the profile and changes the password', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'staff@parley.dev');
    await page.getByRole('heading', { name: 'Hello, Sam' }).waitFor();
    await page.getByRole('button', { name: /^Account menu of Sam Staff/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await screenshot(page, 'profile-1440');
    await page.getByLabel('First name').fill('Samantha');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your details were saved.').waitFor();
    await page.getByRole('heading', { name: 'Samantha Staff' }).waitFor();

    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('staff passphrase 2');
    await page.getByLabel('Repeat the new password').fill('staff passphrase 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    // Still signed in here after the change.
    await page.reload();
    await page.getByRole('heading', { name: 'Samantha Staff' }).waitFor();
    await page.context().close();
  });

  it('shows not-found for unknown pages and redirects the old addresses', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: 'Hello, Olivia' }).waitFor();
    await page.goto(`${server.url}/v2/anything/at/all`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'not-found-1440');

    await page.goto(`${server.url}/profile/some-id`);
    await page.waitForURL(/\/v2\/profile\/some-id$/);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    await page.goto(`${server.url}/inbox/c1/b1/x1`);
    await page.waitForURL(/\/v2\/inbox\?companyId=c1&botId=b1&conversationId=x1$/);
    await page.goto(`${server.url}/inbox/c1/b1`);
    await page.waitForURL(/\/v2\/inbox\?companyId=c1&botId=b1$/);
    await page.goto(`${server.url}/inbox`);
    await page.waitForURL(/\/v2\/inbox$/);
    await page.context().close();
  });

  it('switches to Spanish and remembers it', async () => {
    const page = await newPage(phone);
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: 'Hello, Olivia' }).waitFor();
    await screenshot(page, 'home-390');
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Hola, Olivia' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Hola, Olivia' }).waitFor();
    await page.getByRole('button', { name: 'Abrir navegación' }).click();
    await page.getByRole('link', { name: 'Inicio' }).waitFor();
    await screenshot(page, 'navigation-es-390');
    await page.context().close();
  });

  it('opens a section inside the app in an iframe', async () => {
    const page = await newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: 'Hello, Olivia' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/v2\/sections\/[\w-]+$/);
    const frame = page.frameLocator('iframe[title="API reference"]');
    await frame.getByText('Parley API').first().waitFor();
    await screenshot(page, 'section-1440');
    await page.context().close();
  });
});
