import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSunshineUser, fakeSunshine } from '../apps/server/test/fake-sunshine';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const support = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi {{ sc.user.profile.givenName }}! How can I help?',
      buttons: [
        { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
        { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
      ],
    },
    { 'button:order': 'status', 'button:person': 'handoff' },
  )
  .module('status', 'text', { text: 'Your order is on its way.' }, { next: 'start' })
  .module(
    'handoff',
    'handoff',
    { message: 'Connecting you with a person…', reason: 'Asked for a person' },
    { resume: 'back' },
  )
  .module('back', 'text', { text: 'The bot is back. Anything else?' });

const ana: FakeSunshineUser = {
  id: 'user-ana',
  externalId: 'crm-42',
  profile: { givenName: 'Ana', surname: 'Ruiz' },
};

describe('the messaging suite: connect, hand over, take back', () => {
  const suite = fakeSunshine();
  let server: RunningServer;
  let browser: Browser;
  let apiUrl = '';
  beforeAll(async () => {
    apiUrl = await suite.listen();
    [server, browser] = await Promise.all([
      startServer({ OUTGOING_ALLOW_HOSTS: '127.0.0.1' }),
      launchBrowser(),
    ]);
    // The suite posts its webhooks to this server (Parley's public address is the test server's).
    suite.deliverWith(async (delivery) => {
      const response = await fetch(`${server.url}${new URL(delivery.target).pathname}`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      return response.status;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await suite.close();
  });

  it('connects in the bot settings, and the inbox shows the conversation with its handoff events', async () => {
    const { bot } = await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Zendesk helper', support);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/messaging`);
    await page.getByRole('heading', { name: 'Messaging suite (Zendesk Sunshine Conversations)' }).waitFor();
    await page.getByLabel('App ID').fill(suite.appId);
    await page.getByLabel('API key ID').fill(suite.keyId);
    await page.getByLabel('API key secret').fill(suite.secret);
    await page.getByLabel('Region').click();
    await page.getByRole('option', { name: 'Another address (Zendesk subdomain)' }).click();
    await page.getByLabel('API address').fill(apiUrl);
    await screenshot(page, 'messaging-suite-connect');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText(/^Connected since /).waitFor();
    expect(await page.content()).not.toContain(suite.secret);
    expect(suite.state.integrations).toHaveLength(1);

    // A user opens the widget, is greeted, asks for a person; the agent workspace answers and
    // hands the conversation back.
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await expect.poll(() => suite.state.messages.length, { timeout: 10_000 }).toBe(1);
    const actions = suite.state.messages[0]?.content.actions as { text: string; payload: string }[];
    const person = actions.find((action) => action.text === 'Talk to a person');
    await suite.userTaps(scId, ana, person?.payload ?? '', 'Talk to a person');
    await expect.poll(() => suite.activeName(scId), { timeout: 10_000 }).toBe('zd-agentWorkspace');
    await suite.userSays(scId, ana, 'Hello? My parcel is late.');
    suite.changeControl(scId, 'releaseControl', null);
    await expect
      .poll(() => suite.state.messages.map((message) => message.content.text), { timeout: 10_000 })
      .toContain('The bot is back. Anything else?');

    // Another user's greeting is refused by the suite (400): the status shows the last problem.
    const refused = suite.openConversation();
    suite.failNext(400, 1, refused);
    await suite.startConversation(refused, { id: 'user-ben', profile: { givenName: 'Ben' } });
    await expect
      .poll(() => suite.calls.some((call) => call.path.endsWith(`/conversations/${refused}/messages`)), {
        timeout: 10_000,
      })
      .toBe(true);

    await page.reload();
    await page.getByText(/^Last event received/).waitFor();
    await page.getByText(/was not sent: The messaging suite answered 400/).waitFor();
    await screenshot(page, 'messaging-suite-connected');

    await page.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByText('Ana Ruiz').first().click();
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('Handoff requested: Asked for a person').waitFor();
    await transcript.getByText('Zendesk Agent Workspace took over from the bot').waitFor();
    await transcript.getByText('Hello? My parcel is late.').waitFor();
    await transcript.getByText('Returned to the bot').waitFor();
    await transcript.getByText('The bot is back. Anything else?').waitFor();
    await screenshot(page, 'messaging-suite-inbox');
  });
});
