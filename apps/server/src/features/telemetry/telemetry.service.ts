import { type TelemetryEnvelope, type TelemetryResponse, telemetryEnvelopeSchema } from '@parley/contracts';
import type { AppContext } from '../../context';
import { ValidationException } from '../../errors';
import { insertTelemetryEvents, type NewTelemetryEvent } from './telemetry.repository';

/** More than the SDK ever batches (its batches stop at 100 KB); anything bigger is not our SDK. */
export const MAX_ITEMS_PER_BATCH = 1000;

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function toEvent(envelope: TelemetryEnvelope): NewTelemetryEvent {
  const { baseData } = envelope.data;
  const tags = envelope.tags ?? {};
  return {
    occurred_at: new Date(envelope.time),
    instrumentation_key: envelope.iKey,
    base_type: envelope.data.baseType,
    // Limits as the SDK applies them (spec §9): names 150, URLs 2048 characters.
    name: text(baseData.name, 150),
    url: text(baseData.url ?? baseData.uri, 2048),
    user_id: text(tags['ai.user.authUserId'], 128),
    company_id: text(tags['ai.user.accountId'], 128),
    session_id: text(tags['ai.session.id'], 128),
    properties: record(baseData.properties),
    measurements: record(baseData.measurements),
    tags,
  };
}

/**
 * Validates a batch item by item, keeps the valid ones, and answers per item as the Application
 * Insights collector does: 200 when all were kept, 206 with the refused items' indexes otherwise.
 */
export async function ingestTelemetry(
  ctx: AppContext,
  items: unknown[],
): Promise<{ status: 200 | 206; body: TelemetryResponse }> {
  if (items.length > MAX_ITEMS_PER_BATCH) {
    throw new ValidationException(`A batch holds at most ${MAX_ITEMS_PER_BATCH} items`);
  }
  const accepted: NewTelemetryEvent[] = [];
  const errors: TelemetryResponse['errors'] = [];
  items.forEach((item, index) => {
    const parsed = telemetryEnvelopeSchema.safeParse(item);
    if (!parsed.success) {
      errors.push({ index, statusCode: 400, message: parsed.error.issues[0]?.message ?? 'Invalid envelope' });
    } else if (parsed.data.iKey !== ctx.config.telemetryInstrumentationKey) {
      errors.push({ index, statusCode: 400, message: 'Unknown instrumentation key' });
    } else {
      accepted.push(toEvent(parsed.data));
    }
  });
  if (accepted.length === 0) {
    throw new ValidationException('No valid telemetry item in the batch', { errors });
  }
  await insertTelemetryEvents(ctx.database.db, accepted);
  const body = { itemsReceived: items.length, itemsAccepted: accepted.length, errors };
  return { status: errors.length === 0 ? 200 : 206, body };
}
