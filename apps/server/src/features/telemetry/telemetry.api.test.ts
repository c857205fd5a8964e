import type { FrontendConfig } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listTelemetryEvents } from './telemetry.repository';

const KEY = 'test-instrumentation-key';

function pageView(overrides: Record<string, unknown> = {}) {
  return {
    name: `Microsoft.ApplicationInsights.${KEY.replaceAll('-', '')}.Pageview`,
    time: new Date().toISOString(),
    iKey: KEY,
    tags: { 'ai.user.authUserId': 'user-1', 'ai.user.accountId': 'company-1', 'ai.session.id': 'session-1' },
    data: {
      baseType: 'PageviewData',
      baseData: {
        ver: 2,
        name: 'Home',
        url: 'https://app.example.com/v2',
        properties: { role: 'owner' },
        measurements: {},
      },
    },
    ...overrides,
  };
}

describe('the telemetry collector', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TELEMETRY_INSTRUMENTATION_KEY: KEY,
      STATUS_PAGE_URL: 'https://status.example.com',
    });
  });
  afterAll(() => t.close());

  it('tells the web app its links, agents API, telemetry key and whether it has a language model', async () => {
    const response = await t.request({ method: 'GET', url: '/api/frontend/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json<FrontendConfig>()).toEqual({
      statusPageUrl: 'https://status.example.com',
      supportUrl: 'https://support.parley.dev',
      agentsApiBaseUrl: '/agents-api',
      telemetry: { instrumentationKey: KEY, endpointPath: '/telemetry' },
      llm: { configured: false, defaultModel: expect.any(String) },
      nlu: { maxUtterances: 5000, maxUtteranceLength: 200 },
      mail: { configured: false },
    });
  });

  it('stores page views and events with the user and company they came from', async () => {
    const event = pageView({
      name: 'Microsoft.ApplicationInsights.Event',
      data: { baseType: 'EventData', baseData: { ver: 2, name: 'bot_created', properties: { botId: 'b1' } } },
    });
    const response = await t.request({ method: 'POST', url: '/telemetry', payload: [pageView(), event] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ itemsReceived: 2, itemsAccepted: 2, errors: [] });
    const [stored] = await listTelemetryEvents(t.database.db, { baseType: 'PageviewData' });
    expect(stored).toMatchObject({
      name: 'Home',
      url: 'https://app.example.com/v2',
      user_id: 'user-1',
      company_id: 'company-1',
      session_id: 'session-1',
      properties: { role: 'owner' },
    });
    expect((await listTelemetryEvents(t.database.db, { baseType: 'EventData' }))[0]?.name).toBe(
      'bot_created',
    );
  });

  it('accepts what sendBeacon sends (text/plain) and newline-delimited batches', async () => {
    const beacon = await t.request({
      method: 'POST',
      url: '/telemetry',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify([pageView()]),
    });
    expect(beacon.statusCode).toBe(200);
    const stream = await t.request({
      method: 'POST',
      url: '/telemetry',
      headers: { 'content-type': 'application/x-json-stream' },
      body: `${JSON.stringify(pageView())}\n${JSON.stringify(pageView())}\n`,
    });
    expect(stream.json()).toMatchObject({ itemsReceived: 2, itemsAccepted: 2 });
  });

  it('keeps the valid items of a mixed batch and names the refused ones (206)', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/telemetry',
      payload: [pageView(), pageView({ iKey: 'someone-else' }), { nonsense: true }],
    });
    expect(response.statusCode).toBe(206);
    expect(response.json()).toEqual({
      itemsReceived: 3,
      itemsAccepted: 1,
      errors: [
        { index: 1, statusCode: 400, message: 'Unknown instrumentation key' },
        { index: 2, statusCode: 400, message: expect.any(String) },
      ],
    });
  });

  it('refuses a batch with nothing valid, malformed JSON, and prototype tricks, storing nothing', async () => {
    const before = (await listTelemetryEvents(t.database.db)).length;
    const none = await t.request({ method: 'POST', url: '/telemetry', payload: [{ iKey: KEY }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.name).toBe('ValidationException');
    const malformed = await t.request({
      method: 'POST',
      url: '/telemetry',
      headers: { 'content-type': 'application/json' },
      body: '[{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    const poisoned = await t.request({
      method: 'POST',
      url: '/telemetry',
      headers: { 'content-type': 'application/json' },
      body: '[{"__proto__": {"polluted": true}}]',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await listTelemetryEvents(t.database.db)).length).toBe(before);
  });
});
