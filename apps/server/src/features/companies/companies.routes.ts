import { companiesApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { plain } from '../audit/audit-trail';
import * as companies from './companies.service';

/** The companies behind the company selectors, and a company's settings (contracts: companiesApi). */
export const companiesRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, companiesApi.list, { config: { permission: 'signed-in' } }, async (request) =>
    companies.selectableCompanies(app.ctx, sessionOf(request), request.query),
  );
  routeFrom(app, companiesApi.get, { config: { permission: 'signed-in' } }, async (request) =>
    companies.selectableCompany(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    companiesApi.updateSettings,
    {
      config: {
        permission: 'company:manage',
        audit: {
          action: 'company.settings-changed',
          target: { type: 'company', own: true },
          details: ({ body }) => ({ name: plain(body.name), industry: plain(body.industry) }),
        },
      },
    },
    async (request) =>
      companies.changeCompanySettings(app.ctx, companyScope(request, request.params.id), request.body),
  );
};
