import type { WebhookCallResult } from '@parley/contracts';
import { callFailure, type EngineServices, type InstanceDelivery, OutsideCallFailed } from '@parley/engine';
import type { InstanceCallResult } from '@parley/modules';
import type { AppContext } from '../../context';
import type { JobPayloads } from '../../jobs/job-queue';
import {
  callInstance,
  deliverAttempt,
  deliverToInstance,
  holdForTurn,
  prepareDelivery,
} from './webhook-delivery';
import { findInstance, type InstanceWithTemplate } from './webhooks.repository';

const callResultOf = (
  instance: InstanceWithTemplate,
  result: WebhookCallResult,
  queued = false,
): InstanceCallResult => ({
  deliveryId: result.deliveryId,
  queued,
  ok: result.ok,
  method: result.request.method || instance.template_definition.request.method,
  endpoint: result.request.url,
  status: result.status,
  durationMs: result.durationMs,
  responseBody: result.responseBody,
  failure: result.failure,
  variables: result.variables,
});

/**
 * An asynchronous instance's delivery is queued (in its own job, retried with backoff); the bot
 * goes on at once. A request that cannot be made at all (its template does not render, its
 * address is not one) is logged as failed now, and the bot takes its failure port.
 */
async function queueDelivery(
  ctx: AppContext,
  instance: InstanceWithTemplate,
  call: InstanceDelivery,
): Promise<InstanceCallResult> {
  const input = { variables: call.variables, renderedFields: call.fields };
  const prepared = prepareDelivery(ctx, instance, input);
  if (prepared.failure)
    return callResultOf(instance, await deliverToInstance(ctx, instance, input, liveOrigin(call)));
  const deliveryId = crypto.randomUUID();
  const { limit, delaySeconds } = ctx.config.webhookRetries;
  await ctx.jobs.send(
    ctx.database.db,
    'webhook-delivery',
    {
      deliveryId,
      companyId: call.companyId,
      instanceId: instance.id,
      fields: call.fields,
      variables: call.variables,
      botId: call.botId,
      conversationId: call.conversationId,
      moduleId: call.moduleId,
      timeoutMs: call.timeoutMs,
    },
    { retry: { retryLimit: limit, retryDelaySeconds: delaySeconds } },
  );
  ctx.jobs.wake('webhook-delivery');
  return {
    deliveryId,
    queued: true,
    ok: true,
    method: prepared.logged.method,
    endpoint: prepared.logged.url,
    status: null,
    durationMs: 0,
    responseBody: '',
    failure: null,
    variables: {},
  };
}

const liveOrigin = (call: {
  botId: string | null;
  conversationId: string | null;
  moduleId: string | null;
}) => ({
  kind: 'live' as const,
  botId: call.botId,
  conversationId: call.conversationId,
  moduleId: call.moduleId,
});

/**
 * The engine's port to the company's installed webhooks. Called by a turn through the pending-turn
 * machinery, so the call is made with no connection or lock held and its outcome is recorded once.
 */
export function instanceWebhooks(ctxOf: () => AppContext): EngineServices['webhooks'] {
  // Instances being read for calls about to be made, by the call (see warm).
  const reading = new WeakMap<InstanceDelivery, Promise<InstanceWithTemplate | undefined>>();
  return {
    warm(call) {
      const ctx = ctxOf();
      const read = findInstance(ctx.database.db, call.companyId, call.instanceId);
      // A failed read is the delivery's to report, or nobody's if the turn does not make the call.
      read.catch(() => {});
      reading.set(call, read);
    },
    async deliver(call) {
      const ctx = ctxOf();
      const read = reading.get(call);
      reading.delete(call);
      const instance = await (read ?? findInstance(ctx.database.db, call.companyId, call.instanceId));
      if (!instance)
        throw new OutsideCallFailed(
          callFailure('not_configured', 'This installed webhook was removed; choose another in the module'),
        );
      if (instance.asynchronous) return queueDelivery(ctx, instance, call);
      const { result, row } = await callInstance(
        ctx,
        instance,
        { variables: call.variables, renderedFields: call.fields },
        liveOrigin(call),
        { timeoutMs: call.timeoutMs },
      );
      // Logged by the turn's own write (one commit for both): see takeTurnDeliveries.
      return holdForTurn(ctx, callResultOf(instance, result), row);
    },
  };
}

/** Failures another attempt may cure: the receiver was away, slow, overloaded or erring. */
function worthRetrying(result: WebhookCallResult): boolean {
  const reason = result.failure?.reason;
  if (reason === 'error_status')
    return result.status !== null && (result.status >= 500 || result.status === 408);
  return (
    reason === 'timeout' || reason === 'unreachable' || reason === 'rate_limited' || reason === 'interrupted'
  );
}

/** Thrown so the queue tries the delivery again later (its backoff doubles each time). */
export class DeliveryToRetry extends Error {
  override name = 'DeliveryToRetry';
}

/**
 * One attempt of a queued delivery. pg-boss gives each attempt to one process (SKIP LOCKED), and
 * the attempt's log row, written before the call, keeps it to one call even if it were given twice.
 */
export async function runQueuedDelivery(
  ctx: AppContext,
  job: JobPayloads['webhook-delivery'],
  attempt: number,
): Promise<void> {
  const instance = await findInstance(ctx.database.db, job.companyId, job.instanceId);
  if (!instance) return;
  const first = attempt === 1;
  const result = await deliverAttempt(
    ctx,
    instance,
    { variables: job.variables, renderedFields: job.fields },
    { ...liveOrigin(job), attempt, retryOf: first ? null : job.deliveryId },
    { timeoutMs: job.timeoutMs, deliveryId: first ? job.deliveryId : crypto.randomUUID() },
  );
  if (result && !result.ok && worthRetrying(result) && attempt <= ctx.config.webhookRetries.limit)
    throw new DeliveryToRetry(`Delivery ${job.deliveryId} attempt ${attempt}: ${result.failure?.message}`);
}
