import { companiesApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as companies from './companies.service';

/** The companies behind the company selectors, and a company's settings (contracts: companiesApi). */
export const companiesRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.database.db;

  routeFrom(app, companiesApi.list, { config: { permission: 'signed-in' } }, async (request) =>
    companies.selectableCompanies(db(), sessionOf(request), request.query),
  );
  routeFrom(app, companiesApi.get, { config: { permission: 'signed-in' } }, async (request) =>
    companies.selectableCompany(db(), sessionOf(request), request.params.id),
  );
  routeFrom(app, companiesApi.updateSettings, { config: { permission: 'company:manage' } }, async (request) =>
    companies.changeCompanySettings(db(), companyScope(request, request.params.id), request.body),
  );
};
