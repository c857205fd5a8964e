import { type ConversationEventData, EVENT } from '@parley/kit';
import { callFailure, callFailureOf, OutsideCallFailed } from '../kit/call-failure';
import type { EnterResult, ExecutionContext, InstanceCallResult, ModuleRuntime } from '../kit/module-kit';
import type { WebhookContent, WebhookInstanceChoice } from './schema';

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

/** Renders a part of the request; one that does not render is the call's `template_error`. */
function renderPart(context: ExecutionContext, part: string, template: string): string {
  try {
    return context.render(template);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new OutsideCallFailed(callFailure('template_error', `The ${part} does not render: ${why}`));
  }
}

type ResultData = Omit<ConversationEventData<typeof EVENT.WebhookResult>, 'endpoint' | 'method'>;

/** A call that failed before anything was sent: said in the inbox, and the failure port. */
function failedBeforeSending(record: (data: ResultData) => void, error: unknown): EnterResult {
  const failure = callFailureOf(error);
  record({ ok: false, status: null, durationMs: 0, response: failure.message, reason: failure.reason });
  return { kind: 'continue', port: 'failure', failure };
}

/**
 * Calls an installed webhook: its `bot` fields rendered here (over the whole conversation), the
 * rest done by the host, which logs the delivery. The answer's mapped variables are set; the
 * result is recorded for the inbox (with the delivery, so it links to the log).
 */
async function callInstance(
  instance: WebhookInstanceChoice,
  content: WebhookContent,
  context: ExecutionContext,
): Promise<EnterResult> {
  const record = (data: ResultData & { endpoint?: string; method?: string }) =>
    context.emit(EVENT.WebhookResult, { endpoint: '', method: '', ...data });
  let result: InstanceCallResult;
  try {
    const fields = Object.fromEntries(
      Object.entries(instance.fields).map(([key, template]) => [
        key,
        renderPart(context, `field ${key}`, template),
      ]),
    );
    result = await context.deliver({ instanceId: instance.id, fields, timeoutMs: content.timeoutMs });
  } catch (error) {
    return failedBeforeSending(record, error);
  }
  for (const [name, value] of Object.entries(result.variables)) context.setVariable(name, value);
  if (content.responseVariable && !result.queued && result.status !== null)
    context.setVariable(content.responseVariable, parseBody(result.responseBody, undefined));
  record({
    endpoint: result.endpoint,
    method: result.method,
    ok: result.ok,
    status: result.status,
    durationMs: result.durationMs,
    response: result.failure && result.status === null ? result.failure.message : result.responseBody,
    deliveryId: result.deliveryId,
    ...(result.queued ? { queued: true } : {}),
    ...(result.failure ? { reason: result.failure.reason } : {}),
  });
  if (result.failure) return { kind: 'continue', port: 'failure', failure: result.failure };
  return { kind: 'continue', port: 'success' };
}

/** The raw request the builder wrote, sent through the host's guarded HTTP port. */
async function callRaw(content: WebhookContent, context: ExecutionContext): Promise<EnterResult> {
  let endpoint = '';
  const record = (data: ResultData) =>
    context.emit(EVENT.WebhookResult, { endpoint, method: content.method, ...data });
  let url: URL;
  let headers: Record<string, string>;
  let body: string | undefined;
  try {
    endpoint = renderPart(context, 'address', content.url).trim();
    const parsed = URL.parse(endpoint);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      throw new OutsideCallFailed(callFailure('invalid_address', `Not a web address: ${endpoint}`));
    url = parsed;
    headers = Object.fromEntries(
      content.headers.map((header) => [
        renderPart(context, `header ${header.name}`, header.name),
        renderPart(context, `header ${header.name}`, header.value),
      ]),
    );
    body =
      content.method === 'GET' || content.method === 'DELETE'
        ? undefined
        : renderPart(context, 'body', content.body);
  } catch (error) {
    return failedBeforeSending(record, error);
  }
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
    const failure = callFailure('error_status', `The endpoint answered ${response.status}`, response.status);
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
}

export const webhookRuntime: ModuleRuntime<WebhookContent> = {
  enter: (content, context) =>
    content.instance ? callInstance(content.instance, content, context) : callRaw(content, context),
};
