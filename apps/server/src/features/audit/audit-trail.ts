import { type AuditAction, type AuditDetails, type AuditTargetType, auditKindOf } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import type { UserRow } from '../../db/tables/user.table';
import { insertAuditEvent, targetLabel } from './audit.repository';

/** What a call asked and answered, for a route's audit declaration to read. */
export interface AuditedCall {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
}

/**
 * What a route that changes something logs (its `config.audit`): the action (or, for a route
 * doing one of several, how to tell from the call), the thing changed (its type, and the path
 * parameter holding its id, the answer's `id` for what the route creates, or the caller's own
 * company) and a few details.
 */
export interface RouteAudit {
  action: AuditAction | ((call: AuditedCall) => AuditAction);
  target?:
    | { type: AuditTargetType; param: string }
    | { type: AuditTargetType; fromAnswer: true }
    /** The caller's own company. */
    | { type: 'company'; own: true };
  details?: (call: AuditedCall) => AuditDetails;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Logged in the company's audit log when the route succeeds (see features/audit). */
    audit?: RouteAudit;
  }
}

/** Who did it: a person of the company, kept by name too (the log outlives renames). */
export type AuditActor = Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>;

export interface AuditEvent {
  companyId: string;
  actor: AuditActor | null;
  action: AuditAction;
  target?: { type: AuditTargetType; id: string | null; label: string | null } | undefined;
  details?: AuditDetails | undefined;
  ip?: string | undefined;
}

/** The one place an audit entry is written, in the caller's transaction when it passes one. */
export async function writeAuditEvent(db: Queryable, event: AuditEvent): Promise<void> {
  await insertAuditEvent(db, {
    company_id: event.companyId,
    actor_id: event.actor?.id ?? null,
    actor_name: event.actor ? `${event.actor.first_name} ${event.actor.last_name}`.trim() : '',
    actor_email: event.actor?.email ?? '',
    action: event.action,
    kind: auditKindOf(event.action),
    target_type: event.target?.type ?? null,
    target_id: event.target?.id ?? null,
    target_label: event.target?.label ?? null,
    details: JSON.stringify(event.details ?? {}),
    ip: event.ip ?? null,
  });
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A value as an entry's detail keeps it: text, numbers and yes/no as they are, anything else as nothing. */
export function plain(value: unknown): string | number | boolean | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The name a newly created thing has, from the route's answer or what it was sent. */
function createdLabel(call: AuditedCall): string | null {
  return (
    stringOr(call.answer.name) ??
    stringOr(call.answer.email) ??
    stringOr(call.body.name) ??
    stringOr(call.body.email)
  );
}

/**
 * Runs a route's handler and logs its audit entry once it succeeded. The target's name is read
 * before the handler runs (a deleted thing has none after). A failed write is logged for the
 * operators and does not turn the change, already made, into an error.
 */
export async function audited<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  audit: RouteAudit,
  handler: () => Promise<T>,
): Promise<T> {
  const session = request.session;
  if (!session) throw new Error(`${request.routeOptions.url} is audited and must not be public`);
  const { db } = app.ctx.database;
  const params = asRecord(request.params);
  const target = audit.target;
  const existingId = !target
    ? null
    : 'param' in target
      ? stringOr(params[target.param])
      : 'own' in target
        ? session.companyId
        : null;
  const labelBefore =
    target && existingId ? await targetLabel(db, session.companyId, target.type, existingId) : null;

  const answer = await handler();

  const call: AuditedCall = {
    params,
    query: asRecord(request.query),
    body: asRecord(request.body),
    answer: asRecord(answer),
  };
  try {
    const createdId = target && 'fromAnswer' in target ? stringOr(call.answer.id) : null;
    const createdName =
      target && createdId
        ? (createdLabel(call) ?? (await targetLabel(db, session.companyId, target.type, createdId)))
        : null;
    await writeAuditEvent(db, {
      companyId: session.companyId,
      actor: session.user,
      action: typeof audit.action === 'function' ? audit.action(call) : audit.action,
      target: target && {
        type: target.type,
        id: createdId ?? existingId,
        label: createdName ?? labelBefore,
      },
      details: audit.details?.(call),
      ip: request.ip,
    });
  } catch (error) {
    request.log.error({ err: error }, 'the audit log did not record a change');
  }
  return answer;
}
