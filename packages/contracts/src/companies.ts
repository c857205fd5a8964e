import { z } from 'zod';
import { companyTypeSchema } from './users';

/** A company as selectors show it. */
export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  company_type: companyTypeSchema,
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const listCompaniesQuerySchema = z.strictObject({
  search: z.string().trim().max(80).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListCompaniesQuery = z.input<typeof listCompaniesQuerySchema>;

/** Parley staff (the Internal company) get every company matching; everyone else their own. */
export const companyListSchema = z.object({ items: z.array(companySummarySchema) });
export type CompanyList = z.infer<typeof companyListSchema>;

export const companyIdParamsSchema = z.strictObject({ id: z.string().max(100) });
