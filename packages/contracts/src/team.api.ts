import { z } from 'zod';
import { authRecordSchema } from './auth';
import { defineRoute } from './define-route';
import {
  acceptInvitationRequestSchema,
  invitationLookupRequestSchema,
  invitationParamsSchema,
  invitationSummarySchema,
  inviteRequestSchema,
  pendingInvitationSchema,
  teamMemberParamsSchema,
  teamMemberSchema,
  teamSchema,
  updateMemberRequestSchema,
} from './team';

const tags = ['team'];

/** A company's people: invitations, roles, deactivation (owners and admins), and joining by invitation. */
export const teamApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/team',
    tags,
    summary: 'The company’s people (role, status, last sign-in) and its pending invitations',
    response: teamSchema,
    errors: [401, 403],
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/team/invitations',
    tags,
    summary: 'Invite someone by email with a role; the mailed link is valid for 7 days',
    description:
      'Inviting an address already invited mails a new link and retires the old one. 409 with ' +
      '`details.reason` `already-member` (someone of this company) or `email-taken` (an account ' +
      'elsewhere); 403 `owner-only` when an admin invites an owner; 400 `unknown-bot` when `bot_ids` ' +
      'names a bot that is not the company’s, `bot-limit-role` when the role sees every bot.',
    body: inviteRequestSchema,
    status: 201,
    response: pendingInvitationSchema,
    errors: [400, 401, 403, 409, 413],
  }),
  revokeInvitation: defineRoute({
    method: 'DELETE',
    path: '/api/team/invitations/:id',
    tags,
    summary: 'Withdraw a pending invitation: its link stops working',
    params: invitationParamsSchema,
    status: 204,
    response: z.null(),
    errors: [401, 403, 404],
  }),
  updateMember: defineRoute({
    method: 'PATCH',
    path: '/api/team/members/:id',
    tags,
    summary:
      'Change someone’s role or the bots they may see, or deactivate (their sessions end at once) or reactivate them',
    description:
      '409 `last-owner` when the change would leave no active owner; 409 `own-account` when one ' +
      'deactivates oneself; 403 `owner-only` when an admin changes an owner or makes one; 400 ' +
      '`unknown-bot` when `bot_ids` names a bot that is not the company’s, `bot-limit-role` when ' +
      'the role sees every bot. A new role that sees every bot drops the limit.',
    params: teamMemberParamsSchema,
    body: updateMemberRequestSchema,
    response: teamMemberSchema,
    errors: [400, 401, 403, 404, 409, 413],
  }),
  invitation: defineRoute({
    method: 'POST',
    path: '/api/auth/invitation',
    tags,
    summary: 'What an invitation link invites to (the token travels in the body, not the address)',
    description: '400 with `details.reason` `invitation-invalid`, `invitation-expired` or `invitation-used`.',
    body: invitationLookupRequestSchema,
    response: invitationSummarySchema,
    errors: [400, 413, 429],
  }),
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/auth/invitation/accept',
    tags,
    summary: 'Join the company with the invitation’s token, names and a password; answers a session',
    description:
      '400 with `details.reason` `invitation-invalid`, `invitation-expired` or `invitation-used`; ' +
      '409 `email-taken` when the address got an account meanwhile.',
    body: acceptInvitationRequestSchema,
    status: 201,
    response: authRecordSchema,
    errors: [400, 409, 413, 429],
  }),
};
