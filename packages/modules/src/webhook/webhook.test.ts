import { describe, expect, it } from 'vitest';
import { OutsideCallFailed } from '../kit/call-failure';
import type { HttpRequest, InstanceCall } from '../kit/module-kit';
import { testContext } from '../kit/testing';
import { webhookRuntime } from './execute';
import { webhookContentSchema } from './schema';

const content = webhookContentSchema.parse({
  method: 'POST',
  url: 'https://api.example.com/orders/{{ order_id }}',
  headers: [{ name: 'Authorization', value: 'Bearer {{ key }}' }],
  body: '{"id": "{{ order_id }}"}',
  responseVariable: 'order',
});

describe('webhook module', () => {
  it('sends the templated request, stores the JSON response and reports the result', async () => {
    const requests: HttpRequest[] = [];
    const { context, variables, events } = testContext({
      variables: { order_id: 'A1', key: 'k' },
      http: async (request) => {
        requests.push(request);
        return {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '{"status":"shipped"}',
          durationMs: 42,
        };
      },
    });
    expect(await webhookRuntime.enter(content, context)).toEqual({ kind: 'continue', port: 'success' });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'https://api.example.com/orders/A1',
        headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
        body: '{"id": "A1"}',
        timeoutMs: 10_000,
      },
    ]);
    expect(variables.get('order')).toEqual({ status: 'shipped' });
    expect(events).toEqual([
      {
        name: 'Webhook Result',
        data: {
          endpoint: 'https://api.example.com/orders/A1',
          method: 'POST',
          ok: true,
          status: 200,
          durationMs: 42,
          response: '{"status":"shipped"}',
        },
      },
    ]);
  });

  it('keeps a text response as text and fails on a non-2xx status, saying which', async () => {
    const { context, variables, events } = testContext({
      variables: { order_id: 'A1' },
      http: async () => ({
        status: 503,
        headers: { 'content-type': 'text/plain' },
        body: 'down for maintenance',
        durationMs: 5,
      }),
    });
    expect(await webhookRuntime.enter(content, context)).toEqual({
      kind: 'continue',
      port: 'failure',
      failure: { reason: 'error_status', status: 503, message: 'The endpoint answered 503' },
    });
    expect(variables.get('order')).toBe('down for maintenance');
    expect(events[0]?.data).toMatchObject({ ok: false, status: 503, reason: 'error_status' });
  });

  it('fails on timeouts and network errors, with the reason the host named', async () => {
    const { context, events } = testContext({
      http: () =>
        Promise.reject(new OutsideCallFailed({ reason: 'timeout', message: 'timed out after 10000 ms' })),
    });
    expect(await webhookRuntime.enter(content, context)).toEqual({
      kind: 'continue',
      port: 'failure',
      failure: { reason: 'timeout', message: 'timed out after 10000 ms' },
    });
    expect(events[0]?.data).toMatchObject({
      ok: false,
      status: null,
      response: 'timed out after 10000 ms',
      reason: 'timeout',
    });
    const unnamed = testContext({ http: () => Promise.reject(new Error('socket hang up')) });
    expect(await webhookRuntime.enter(content, unnamed.context)).toMatchObject({
      failure: { reason: 'unknown', message: 'socket hang up' },
    });
  });

  it('refuses addresses that are not web addresses, without calling anything', async () => {
    const { context, events } = testContext({ variables: { u: 'file:///etc/passwd' } });
    const fileUrl = webhookContentSchema.parse({ url: '{{ u }}' });
    expect(await webhookRuntime.enter(fileUrl, context)).toEqual({
      kind: 'continue',
      port: 'failure',
      failure: { reason: 'invalid_address', message: 'Not a web address: file:///etc/passwd' },
    });
    expect(events[0]?.data).toMatchObject({
      ok: false,
      response: 'Not a web address: file:///etc/passwd',
      reason: 'invalid_address',
    });
  });

  it('calls an installed webhook with its fields rendered, and sets the variables its answer maps to', async () => {
    const calls: InstanceCall[] = [];
    const { context, variables, events } = testContext({
      variables: { order_id: 'A1' },
      deliver: async (call) => {
        calls.push(call);
        return {
          deliveryId: 'd1',
          queued: false,
          ok: true,
          method: 'POST',
          endpoint: 'https://orders.example/••••',
          status: 200,
          durationMs: 12,
          responseBody: '{"status":"shipped"}',
          failure: null,
          variables: { order_status: 'shipped' },
        };
      },
    });
    const viaInstance = webhookContentSchema.parse({
      url: 'https://unused.example',
      instance: {
        id: '6f1c1a52-9a37-4a49-8d1e-2a57a4d0c111',
        name: 'Orders',
        fields: { order: '{{ order_id }}' },
      },
    });
    expect(await webhookRuntime.enter(viaInstance, context)).toEqual({ kind: 'continue', port: 'success' });
    expect(calls).toEqual([
      { instanceId: '6f1c1a52-9a37-4a49-8d1e-2a57a4d0c111', fields: { order: 'A1' }, timeoutMs: 10_000 },
    ]);
    expect(variables.get('order_status')).toBe('shipped');
    expect(events[0]?.data).toMatchObject({ ok: true, status: 200, deliveryId: 'd1' });
  });

  it('takes the failure port, named, when a part of the request does not render', async () => {
    const { context, events } = testContext();
    context.render = () => {
      throw new Error("unknown filter 'nosuchfilter'");
    };
    expect(await webhookRuntime.enter(content, context)).toMatchObject({
      port: 'failure',
      failure: {
        reason: 'template_error',
        message: "The address does not render: unknown filter 'nosuchfilter'",
      },
    });
    expect(events[0]?.data).toMatchObject({ ok: false, reason: 'template_error' });
  });
});
