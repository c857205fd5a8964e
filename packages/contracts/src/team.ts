import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './auth';
import { type UserRole, userRoleSchema, userStatusSchema } from './users';

/**
 * The roles that may be limited to some of the company's bots: those who answer or read (agent,
 * analyst, viewer). Owners, admins and builders run or build the whole company and see every bot.
 */
export const botLimitedRoles = ['agent', 'analyst', 'viewer'] as const satisfies readonly UserRole[];
export const canBeLimitedToBots = (role: UserRole): boolean =>
  (botLimitedRoles as readonly UserRole[]).includes(role);

/** The bots a person may see: a list of the company's bot ids, or null for every bot. */
export const botLimitSchema = z
  .array(z.uuid('Not a bot id'))
  .min(1, 'Choose at least one bot, or every bot')
  .max(500, 'At most 500 bots')
  .nullable();

/** Someone of the company, as the team screen lists them. */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: userRoleSchema,
  status: userStatusSchema,
  /** ISO time of their last sign-in; null when they never signed in. */
  last_sign_in_at: z.string().nullable(),
  /** The bots they may see; null: every bot of the company. */
  bot_ids: z.array(z.string()).nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An invitation mailed and not yet accepted (nor withdrawn). */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleSchema,
  /** The bots the person will see once joined; null: every bot. */
  bot_ids: z.array(z.string()).nullable(),
  invited_by: z.string(),
  /** ISO time after which its link no longer works. */
  expires_at: z.string(),
  created_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/**
 * `POST /api/team/invitations`: mails a link that lets the person join with this role, and (agents,
 * analysts, viewers) perhaps limited to some bots.
 */
export const inviteRequestSchema = z.strictObject({
  email: emailSchema,
  role: userRoleSchema,
  bot_ids: botLimitSchema.optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const teamMemberParamsSchema = z.object({ id: z.uuid() });
export const invitationParamsSchema = z.object({ id: z.uuid() });

/**
 * `PATCH /api/team/members/:id`: a new role, the bots they may see (null: every bot), or
 * deactivating (ends their sessions) and reactivating. A role that cannot be limited sees every bot.
 */
export const updateMemberRequestSchema = z
  .strictObject({
    role: userRoleSchema.optional(),
    status: userStatusSchema.optional(),
    bot_ids: botLimitSchema.optional(),
  })
  .refine(
    (body) => body.role !== undefined || body.status !== undefined || body.bot_ids !== undefined,
    'Send role, status or bot_ids',
  );
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

const invitationTokenSchema = z.string().trim().min(1, 'Required').max(200);

/** The token from an invitation mail, to show what it invites to before accepting. */
export const invitationLookupRequestSchema = z.strictObject({ token: invitationTokenSchema });

/** What an invitation link invites to. */
export const invitationSummarySchema = z.object({
  email: z.string(),
  company_name: z.string(),
  invited_by: z.string(),
  role: userRoleSchema,
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** Accepting an invitation: the person's names and password; answers a session. */
export const acceptInvitationRequestSchema = z.strictObject({
  token: invitationTokenSchema,
  first_name: nameSchema(100),
  last_name: nameSchema(100),
  password: passwordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/**
 * `details.reason` of the errors team changes answer: the address is already someone's, the link
 * is unknown, expired or used, the change would leave the company without an active owner, only
 * an owner may make or change an owner, nobody deactivates themselves, a bot limit names a bot
 * that is not the company's, or a bot limit for a role that sees every bot.
 */
export const teamErrorReasonSchema = z.enum([
  'already-member',
  'email-taken',
  'invitation-invalid',
  'invitation-expired',
  'invitation-used',
  'last-owner',
  'owner-only',
  'own-account',
  'unknown-bot',
  'bot-limit-role',
]);
export type TeamErrorReason = z.infer<typeof teamErrorReasonSchema>;
