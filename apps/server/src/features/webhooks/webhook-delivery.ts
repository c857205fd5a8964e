import { createHmac, randomUUID } from 'node:crypto';
import type { CallFailure, RenderedWebhookRequest, WebhookCallResult } from '@parley/contracts';
import { callFailure, callFailureOf, mapResponse } from '@parley/engine';
import type { AppContext } from '../../context';
import type { DeliveryInputRecord } from '../../db/tables/webhook.table';
import { guardedRequest } from '../../integrations/http/guarded-http';
import { maskRequest, renderBotFields, renderWebhookRequest } from './render-request';
import {
  claimDelivery,
  finishDelivery,
  type InstanceWithTemplate,
  insertDelivery,
  insertTurnDeliveries,
  type NewDelivery,
  type TurnDelivery,
} from './webhooks.repository';

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
  /** A later attempt of an asynchronous delivery: the first attempt's id. */
  retryOf?: string | null;
  attempt?: number;
}

/**
 * What a delivery is given: the conversation's variables and the template's `bot` fields, as the
 * builder wrote them (templates, rendered here over the variables: test sends), or already
 * rendered by the bot's module (over the whole conversation).
 */
export type DeliveryInput = DeliveryInputRecord;

/** The request an instance makes for a conversation, as sent and as logged (secrets masked). */
export function prepareDelivery(ctx: AppContext, instance: InstanceWithTemplate, input: DeliveryInput) {
  const definition = instance.template_definition;
  const opened = openInstance(ctx, instance);
  try {
    const botFields =
      'renderedFields' in input
        ? input.renderedFields
        : renderBotFields(definition, input.botFields, input.variables);
    const request = renderWebhookRequest(definition, { ...opened.fields, ...botFields }, input.variables);
    return { request, logged: maskRequest(request, opened.secretValues), failure: null, opened };
  } catch (error) {
    const logged = { method: definition.request.method, url: '', headers: [], body: '' };
    return { request: null, logged, failure: callFailureOf(error), opened };
  }
}

interface Answer {
  status: number | null;
  durationMs: number;
  responseBody: string;
  failure: CallFailure | null;
  variables: Record<string, unknown>;
}

/**
 * The delivery's headers for the receiver: `X-Parley-Delivery` names the delivery, the same on
 * each of its attempts (the first attempt's id; receivers deduplicate on it), and
 * `X-Parley-Attempt` counts them from 1. A replay is a new delivery.
 */
function deliveryHeaders(deliveryId: string, origin: DeliveryOrigin): Record<string, string> {
  return {
    'X-Parley-Delivery': origin.retryOf ?? deliveryId,
    'X-Parley-Attempt': String(origin.attempt ?? 1),
  };
}

/**
 * Makes the call (signed, through the guarded client: its size cap and the timeout) and reads the
 * answer into the template's variables. Holds no database connection.
 */
async function send(
  ctx: AppContext,
  instance: InstanceWithTemplate,
  prepared: ReturnType<typeof prepareDelivery>,
  identity: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  const { request } = prepared;
  const answer: Answer = {
    status: null,
    durationMs: 0,
    responseBody: '',
    failure: prepared.failure,
    variables: {},
  };
  if (!request) return answer;
  const headers = Object.fromEntries(request.headers.map(({ name, value }) => [name, value]));
  headers['X-Parley-Signature'] = parleySignature(prepared.opened.signingSecret, request.body, Date.now());
  Object.assign(headers, identity);
  try {
    const response = await guardedRequest(
      {
        method: request.method,
        url: request.url,
        headers,
        ...(request.body === '' ? {} : { body: request.body }),
        timeoutMs,
      },
      ctx.outgoing,
    );
    answer.status = response.status;
    answer.durationMs = response.durationMs;
    answer.responseBody = response.body.slice(0, MAX_LOGGED_BODY);
    if (response.status < 200 || response.status >= 300) {
      answer.failure = callFailure(
        'error_status',
        `The receiver answered ${response.status}`,
        response.status,
      );
    } else {
      const mapped = mapResponse(response.body, instance.template_definition.responseMapping);
      if (mapped.ok) answer.variables = mapped.variables;
      else answer.failure = mapped.failure;
    }
  } catch (error) {
    answer.failure = callFailureOf(error);
    if (answer.failure.reason === 'timeout') answer.durationMs = timeoutMs;
  }
  return answer;
}

function rowOf(
  instance: InstanceWithTemplate,
  deliveryId: string,
  input: DeliveryInput,
  logged: RenderedWebhookRequest,
  origin: DeliveryOrigin,
  answer: Answer,
): NewDelivery & { id: string } {
  return {
    id: deliveryId,
    company_id: instance.company_id,
    instance_id: instance.id,
    bot_id: origin.botId ?? null,
    conversation_id: origin.conversationId ?? null,
    module_id: origin.moduleId ?? null,
    kind: origin.kind,
    replay_of: origin.replayOf ?? null,
    retry_of: origin.retryOf ?? null,
    attempt: origin.attempt ?? 1,
    input: JSON.stringify(input),
    request: JSON.stringify(logged),
    ok: answer.failure === null,
    status: answer.status,
    duration_ms: answer.durationMs,
    response_body: answer.responseBody,
    failure_reason: answer.failure?.reason ?? null,
    failure_message: answer.failure?.message ?? null,
  };
}

