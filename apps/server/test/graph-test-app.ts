import type { FakeGraph } from './fake-graph';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app whose Graph API is `graph`, wired both ways: the fake's webhook deliveries and its
 * subscription handshakes reach the app's routes.
 */
export async function appWithGraph(graph: FakeGraph): Promise<TestApp> {
  const t = await createTestApp({
    GRAPH_API_URL: await graph.listen(),
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    WEBHOOK_RETRY_LIMIT: '3',
  });
  graph.deliverWith(async (delivery) => {
    const response = await t.request({
      method: 'POST',
      url: new URL(delivery.target).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
    return response.statusCode;
  });
  graph.handshakeWith(async (url) => {
    const target = new URL(url);
    const response = await t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    return { status: response.statusCode, body: response.body };
  });
  return t;
}
