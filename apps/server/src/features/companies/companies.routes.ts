import {
  companyIdParamsSchema,
  companyListSchema,
  companySettingsParamsSchema,
  companySettingsSchema,
  companySummarySchema,
  listCompaniesQuerySchema,
  updateCompanySettingsRequestSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import * as companies from './companies.service';

const tags = ['companies'];

/** The companies behind the company selectors of the inbox and reports, and a company's settings. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/companies',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Companies the caller may pick: any for Parley staff (Internal company), else their own',
        querystring: listCompaniesQuerySchema,
        response: { 200: companyListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => companies.selectableCompanies(db(), sessionOf(request), request.query),
  );

  app.get(
    '/api/companies/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'One company the caller may pick',
        params: companyIdParamsSchema,
        response: { 200: companySummarySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => companies.selectableCompany(db(), sessionOf(request), request.params.id),
  );

  app.patch(
    '/api/companies/:id',
    {
      config: { permission: 'company:manage' },
      schema: {
        tags,
        summary: 'Change the caller’s own company’s name or industry (owners and admins)',
        params: companySettingsParamsSchema,
        body: updateCompanySettingsRequestSchema,
        response: { 200: companySettingsSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) =>
      companies.changeCompanySettings(db(), companyScope(request, request.params.id), request.body),
  );
};
