import { type AuditDetails, teamApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { plain } from '../audit/audit-trail';
import * as team from './team.service';

const manageUsers = { permission: 'users:manage' } as const;
const rateLimited = { auth: 'public', rateLimit: { bucket: 'auth' } } as const;
/** An entry's word for a bot limit sent: how many bots, or `all` (nothing when none was sent). */
const botsDetail = (botIds: unknown): AuditDetails =>
  Array.isArray(botIds) ? { bots: botIds.length } : botIds === null ? { bots: 'all' } : {};

/** A company's people and joining it by invitation (contracts: teamApi). */
export const teamRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, teamApi.list, { config: manageUsers }, async (request) =>
    team.team(app.ctx, sessionOf(request).companyId),
  );
  routeFrom(
    app,
    teamApi.invite,
    {
      config: {
        ...manageUsers,
        audit: {
          action: 'team.invited',
          target: { type: 'invitation', fromAnswer: true },
          // Inviting to every bot is the usual case: only a limit is worth a detail.
          details: ({ body }) => ({ role: plain(body.role), ...botsDetail(body.bot_ids ?? undefined) }),
        },
      },
    },
    async (request) => team.invite(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(
    app,
    teamApi.revokeInvitation,
    {
      config: {
        ...manageUsers,
        audit: { action: 'team.invitation-withdrawn', target: { type: 'invitation', param: 'id' } },
      },
    },
    async (request) => {
      await team.revokeInvitation(app.ctx, sessionOf(request).companyId, request.params.id);
      return null;
    },
  );
  routeFrom(
    app,
    teamApi.updateMember,
    {
      config: {
        ...manageUsers,
        audit: {
          action: ({ body }) =>
            body.role !== undefined
              ? 'team.role-changed'
              : body.status === 'disabled'
                ? 'team.deactivated'
                : body.status === 'active'
                  ? 'team.reactivated'
                  : 'team.bots-changed',
          target: { type: 'member', param: 'id' },
          details: ({ body }) => ({
            role: plain(body.role),
            status: plain(body.status),
            ...botsDetail(body.bot_ids),
          }),
        },
      },
    },
    async (request) => team.updateMember(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, teamApi.invitation, { config: rateLimited }, async (request) =>
    team.invitationSummary(app.ctx, request.body.token),
  );
  routeFrom(app, teamApi.acceptInvitation, { config: rateLimited }, async (request) =>
    team.acceptInvitation(app.ctx, request.body),
  );
};
