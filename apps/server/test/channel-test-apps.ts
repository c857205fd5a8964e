import type { ConnectSunshineRequest } from '@parley/contracts';
import type { FakeGraph } from './fake-graph';
import type { FakeSunshine } from './fake-sunshine';
import { createTestApp, type TestApp } from './test-app';

// Test apps wired to a channel vendor's fake: its webhook posts reach the app's routes.

/** Webhook retries quick enough for a test: a second apart, three of them. */
const quickRetries = { WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '3' };

/** Posts a fake's webhook delivery to the app's route of its target; answers the status. */
const postTo =
  (t: TestApp) => async (delivery: { target: string; headers: Record<string, string>; body: string }) => {
    const response = await t.request({
      method: 'POST',
      url: new URL(delivery.target).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
    return response.statusCode;
  };

/**
 * Runs `work` with no channel outbox: its turns are stored with no send queued, as if the process
 * stopped between the two.
 */
export async function withoutTurnOutbox(t: TestApp, work: () => Promise<unknown>): Promise<void> {
  const { conversations } = t.app.ctx;
  const outbox = conversations.turnOutbox;
  conversations.turnOutbox = undefined;
  try {
    await work();
  } finally {
    conversations.turnOutbox = outbox;
  }
}

/**
 * A test app whose Graph API is `graph`, wired both ways: the fake's webhook deliveries and its
 * subscription handshakes reach the app's routes.
 */
export async function appWithGraph(graph: FakeGraph): Promise<TestApp> {
  const t = await createTestApp({ GRAPH_API_URL: await graph.listen(), ...quickRetries });
  graph.deliverWith(postTo(t));
  graph.handshakeWith(async (url) => {
    const target = new URL(url);
    const response = await t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    return { status: response.statusCode, body: response.body };
  });
  return t;
}

/**
 * A test app that the messaging suite `suite` posts its webhooks to, and what connects a
 * deployment to the suite (its app and key, at its address: a region of `custom`).
 */
export async function appWithSunshine(
  suite: FakeSunshine,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; credentials: ConnectSunshineRequest }> {
  const apiUrl = await suite.listen();
  const t = await createTestApp({ ...quickRetries, ...env });
  suite.deliverWith(postTo(t));
  const credentials: ConnectSunshineRequest = {
    appId: suite.appId,
    keyId: suite.keyId,
    keySecret: suite.secret,
    region: 'custom',
    apiUrl,
  };
  return { t, credentials };
}
