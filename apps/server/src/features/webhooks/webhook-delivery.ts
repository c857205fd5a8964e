import { createHmac, randomUUID } from 'node:crypto';
import type { CallFailure, RenderedWebhookRequest, WebhookCallResult } from '@parley/contracts';
import { callFailure, callFailureOf, mapResponse } from '@parley/engine';
import type { AppContext } from '../../context';
import { guardedRequest } from '../../integrations/http/guarded-http';
import { maskRequest, renderBotFields, renderWebhookRequest } from './render-request';
import { type InstanceWithTemplate, insertDelivery } from './webhooks.repository';

/** What the log keeps of an answer's body; the rest is cut (the call itself reads up to the cap). */
export const MAX_LOGGED_BODY = 16 * 1024;
/** How long a delivery may take, whole (resolving, redirects, reading the answer). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * `X-Parley-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the receiver
 * checks it with the instance's signing secret, and refuses old timestamps (replayed requests).
 */
export function parleySignature(secret: string, body: string, nowMs: number): string {
  const timestamp = Math.floor(nowMs / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** An instance's fields with its secrets opened, and the secrets alone (to mask them in the log). */
export function openInstance(ctx: AppContext, instance: InstanceWithTemplate) {
  const secrets = Object.fromEntries(
    Object.entries(instance.secrets).map(([key, { sealed }]) => [
      key,
      ctx.secrets.open(sealed, secretBinding(instance.id, key)),
    ]),
  );
  return {
    fields: { ...instance.fields, ...secrets },
    secretValues: Object.values(secrets),
    signingSecret: ctx.secrets.open(instance.signing_secret, signingBinding(instance.id)),
  };
}

export const secretBinding = (instanceId: string, key: string) => `webhook-field:${instanceId}:${key}`;
export const signingBinding = (instanceId: string) => `webhook-signing:${instanceId}`;

export interface DeliveryOrigin {
  kind: 'live' | 'test' | 'replay';
  botId?: string | null;
  conversationId?: string | null;
  moduleId?: string | null;
  replayOf?: string | null;
  attempt?: number;
}

/**
 * Calls an instance for a conversation (its variables, and the module's `bot` fields) and logs
 * the delivery: the request with secrets masked, the answer cut to MAX_LOGGED_BODY, why it failed
 * by name. Holds no database connection while the call is made. Never throws for the call's own
 * failures: they are the result's `failure`.
 */
export async function deliverToInstance(
  ctx: AppContext,
  instance: InstanceWithTemplate,
  input: { variables: Record<string, unknown>; botFields: Record<string, string> },
  origin: DeliveryOrigin,
): Promise<WebhookCallResult> {
  const definition = instance.template_definition;
  const opened = openInstance(ctx, instance);
  let request: RenderedWebhookRequest | null = null;
  let failure: CallFailure | null = null;
  try {
    const botFields = renderBotFields(definition, input.botFields, input.variables);
    request = renderWebhookRequest(definition, { ...opened.fields, ...botFields }, input.variables);
  } catch (error) {
    failure = callFailureOf(error);
  }
  const logged = request
    ? maskRequest(request, opened.secretValues)
    : { method: definition.request.method, url: '', headers: [], body: '' };
  const deliveryId = randomUUID();
  let status: number | null = null;
  let durationMs = 0;
  let responseBody = '';
  let variables: Record<string, unknown> = {};
  if (request) {
    const headers = Object.fromEntries(request.headers.map(({ name, value }) => [name, value]));
    headers['X-Parley-Signature'] = parleySignature(opened.signingSecret, request.body, Date.now());
    headers['X-Parley-Delivery'] = deliveryId;
    try {
      const response = await guardedRequest(
        {
          method: request.method,
          url: request.url,
          headers,
          ...(request.body === '' ? {} : { body: request.body }),
          timeoutMs: DELIVERY_TIMEOUT_MS,
        },
        ctx.outgoing,
      );
      status = response.status;
      durationMs = response.durationMs;
      responseBody = response.body;
      if (status < 200 || status >= 300) {
        failure = callFailure('error_status', `The receiver answered ${status}`, status);
      } else {
        const mapped = mapResponse(response.body, definition.responseMapping);
        if (mapped.ok) variables = mapped.variables;
        else failure = mapped.failure;
      }
    } catch (error) {
      failure = callFailureOf(error);
      if (failure.reason === 'timeout') durationMs = DELIVERY_TIMEOUT_MS;
    }
  }
  await insertDelivery(ctx.database.db, {
    id: deliveryId,
    company_id: instance.company_id,
    instance_id: instance.id,
    bot_id: origin.botId ?? null,
    conversation_id: origin.conversationId ?? null,
    module_id: origin.moduleId ?? null,
    kind: origin.kind,
    replay_of: origin.replayOf ?? null,
    attempt: origin.attempt ?? 1,
    request: JSON.stringify(logged),
    ok: failure === null,
    status,
    duration_ms: durationMs,
    response_body: responseBody.slice(0, MAX_LOGGED_BODY),
    failure_reason: failure?.reason ?? null,
    failure_message: failure?.message ?? null,
  });
  return {
    deliveryId,
    ok: failure === null,
    request: logged,
    status,
    durationMs,
    responseBody: responseBody.slice(0, MAX_LOGGED_BODY),
    failure: failure ? { reason: failure.reason, message: failure.message } : null,
    variables,
  };
}
