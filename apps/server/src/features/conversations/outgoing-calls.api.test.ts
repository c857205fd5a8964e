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
