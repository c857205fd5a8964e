import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InboxTranscript } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A bot that asks Parley's own API (spelt `127.1`) and then a closed port for data, and repeats
 * in a message whatever it got: what a bot builder probing the server's network would publish.
 */
const probingFlow = (ownApi: string, closedPort: string) =>
  flowFixture()
    .module(
      'start',
      'webhook',
      { method: 'GET', url: ownApi, responseVariable: 'answer' },
      { success: 'leak', failure: 'closed' },
    )
    .module(
      'closed',
      'webhook',
      { method: 'GET', url: closedPort, responseVariable: 'answer' },
      { success: 'leak', failure: 'sorry' },
    )
    .module('leak', 'text', { text: 'Parley answered: {{ answer }}' })
    .module('sorry', 'text', { text: 'The order service is down.' });

describe('webhooks of a published bot, with the default configuration', () => {
  let t: TestApp;
  let port = 0;
  let closedPort = 0;
  let owner: Record<string, string>;
  beforeAll(async () => {
    // The default: no outgoing call may reach a private address (the suites' config allows 127.0.0.1).
    t = await createTestApp({ OUTGOING_ALLOW_HOSTS: '' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    owner = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  it("cannot reach Parley's own API, and shows only that the address could not be reached", async () => {
    const { key } = await deployedBot(
      t,
      owner,
      'Prober',
      probingFlow(`http://127.1:${port}/api/health`, `http://127.0.0.1:${closedPort}/orders`),
    );
    const visitor = await startChat(t, key);
    expect(visitor.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: 'The order service is down.' },
    ]);

    const transcript = (
      await t.request({
        method: 'GET',
        url: `/api/inbox/conversations/${visitor.conversationId}`,
        headers: owner,
      })
    ).json<InboxTranscript>();
    const calls = transcript.events
      .filter((event) => event.name === 'Webhook Result')
      .map((event) => event.data);
    // The open port of Parley's API and a closed port read the same.
    expect(calls).toEqual([
      expect.objectContaining({ ok: false, status: null, response: 'could not reach 127.0.0.1' }),
      expect.objectContaining({ ok: false, status: null, response: 'could not reach 127.0.0.1' }),
    ]);
    expect(JSON.stringify(transcript)).not.toMatch(/migrations|"database"/);
    expect(transcript.variables).not.toHaveProperty('answer');
  });
});

/**
 * A receiver on this machine the operator allowed by name only (`hooks.allowed.test`): what it
 * redirects to, and names that resolve to private addresses, are checked like any other address.
 */
describe('webhooks of a published bot, checked after DNS and on every redirect', () => {
  let t: TestApp;
  let port = 0;
  const reached: string[] = [];
  const receiver = createServer((request, response) => {
    reached.push(request.url ?? '');
    if (request.url?.startsWith('/redirect')) {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"secret":"internal"}');
  });
  // Simulated DNS: the allowed receiver, and a public-looking name that points inside.
  const names: Record<string, string> = {
    'hooks.allowed.test': '127.0.0.1',
    'crm.example.com': '10.0.0.7',
    'sneaky.example.com': '127.0.0.1',
  };
  let owner: Record<string, string>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    t = await createTestApp(
      { OUTGOING_ALLOW_HOSTS: 'hooks.allowed.test' },
      {
        resolveHost: async (hostname) => {
          const address = names[hostname];
          if (!address)
            throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          return [{ address, family: 4 }];
        },
      },
    );
    owner = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const callsOf = async (conversationId: string) =>
    (await t.request({ method: 'GET', url: `/api/inbox/conversations/${conversationId}`, headers: owner }))
      .json<InboxTranscript>()
      .events.filter((event) => event.name === 'Webhook Result')
      .map((event) => event.data);

  const oneCall = (url: string) =>
    flowFixture()
      .module(
        'start',
        'webhook',
        { method: 'GET', url, responseVariable: 'answer' },
        { success: 'leak', failure: 'sorry' },
      )
      .module('leak', 'text', { text: 'Got: {{ answer }}' })
      .module('sorry', 'text', { text: 'The service is down.' });

  it('reaches the receiver the operator allowed', async () => {
    const { key } = await deployedBot(
      t,
      owner,
      'Allowed',
      oneCall(`http://hooks.allowed.test:${port}/orders`),
    );
    const visitor = await startChat(t, key);
    expect(visitor.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: "Got: {'secret': 'internal'}" },
    ]);
  });

  it('refuses a redirect from the allowed receiver to 127.0.0.1, which is not allowed', async () => {
    reached.length = 0;
    const { key } = await deployedBot(
      t,
      owner,
      'Redirected',
      oneCall(`http://hooks.allowed.test:${port}/redirect`),
    );
    const visitor = await startChat(t, key);
    expect(visitor.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: 'The service is down.' },
    ]);
    expect(reached).toEqual(['/redirect']);
    expect(await callsOf(visitor.conversationId)).toEqual([
      expect.objectContaining({
        ok: false,
        status: null,
        response: 'could not reach hooks.allowed.test',
        reason: 'unreachable',
      }),
    ]);
  });

  it.each(['crm.example.com', 'sneaky.example.com'])(
    'refuses %s, a DNS name that resolves to a private address',
    async (name) => {
      reached.length = 0;
      const { key } = await deployedBot(t, owner, name, oneCall(`http://${name}:${port}/orders`));
      const visitor = await startChat(t, key);
      expect(visitor.messages.map((message) => message.message)).toEqual([
        { type: 'text', text: 'The service is down.' },
      ]);
      expect(reached).toEqual([]);
      expect(await callsOf(visitor.conversationId)).toEqual([
        expect.objectContaining({ ok: false, response: `could not reach ${name}`, reason: 'unreachable' }),
      ]);
    },
  );
});
