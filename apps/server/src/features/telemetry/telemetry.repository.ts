import type { Queryable } from '../../db/database';
import type { TelemetryEventRow } from '../../db/tables/telemetry-event.table';

export type NewTelemetryEvent = Omit<
  TelemetryEventRow,
  'id' | 'received_at' | 'properties' | 'measurements' | 'tags'
> & {
  properties: Record<string, unknown>;
  measurements: Record<string, unknown>;
  tags: Record<string, string>;
};

export async function insertTelemetryEvents(db: Queryable, events: NewTelemetryEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('telemetry_events')
    .values(
      events.map((event) => ({
        ...event,
        properties: JSON.stringify(event.properties),
        measurements: JSON.stringify(event.measurements),
        tags: JSON.stringify(event.tags),
      })),
    )
    .execute();
}

/** Newest first; reports and tests read what the collector kept. */
export async function listTelemetryEvents(
  db: Queryable,
  filter: { baseType?: string; companyId?: string } = {},
): Promise<TelemetryEventRow[]> {
  let query = db.selectFrom('telemetry_events').selectAll().orderBy('occurred_at', 'desc').limit(1000);
  if (filter.baseType) query = query.where('base_type', '=', filter.baseType);
  if (filter.companyId) query = query.where('company_id', '=', filter.companyId);
  return query.execute();
}
