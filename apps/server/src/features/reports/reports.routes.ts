import { reportsApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope } from '../../plugins/authenticate';
import { botLimitOf } from '../../plugins/bot-access';
import { routeFrom } from '../../plugins/contract-route';
import { readsOf } from '../../plugins/read-your-writes';
import { broadcastReport } from './broadcast-report.service';
import * as reports from './reports.service';

/** Traffic, business and message reports, for a company and perhaps one bot (contracts: reportsApi). */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const config = { permission: 'reports:view', staffAcrossCompanies: true } as const;
  routeFrom(app, reportsApi.traffic, { config }, async (request) =>
    reports.trafficReport(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
  routeFrom(app, reportsApi.domains, { config }, async (request) =>
    reports.domainInsights(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
  routeFrom(app, reportsApi.business, { config }, async (request) =>
    reports.businessReport(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
  routeFrom(app, reportsApi.messages, { config }, async (request) =>
    reports.messageReport(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
  routeFrom(app, reportsApi.funnel, { config }, async (request) =>
    reports.funnelReport(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
  routeFrom(app, reportsApi.paths, { config }, async (request) =>
    reports.pathsReport(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
  routeFrom(app, reportsApi.broadcasts, { config }, async (request) =>
    broadcastReport(
      readsOf(request),
      companyScope(request, request.query.companyId),
      request.query,
      botLimitOf(request),
    ),
  );
};
