import {
  auditLogPageSchema,
  auditLogQuerySchema,
  auditSettingsSchema,
  updateAuditSettingsRequestSchema,
} from './audit';
import { defineRoute } from './define-route';

const tags = ['audit'];

/** The company's audit log: who changed what and when (owners and admins). */
export const auditApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/audit-log',
    tags,
    summary: 'The company’s audit log, newest first, filtered by person, kind and dates',
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
    errors: [400, 401, 403],
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/audit-log/settings',
    tags,
    summary: 'How many days the company keeps its audit log',
    response: auditSettingsSchema,
    errors: [401, 403],
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/api/audit-log/settings',
    tags,
    summary: 'Keep the audit log for this many days (30 to 3650); older entries go in the daily cleanup',
    body: updateAuditSettingsRequestSchema,
    response: auditSettingsSchema,
    errors: [400, 401, 403, 413],
  }),
};
