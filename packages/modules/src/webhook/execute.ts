import { type ConversationEventData, EVENT } from '@parley/kit';
import { callFailure, callFailureOf } from '../kit/call-failure';
import type { ModuleRuntime } from '../kit/module-kit';
import type { WebhookContent } from './schema';

/** What the inbox shows of a response: all of it, up to a size a person can read. */
const MAX_RECORDED_RESPONSE = 64 * 1024;

function parseBody(text: string, contentType: string | undefined): unknown {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const webhookRuntime: ModuleRuntime<WebhookContent> = {
  async enter(content, context) {
    const endpoint = context.render(content.url).trim();
    const record = (data: Omit<ConversationEventData<typeof EVENT.WebhookResult>, 'endpoint' | 'method'>) =>
      context.emit(EVENT.WebhookResult, { endpoint, method: content.method, ...data });
    let url: URL;
    try {
      url = new URL(endpoint);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    } catch {
      const message = `Not a web address: ${endpoint}`;
      const failure = callFailure('invalid_address', message);
      record({ ok: false, status: null, durationMs: 0, response: message, reason: failure.reason });
      return { kind: 'continue', port: 'failure', failure };
    }
    const headers = Object.fromEntries(
      content.headers.map((header) => [context.render(header.name), context.render(header.value)]),
    );
    const body =
      content.method === 'GET' || content.method === 'DELETE' ? undefined : context.render(content.body);
    if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain';
    }
    try {
      const response = await context.http({
        method: content.method,
        url: url.toString(),
        headers,
        body,
        timeoutMs: content.timeoutMs,
      });
      const ok = response.status >= 200 && response.status < 300;
      const contentType = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'content-type',
      )?.[1];
      if (content.responseVariable)
        context.setVariable(content.responseVariable, parseBody(response.body, contentType));
      record({
        ok,
        status: response.status,
        durationMs: response.durationMs,
        response: response.body.slice(0, MAX_RECORDED_RESPONSE),
        ...(ok ? {} : { reason: 'error_status' as const }),
      });
      if (ok) return { kind: 'continue', port: 'success' };
      const failure = callFailure(
        'error_status',
        `The endpoint answered ${response.status}`,
        response.status,
      );
      return { kind: 'continue', port: 'failure', failure };
    } catch (error) {
      const failure = callFailureOf(error);
      record({
        ok: false,
        status: null,
        durationMs: content.timeoutMs,
        response: failure.message,
        reason: failure.reason,
      });
      return { kind: 'continue', port: 'failure', failure };
    }
  },
};
