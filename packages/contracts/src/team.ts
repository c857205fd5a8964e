import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './auth';
import { userRoleSchema, userStatusSchema } from './users';

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
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An invitation mailed and not yet accepted (nor withdrawn). */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleSchema,
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

/** `POST /api/team/invitations`: mails a link that lets the person join with this role. */
export const inviteRequestSchema = z.strictObject({
  email: emailSchema,
  role: userRoleSchema,
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const teamMemberParamsSchema = z.object({ id: z.uuid() });
export const invitationParamsSchema = z.object({ id: z.uuid() });

/** `PATCH /api/team/members/:id`: a new role, or deactivating (ends their sessions) and reactivating. */
export const updateMemberRequestSchema = z
  .strictObject({
    role: userRoleSchema.optional(),
    status: userStatusSchema.optional(),
  })
  .refine((body) => body.role !== undefined || body.status !== undefined, 'Send role or status');
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
 * an owner may make or change an owner, nobody deactivates themselves.
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
]);
export type TeamErrorReason = z.infer<typeof teamErrorReasonSchema>;
