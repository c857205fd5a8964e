import {
  type AuditEntry,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditSettings,
  auditLogQuerySchema,
} from '@parley/contracts';
import type { Queryable } from '../../db/database';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../db/keyset-cursor';
import { NotFoundException } from '../../errors';
import type { CompanyReach } from '../../plugins/authenticate';
import * as repository from './audit.repository';

function entryOf(row: repository.AuditListRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    actor:
      row.actor_id === null && row.actor_email === ''
        ? null
        : { id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action,
    kind: row.kind,
    target: row.target_type ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    details: row.details,
    ip: row.ip,
  };
}

/** The company's audit log, newest first, a page at a time. */
export async function auditLog(
  db: Queryable,
  companyId: string,
  query: AuditLogQuery,
): Promise<AuditLogPage> {
  const { items, nextCursor } = await auditPage(db, { companyId }, query);
  return { items: items.map(({ company: _company, ...entry }) => entry), nextCursor };
}

/**
 * A page of the audit log of one company or, for Parley staff, of every company, each entry with
 * the company it is of (the agents admin reads its kind this way).
 */
export async function auditPage(
  db: Queryable,
  reach: CompanyReach,
  query: AuditLogQuery,
): Promise<{ items: (AuditEntry & { company: { id: string; name: string } })[]; nextCursor: string | null }> {
  const filters = auditLogQuerySchema.parse(query);
  const rows = await repository.listAuditEvents(db, reach, {
    actorId: filters.actorId,
    kind: filters.kind,
    from: filters.from ? new Date(filters.from) : undefined,
    to: filters.to ? new Date(filters.to) : undefined,
    after: filters.cursor ? decodeKeysetCursor(filters.cursor, 'the audit log') : undefined,
    limit: filters.limit,
  });
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...entryOf(row), company: { id: row.company_id, name: row.company_name } })),
    nextCursor:
      rows.length > filters.limit && last
        ? encodeKeysetCursor({ createdAt: last.created_key, id: last.id })
        : null,
  };
}

export async function auditSettings(db: Queryable, companyId: string): Promise<AuditSettings> {
  const days = await repository.auditRetentionDays(db, companyId);
  if (days === undefined) throw new NotFoundException('Company not found');
  return { retention_days: days };
}

export async function updateAuditSettings(
  db: Queryable,
  companyId: string,
  retentionDays: number,
): Promise<AuditSettings> {
  if (!(await repository.setAuditRetentionDays(db, companyId, retentionDays))) {
    throw new NotFoundException('Company not found');
  }
  return { retention_days: retentionDays };
}

/** The daily cleanup: every company's entries older than it keeps them. */
export function removeExpiredAuditEvents(db: Queryable): Promise<number> {
  return repository.deleteExpiredAuditEvents(db);
}
