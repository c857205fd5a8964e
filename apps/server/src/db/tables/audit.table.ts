import type { AuditAction, AuditDetails, AuditKind, AuditTargetType } from '@parley/contracts';
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

export interface AuditEventTable {
  id: Generated<string>;
  company_id: string;
  /** Null once the person's account is gone, and for events without a known person. */
  actor_id: string | null;
  actor_name: Generated<string>;
  actor_email: Generated<string>;
  action: AuditAction;
  kind: AuditKind;
  target_type: AuditTargetType | null;
  target_id: string | null;
  /** The target's name when the change was made. */
  target_label: string | null;
  details: JSONColumnType<AuditDetails, string, string>;
  ip: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type AuditEventRow = Selectable<AuditEventTable>;
export type NewAuditEvent = Insertable<AuditEventTable>;
