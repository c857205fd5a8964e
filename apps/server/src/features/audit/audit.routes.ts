import { auditApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as audit from './audit.service';

const manageCompany = { permission: 'company:manage' } as const;

/** The company's audit log and how long it is kept (contracts: auditApi). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx.database;
  routeFrom(app, auditApi.list, { config: manageCompany }, async (request) =>
    audit.auditLog(db, sessionOf(request).companyId, request.query),
  );
  routeFrom(app, auditApi.settings, { config: manageCompany }, async (request) =>
    audit.auditSettings(db, sessionOf(request).companyId),
  );
  routeFrom(
    app,
    auditApi.updateSettings,
    {
      config: {
        ...manageCompany,
        audit: {
          action: 'company.audit-retention-changed',
          target: { type: 'company', own: true },
          details: ({ body }) => ({ retention_days: Number(body.retention_days) }),
        },
      },
    },
    async (request) =>
      audit.updateAuditSettings(db, sessionOf(request).companyId, request.body.retention_days),
  );
};
