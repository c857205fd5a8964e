import {
  companyIdParamsSchema,
  companyListSchema,
  companySummarySchema,
  listCompaniesQuerySchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import * as companies from './companies.service';

const tags = ['companies'];

/** The companies behind the company selectors of the inbox and reports. */
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
};
