import { z } from 'zod';
import { nameSchema } from './auth';
import { industrySchema } from './industries';
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

/** A company's own settings, as its settings page shows them. */
export const companySettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  company_type: companyTypeSchema,
  /** Null: not said yet (the business report then compares with no industry). */
  industry: industrySchema.nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const companySettingsParamsSchema = z.strictObject({ id: z.uuid('A company id is a UUID') });

/** `PATCH /api/companies/:id`: what owners and admins may change; at least one field. */
export const updateCompanySettingsRequestSchema = z
  .strictObject({
    name: nameSchema(120).optional(),
    industry: industrySchema.nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.industry !== undefined, 'Send name or industry');
export type UpdateCompanySettingsRequest = z.infer<typeof updateCompanySettingsRequestSchema>;
