import { randomBytes } from 'node:crypto';
import {
  type AcceptInvitationRequest,
  type AuthRecord,
  canBeLimitedToBots,
  type InvitationSummary,
  type InviteRequest,
  type PendingInvitation,
  type Team,
  type TeamErrorReason,
  type TeamMember,
  type UpdateMemberRequest,
  type UserRole,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { UserRow } from '../../db/tables/user.table';
import type { UserInvitationRow } from '../../db/tables/user-invitation.table';
import { ConflictException, ForbiddenException, NotFoundException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { writeAuditEvent } from '../audit/audit-trail';
import { authRecordFor } from '../auth/auth-record';
import { invitationMail } from '../auth/mails';
import { hashPassword } from '../auth/passwords';
import { hashMailedToken } from '../auth/tokens';
import { companyBotIds } from '../bots/bots.repository';
import { findCompany } from '../companies/companies.repository';
import { queueMail } from '../mail/mail.service';
import { permissionsFor } from '../users/permissions';
import { findSessionUser, findUserByEmail, findUserInCompany, insertUser } from '../users/users.repository';
import * as repository from './team.repository';

export const INVITATION_TTL_MS = 7 * 86_400_000;

const conflict = (reason: TeamErrorReason, message: string) => new ConflictException(message, { reason });
const ownerOnly = () =>
  new ForbiddenException('Only an owner may make someone an owner or change an owner', {
    reason: 'owner-only' satisfies TeamErrorReason,
  });
const emailTaken = () =>
  conflict('email-taken', 'This address already has a Parley account in another company');

function toMember(user: UserRow): TeamMember {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    status: user.status,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    bot_ids: user.bot_ids,
    created_at: user.created_at.toISOString(),
  };
}

function botLimitRefused(reason: TeamErrorReason, message: string): ValidationException {
  return new ValidationException(message, { reason, issues: [{ path: 'body.bot_ids', message }] });
}

/**
 * The bot limit as stored: only for roles that can be limited, and only naming live bots of the
 * company (another company's bot is answered as one that does not exist). Null: every bot.
 */
async function checkedBotLimit(
  db: Queryable,
  companyId: string,
  role: UserRole,
  botIds: string[] | null | undefined,
): Promise<string[] | null> {
  if (!botIds) return null;
  if (!canBeLimitedToBots(role)) {
    throw botLimitRefused(
      'bot-limit-role',
      `A ${role} sees every bot; only agents, analysts and viewers can be limited`,
    );
  }
  const unique = [...new Set(botIds)];
  const known = new Set(await companyBotIds(db, companyId, unique));
  if (unique.some((id) => !known.has(id))) {
    throw botLimitRefused('unknown-bot', 'Some of these bots are not your company’s bots');
  }
  return unique;
}

function toInvitation(row: UserInvitationRow): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    bot_ids: row.bot_ids,
    invited_by: row.invited_by_name,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

export async function team(ctx: AppContext, companyId: string): Promise<Team> {
  const { db } = ctx.database;
  const [members, invitations] = await Promise.all([
    repository.listMembers(db, companyId),
    repository.listOpenInvitations(db, companyId),
  ]);
  return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
}

/**
 * Mails an invitation link, through the same outbox as recovery links. Inviting an address again
 * replaces its open invitation (a lost mail is simply sent again).
 */
export async function invite(
  ctx: AppContext,
  session: Session,
  input: InviteRequest,
): Promise<PendingInvitation> {
  if (input.role === 'owner' && session.user.role !== 'owner') throw ownerOnly();
  const { db } = ctx.database;
  const existing = await findUserByEmail(db, input.email);
  if (existing?.company_id === session.companyId) {
    throw conflict('already-member', `${input.email} is already in your team`);
  }
  if (existing) throw emailTaken();
  const token = randomBytes(32).toString('base64url');
  const invitedBy = `${session.user.first_name} ${session.user.last_name}`.trim();
  const company = await findCompany(db, session.companyId);
  if (!company) throw new NotFoundException('Company not found');
  const botIds = await checkedBotLimit(db, session.companyId, input.role, input.bot_ids);
  const row = await db.transaction().execute(async (trx) => {
    await repository.revokeOpenInvitationFor(trx, session.companyId, input.email);
    const invitation = await repository.insertInvitation(trx, {
      company_id: session.companyId,
      email: input.email,
      role: input.role,
      bot_ids: botIds,
      token_hash: hashMailedToken(token),
      invited_by: session.userId,
      invited_by_name: invitedBy,
      expires_at: new Date(Date.now() + INVITATION_TTL_MS),
    });
    const link = `${ctx.config.publicUrl}/v2/invitation?token=${token}`;
    await queueMail(
      trx,
      ctx.jobs,
      invitationMail(input.email, { invitedBy, companyName: company.name, link }),
    );
    return invitation;
  });
  ctx.jobs.wake('mail-delivery');
  return toInvitation(row);
}

export async function revokeInvitation(ctx: AppContext, companyId: string, id: string): Promise<void> {
  if (!(await repository.revokeInvitation(ctx.database.db, companyId, id))) {
    throw new NotFoundException('Invitation not found');
  }
}

/**
 * Changes someone's role, the bots they may see, or status. The company always keeps an active
 * owner; admins do not touch owners; nobody deactivates themselves (an owner leaving hands the
 * company over first); a new role that sees every bot drops the limit.
 */
export async function updateMember(
  ctx: AppContext,
  session: Session,
  userId: string,
  change: UpdateMemberRequest,
): Promise<TeamMember> {
  if (change.status === 'disabled' && userId === session.userId) {
    throw conflict('own-account', 'You cannot deactivate yourself; ask another owner or admin');
  }
  const updated = await ctx.database.db.transaction().execute(async (trx) => {
    const owners = await repository.lockActiveOwners(trx, session.companyId);
    const target = await findUserInCompany(trx, session.companyId, userId);
    if (!target) throw new NotFoundException('This person is not in your team');
    const touchesOwner = target.role === 'owner' || change.role === 'owner';
    if (touchesOwner && change.role !== target.role && session.user.role !== 'owner') throw ownerOnly();
    if (target.role === 'owner' && change.status === 'disabled' && session.user.role !== 'owner') {
      throw ownerOnly();
    }
    const leavesOwners =
      owners.includes(target.id) &&
      ((change.role && change.role !== 'owner') || change.status === 'disabled');
    if (leavesOwners && owners.length <= 1) {
      throw conflict('last-owner', 'The company needs an active owner; make someone else owner first');
    }
    const role = change.role ?? target.role;
    const botIds =
      change.bot_ids !== undefined
        ? await checkedBotLimit(trx, session.companyId, role, change.bot_ids)
        : canBeLimitedToBots(role)
          ? undefined
          : null;
    return repository.updateMember(trx, session.companyId, userId, {
      ...(change.role ? { role: change.role, permissions: permissionsFor(change.role) } : {}),
      ...(botIds !== undefined ? { botIds } : {}),
      ...(change.status ? { status: change.status } : {}),
    });
  });
  if (!updated) throw new NotFoundException('This person is not in your team');
  if (change.status === 'disabled') ctx.conversations.bus.publishSessionsEnded(userId);
  return toMember(updated);
}

function invitationRefused(reason: TeamErrorReason, message: string): ValidationException {
  return new ValidationException(message, { reason, issues: [{ path: 'body.token', message }] });
}

/** The invitation behind a mailed token, if it can still be accepted. */
async function usableInvitation(db: Queryable, token: string) {
  const invitation = await repository.findInvitationByToken(db, hashMailedToken(token));
  if (!invitation || invitation.revoked_at) {
    throw invitationRefused('invitation-invalid', 'This invitation link is not valid; ask for a new one');
  }
  if (invitation.accepted_at) {
    throw invitationRefused('invitation-used', 'This invitation was already accepted; sign in instead');
  }
  if (invitation.expires_at.getTime() <= Date.now()) {
    throw invitationRefused('invitation-expired', 'This invitation has expired; ask for a new one');
  }
  return invitation;
}

export async function invitationSummary(ctx: AppContext, token: string): Promise<InvitationSummary> {
  const invitation = await usableInvitation(ctx.database.db, token);
  return {
    email: invitation.email,
    company_name: invitation.company_name,
    invited_by: invitation.invited_by_name,
    role: invitation.role,
  };
}

/** Makes the invited person's account with the invitation's role and signs them in. */
export async function acceptInvitation(ctx: AppContext, input: AcceptInvitationRequest): Promise<AuthRecord> {
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.database.db
    .transaction()
    .execute(async (trx) => {
      const invitation = await usableInvitation(trx, input.token);
      if (!(await repository.consumeInvitation(trx, invitation.id))) {
        throw invitationRefused('invitation-used', 'This invitation was already accepted; sign in instead');
      }
      if (await findUserByEmail(trx, invitation.email)) throw emailTaken();
      const joined = await insertUser(trx, {
        email: invitation.email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        role: invitation.role,
        permissions: JSON.stringify(permissionsFor(invitation.role)),
        bot_ids: invitation.bot_ids && JSON.stringify(invitation.bot_ids),
        company_id: invitation.company_id,
        totp_secret: null,
      });
      await writeAuditEvent(trx, {
        companyId: joined.company_id,
        actor: joined,
        action: 'team.joined',
        target: { type: 'member', id: joined.id, label: joined.email },
        details: { role: joined.role, invited_by: invitation.invited_by_name },
      });
      return joined;
    })
    .catch((error: unknown) => {
      // The address signed up elsewhere at the same moment: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw emailTaken();
      throw error;
    });
  const sessionUser = await findSessionUser(ctx.database.db, user.company_id, user.id);
  if (!sessionUser) throw new NotFoundException('User not found');
  return authRecordFor(ctx, sessionUser);
}
