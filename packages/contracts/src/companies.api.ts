import {
  companyIdParamsSchema,
  companyListSchema,
  companySettingsParamsSchema,
  companySettingsSchema,
  companySummarySchema,
  listCompaniesQuerySchema,
  updateCompanySettingsRequestSchema,
} from './companies';
import { defineRoute } from './define-route';

const tags = ['companies'];

/** The companies behind the company selectors of the inbox and reports, and a company's settings. */
export const companiesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/companies',
    tags,
    summary: 'Companies the caller may pick: any for Parley staff (Internal company), else their own',
    query: listCompaniesQuerySchema,
    response: companyListSchema,
    errors: [400, 401],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:id',
    tags,
    summary: 'One company the caller may pick',
    params: companyIdParamsSchema,
    response: companySummarySchema,
    errors: [401, 404],
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/api/companies/:id',
    tags,
    summary: 'Change the caller’s own company’s name or industry (owners and admins)',
    params: companySettingsParamsSchema,
    body: updateCompanySettingsRequestSchema,
    response: companySettingsSchema,
    errors: [400, 401, 403, 404, 413],
  }),
};
