import { z } from 'zod';
import { industrySchema } from './industries';

export const companyTypeSchema = z.enum(['Regular', 'Lite', 'Internal']);
export type CompanyType = z.infer<typeof companyTypeSchema>;

/**
 * A person's role in their company: owner and admin run it (people, settings), builder builds bots
 * (knowledge, webhooks), agent answers the inbox, analyst reads reports, viewer looks without changing.
 */
export const userRoleSchema = z.enum(['owner', 'admin', 'builder', 'agent', 'analyst', 'viewer']);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * What a user may do, checked by the server on every route: see bots (a bot, its versions,
 * deployments, style, knowledge), manage them (build, rename, delete, style), publish and deploy
 * them, use the inbox, read reports, manage the company and its people. Each role has a
 * set (see the server's permissions.ts); a user carries theirs.
 */
export const permissionSchema = z.enum([
  'bots:view',
  'bots:manage',
  'bots:publish',
  'inbox:use',
  'reports:view',
  'users:manage',
  'company:manage',
]);
export type Permission = z.infer<typeof permissionSchema>;

export const userStatusSchema = z.enum(['active', 'disabled']);
export const userTypeSchema = z.enum(['customer', 'internal']);

export const sectionIconSchema = z.object({
  initial_state: z.string(),
  selected_state: z.string(),
});

/** A navigation entry a company adds to the app (spec §3). */
export const sectionSchema = z.object({
  id: z.string(),
  column: z.string(),
  description: z.string(),
  label: z.string(),
  iframe_url: z.string().nullable(),
  icon: sectionIconSchema.nullable(),
});
export type Section = z.infer<typeof sectionSchema>;

export const currentCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  company_type: companyTypeSchema,
  /** ISO date of the trial's end, or the text `None` for a company that is not on trial. */
  company_expiration_date: z.string(),
  /** Null until someone of the company says which industry it is in. */
  industry: industrySchema.nullable(),
  two_factor_enabled: z.boolean(),
  sections: z.array(sectionSchema),
});

/** `GET /api/frontend/user/me`. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  permissions: z.array(z.string()),
  role: userRoleSchema,
  status: userStatusSchema,
  user_type: userTypeSchema,
  qr_registered: z.boolean(),
  /** The language the person reads conversations in (null: each bot's own); see the profile. */
  language: z.string().nullable(),
  /**
   * The bots this person may see, when their role is limited to some (team settings); absent:
   * every bot of the company. The server answers other bots as if they did not exist.
   */
  bot_ids: z.array(z.string()).optional(),
  company: currentCompanySchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
