import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export interface TelemetryEventTable {
  id: Generated<string>;
  received_at: ColumnType<Date, never, never>;
  occurred_at: Date;
  instrumentation_key: string;
  /** PageviewData, EventData, ExceptionData, … as the SDK names them. */
  base_type: string;
  name: string | null;
  url: string | null;
  /** The signed-in user and company the SDK was told about (authenticated user context). */
  user_id: string | null;
  company_id: string | null;
  session_id: string | null;
  properties: JSONColumnType<Record<string, unknown>, string, string>;
  measurements: JSONColumnType<Record<string, unknown>, string, string>;
  tags: JSONColumnType<Record<string, string>, string, string>;
}
export type TelemetryEventRow = Selectable<TelemetryEventTable>;
