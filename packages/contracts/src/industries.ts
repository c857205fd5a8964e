import { z } from 'zod';

/**
 * The industries a company can say it is in. A fixed list, so companies of one industry can be
 * compared with each other (the business report's industry median); the web app labels each one.
 */
export const industrySchema = z.enum([
  'automotive',
  'education',
  'energy_utilities',
  'financial_services',
  'government',
  'healthcare',
  'hospitality',
  'insurance',
  'manufacturing',
  'media_entertainment',
  'nonprofit',
  'professional_services',
  'real_estate',
  'retail',
  'software',
  'telecommunications',
  'transportation_logistics',
  'travel',
]);
export type Industry = z.infer<typeof industrySchema>;
export const INDUSTRIES = industrySchema.options;
