import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ChatMessage, messagePreview, type StartConversationResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../test/child-servers';
import { authHeader, deployedBot, registerOwner } from '../test/fixtures';
import { orderLookupFlow } from '../test/flows';
import { createTestApp, eventually, type TestApp, testEngine } from '../test/test-app';

/** A local service that answers each request only when the test releases it. */
async function heldService() {
  const waiting: ServerResponse[] = [];
  const server = createServer((_request, response) => {
    waiting.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    waiting: () => waiting.length,
    release() {
      for (const response of waiting.splice(0)) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: 'shipped' }));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(testEngine === 'postgres')('a server process stopped with SIGTERM', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof heldService>>;
  let child: ChildServer;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    service = await heldService();
    const owner = authHeader((await registerOwner(t)).auth.token);
    const flow = orderLookupFlow(
      { method: 'POST', url: service.url, body: '{{ order }}', responseVariable: 'found', timeoutMs: 10_000 },
      { status: '{{ found.status }}' },
    );
    ({ key } = await deployedBot(t, owner, 'Orders', flow));
    child = await startChildServer(t.databaseUrl ?? '', {
      SHUTDOWN_DRAIN_MS: '400',
      SHUTDOWN_TIMEOUT_MS: '8000',
    });
  });
  afterAll(async () => {
    child?.kill();
    await service?.close();
    await t?.close();
  });

  it('answers not ready, finishes the turn it runs, ends its streams with a reconnect hint, and exits in time', async () => {
    const started = (await (
      await fetch(`${child.url}/api/chat/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deploymentKey: key }),
      })
    ).json()) as StartConversationResponse;
    const { conversationId: id, token } = started;
    const stream = await fetch(`${child.url}/api/chat/conversations/${id}/events?token=${token}`);
    const streamed = stream.text();

    const answer = fetch(`${child.url}/api/chat/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'A-17', clientMessageId: 'visitor-1' }),
    });
    await eventually(async () => (service.waiting() === 1 ? true : undefined));
    const stoppedAt = Date.now();
    child.kill('SIGTERM');

    const readiness = await eventually(async () => {
      const response = await fetch(`${child.url}/api/health/ready`);
      return response.status === 503 ? response.json() : undefined;
    });
    expect(readiness).toMatchObject({ status: 'not_ready', stopping: true });

    // The stream ends once the drain is over, telling the client to come back soon (elsewhere).
    const text = await streamed;
    expect(text).toMatch(/retry: \d+\n\n$/);
    const hint = Number(/retry: (\d+)\n\n$/.exec(text)?.[1]);
    expect(hint).toBeLessThan(3_000);

    // The turn waiting on its call is not cut short: the visitor gets the answer from this process.
    setTimeout(() => service.release(), 300);
    const response = await answer;
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: ChatMessage[] };
    expect(messages.map((entry) => messagePreview(entry.message))).toContain('Order A-17: shipped');

    expect(await child.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    const history = await t.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${id}/history`,
      headers: authHeader(token, 'Bearer'),
    });
    const texts = history
      .json<{ messages: ChatMessage[] }>()
      .messages.map((entry) => messagePreview(entry.message));
    expect(texts.filter((text) => text === 'Order A-17: shipped')).toHaveLength(1);
  });
});