const resultOf = (deliveryId: string, logged: RenderedWebhookRequest, answer: Answer): WebhookCallResult => ({
  deliveryId,
  ok: answer.failure === null,
  request: logged,
  status: answer.status,
  durationMs: answer.durationMs,
  responseBody: answer.responseBody,
  failure: answer.failure,
  variables: answer.variables,
});

/**
 * Calls an instance for a conversation (its variables, and the module's `bot` fields): the result,
 * and the delivery's row for the log (the request with secrets masked, the answer cut to
 * MAX_LOGGED_BODY, why it failed by name), not written yet. Holds no database connection while the
 * call is made. Never throws for the call's own failures: they are the result's `failure`.
 */
export async function callInstance(
  ctx: AppContext,
  instance: InstanceWithTemplate,
  input: DeliveryInput,
  origin: DeliveryOrigin,
  options: { timeoutMs?: number; deliveryId?: string } = {},
): Promise<{ result: WebhookCallResult; row: TurnDelivery }> {
  const prepared = prepareDelivery(ctx, instance, input);
  const deliveryId = options.deliveryId ?? randomUUID();
  const answer = await send(
    ctx,
    instance,
    prepared,
    deliveryHeaders(deliveryId, origin),
    options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
  );
  return {
    result: resultOf(deliveryId, prepared.logged, answer),
    row: rowOf(instance, deliveryId, input, prepared.logged, origin, answer),
  };
}

/** Calls an instance (see callInstance) and logs the delivery. */
export async function deliverToInstance(
  ctx: AppContext,
  instance: InstanceWithTemplate,
  input: DeliveryInput,
  origin: DeliveryOrigin,
  options: { timeoutMs?: number; deliveryId?: string } = {},
): Promise<WebhookCallResult> {
  const { result, row } = await callInstance(ctx, instance, input, origin, options);
  await insertDelivery(ctx.database.db, row);
  return result;
}

/**
 * Live turns' deliveries not logged yet, by the result their call gave the turn: the turn's write
 * logs them (see takeTurnDeliveries), one commit for both. One its turn never takes (the call
 * outlived the turn's own limit for it) is logged alone after HELD_AT_MOST_MS.
 */
const heldForTurns = new WeakMap<object, { row: TurnDelivery; timer: NodeJS.Timeout }>();
const HELD_AT_MOST_MS = 30_000;

/** Hands a live turn its call's result, the delivery held for the turn's write to log. */
export function holdForTurn<T extends object>(ctx: AppContext, result: T, row: TurnDelivery): T {
  const timer = setTimeout(() => {
    heldForTurns.delete(result);
    // The server may be stopping; the turn is long over either way.
    void insertTurnDeliveries(ctx.database.db, [row]).catch(() => {});
  }, HELD_AT_MOST_MS);
  timer.unref();
  heldForTurns.set(result, { row, timer });
  return result;
}

/** The deliveries a call's result holds for its turn's write (none for other calls). */
export function takeTurnDeliveries(result: unknown): TurnDelivery[] {
  if (typeof result !== 'object' || result === null) return [];
  const held = heldForTurns.get(result);
  if (!held) return [];
  heldForTurns.delete(result);
  clearTimeout(held.timer);
  return [held.row];
}

/**
 * One attempt of an asynchronous delivery. Its row is written first (as interrupted, which it is
 * if this process stops during the call): an attempt already written, by this process or another,
 * is not made again (null). Then the call, then the row gets what came back.
 */
export async function deliverAttempt(
  ctx: AppContext,
  instance: InstanceWithTemplate,
  input: DeliveryInput,
  origin: DeliveryOrigin & { attempt: number },
  options: { timeoutMs: number; deliveryId: string },
): Promise<WebhookCallResult | null> {
  const prepared = prepareDelivery(ctx, instance, input);
  const interrupted: Answer = {
    status: null,
    durationMs: 0,
    responseBody: '',
    failure: callFailure('interrupted', 'The server stopped while waiting for this call'),
    variables: {},
  };
  const claimed = await claimDelivery(
    ctx.database.db,
    rowOf(instance, options.deliveryId, input, prepared.logged, origin, interrupted),
  );
  if (!claimed) return null;
  const answer = await send(
    ctx,
    instance,
    prepared,
    deliveryHeaders(options.deliveryId, origin),
    options.timeoutMs,
  );
  await finishDelivery(
    ctx.database.db,
    rowOf(instance, options.deliveryId, input, prepared.logged, origin, answer),
  );
  return resultOf(options.deliveryId, prepared.logged, answer);
}
