import {
  type WebhookCallResult,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryListQuery,
  type WebhookDeliverySummary,
  webhookDeliveryListQuerySchema,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../db/keyset-cursor';
import { ConflictException, NotFoundException } from '../../errors';
import { deliverToInstance } from './webhook-delivery';
import * as repository from './webhooks.repository';

function summaryOf(row: repository.DeliveryListRow): WebhookDeliverySummary {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    instanceId: row.instance_id,
    instanceName: row.instance_name,
    botId: row.bot_id,
    botName: row.bot_name,
    conversationId: row.conversation_id,
    moduleId: row.module_id,
    kind: row.kind,
    replayOf: row.replay_of,
    retryOf: row.retry_of,
    attempt: row.attempt,
    ok: row.ok,
    status: row.status,
    durationMs: row.duration_ms,
    method: row.method ?? '',
    url: row.url ?? '',
    failure:
      row.failure_reason === null ? null : { reason: row.failure_reason, message: row.failure_message ?? '' },
  };
}

const encodeCursor = (row: repository.DeliveryListRow) =>
  encodeKeysetCursor({ createdAt: row.created_key, id: row.id });

/** The delivery log, newest first, a page at a time. */
export async function listDeliveries(
  db: Queryable,
  companyId: string,
  query: WebhookDeliveryListQuery,
): Promise<WebhookDeliveryList> {
  const filters = webhookDeliveryListQuerySchema.parse(query);
  const rows = await repository.listDeliveries(db, companyId, {
    instanceId: filters.instanceId,
    botId: filters.botId,
    conversationId: filters.conversationId,
    ok: filters.outcome === undefined ? undefined : filters.outcome === 'succeeded',
    kind: filters.kind,
    from: filters.from ? new Date(filters.from) : undefined,
    to: filters.to ? new Date(filters.to) : undefined,
    search: filters.search || undefined,
    after: filters.cursor ? decodeKeysetCursor(filters.cursor, 'the delivery log') : undefined,
    limit: filters.limit,
  });
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    deliveries: page.map(summaryOf),
    nextCursor: rows.length > filters.limit && last ? encodeCursor(last) : null,
  };
}

async function ownDelivery(db: Queryable, companyId: string, id: string) {
  const row = await repository.findDelivery(db, companyId, id);
  if (!row) throw new NotFoundException('Delivery not found');
  return row;
}

export async function getDelivery(db: Queryable, companyId: string, id: string): Promise<WebhookDelivery> {
  const row = await ownDelivery(db, companyId, id);
  const { attempts, replays } = await repository.relatedDeliveries(db, companyId, id, row.retry_of ?? row.id);
  return {
    ...summaryOf(row),
    request: row.request,
    responseBody: row.response_body,
    attempts: attempts.map(summaryOf),
    replays: replays.map(summaryOf),
    replayable: row.input !== null && row.instance_id !== null,
  };
}

/**
 * Sends a delivery again as it was made: the instance's request rendered anew from what the
 * delivery was made from (the log keeps secrets masked, so it cannot be sent as logged), with the
 * instance's current fields and signing secret. Logged as a replay of it, in the same conversation.
 */
export async function replayDelivery(
  ctx: AppContext,
  companyId: string,
  id: string,
): Promise<WebhookCallResult> {
  const db = ctx.database.db;
  const row = await ownDelivery(db, companyId, id);
  if (row.input === null || row.instance_id === null)
    throw new ConflictException('This delivery was logged before deliveries could be sent again');
  const instance = await repository.findInstance(db, companyId, row.instance_id);
  if (!instance)
    throw new ConflictException('Its webhook was removed, so this delivery cannot be sent again');
  return deliverToInstance(ctx, instance, row.input, {
    kind: 'replay',
    botId: row.bot_id,
    conversationId: row.conversation_id,
    moduleId: row.module_id,
    replayOf: row.id,
  });
}
