import type { AuthRecord, PendingInvitation, Team, TeamMember } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  mailDeliveredTo,
  registerOwner,
  strongPassword,
  teammate,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The token of the newest invitation link mailed to `email`. */
async function invitationTokenMailedTo(t: TestApp, email: string): Promise<string> {
  const mail = await mailDeliveredTo(t, email, (item) => item.text.includes('/v2/invitation?token='));
  const token = /\/v2\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return token;
}

describe('team: inviting people, roles, deactivation', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let ownerId: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t, { company_name: 'Acme Support' });
    owner = authHeader(registered.auth.token);
    ({ companyId, userId: ownerId } = claimsOf(registered.auth.token));
  });
  afterAll(() => t.close());

  const invite = (headers: Record<string, string>, email: string, role = 'agent') =>
    t.request({ method: 'POST', url: '/api/team/invitations', headers, payload: { email, role } });
  const accept = (token: string, password = strongPassword) =>
    t.request({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, first_name: 'Ana', last_name: 'Agent', password },
    });
  const listTeam = async () =>
    (await t.request({ method: 'GET', url: '/api/team', headers: owner })).json<Team>();
  const change = (headers: Record<string, string>, id: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/team/members/${id}`, headers, payload });

  it('invites by mail; the link shows what it invites to, sets a password and signs in once', async () => {
    const invited = await invite(owner, 'ana@example.com');
    expect(invited.statusCode).toBe(201);
    expect(invited.json<PendingInvitation>()).toMatchObject({ email: 'ana@example.com', role: 'agent' });
    expect((await listTeam()).invitations.map((item) => item.email)).toEqual(['ana@example.com']);

    const token = await invitationTokenMailedTo(t, 'ana@example.com');
    const mail = await mailDeliveredTo(t, 'ana@example.com');
    expect(mail.subject).toBe('Ada Lovelace invited you to Acme Support on Parley');

    const summary = await t.request({ method: 'POST', url: '/api/auth/invitation', payload: { token } });
    expect(summary.json()).toEqual({
      email: 'ana@example.com',
      company_name: 'Acme Support',
      invited_by: 'Ada Lovelace',
      role: 'agent',
    });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    const agent = authHeader(accepted.json<AuthRecord>().token);
    const me = (await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: agent })).json();
    expect(me).toMatchObject({ role: 'agent', permissions: ['inbox:use'], company: { id: companyId } });

    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      name: 'ValidationException',
      details: { reason: 'invitation-used' },
    });

    const teamNow = await listTeam();
    expect(teamNow.invitations).toEqual([]);
    const ana = teamNow.members.find((member) => member.email === 'ana@example.com');
    expect(ana).toMatchObject({ role: 'agent', status: 'active', first_name: 'Ana' });
    expect(ana?.last_sign_in_at).not.toBeNull();
  });

  it('refuses inviting someone already in the team, or with an account elsewhere', async () => {
    const member = await invite(owner, 'ANA@example.com');
    expect(member.statusCode).toBe(409);
    expect(member.json().error).toMatchObject({
      name: 'ConflictException',
      details: { reason: 'already-member' },
    });
    const other = await registerOwner(t);
    const elsewhere = await invite(owner, other.registration.email);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.details).toEqual({ reason: 'email-taken' });
  });

  it('refuses an expired, withdrawn or unknown link, and a new invitation retires the old one', async () => {
    await invite(owner, 'late@example.com', 'viewer');
    const expired = await invitationTokenMailedTo(t, 'late@example.com');
    await t.database.db
      .updateTable('user_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'late@example.com')
      .execute();
    const late = await accept(expired);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.details.reason).toBe('invitation-expired');

    t.mails.length = 0;
    await invite(owner, 'late@example.com', 'viewer');
    const fresh = await invitationTokenMailedTo(t, 'late@example.com');
    expect((await accept(expired)).json().error.details.reason).toBe('invitation-invalid');

    const [pending] = (await listTeam()).invitations.filter((item) => item.email === 'late@example.com');
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/team/invitations/${pending?.id}`,
      headers: owner,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await accept(fresh)).json().error.details.reason).toBe('invitation-invalid');
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/invitation',
      payload: { token: 'nothing-like-a-token' },
    });
    expect(unknown.json().error).toMatchObject({
      name: 'ValidationException',
      details: { reason: 'invitation-invalid' },
    });
  });

  it('changes a role (and with it what the person may do) and deactivates at once', async () => {
    const bob = await teammate(
      t,
      { companyId },
      { email: 'bob@example.com', first_name: 'Bob', last_name: 'B' },
    );
    const bobId = (await listTeam()).members.find((member) => member.email === 'bob@example.com')?.id ?? '';
    const promoted = await change(owner, bobId, { role: 'analyst' });
    expect(promoted.json<TeamMember>()).toMatchObject({ role: 'analyst' });
    const report = await t.request({
      method: 'GET',
      url: '/api/reports/business?from=2026-01-01&to=2026-01-31',
      headers: bob,
    });
    expect(report.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/inbox', headers: bob })).statusCode).toBe(403);

    const deactivated = await change(owner, bobId, { status: 'disabled' });
    expect(deactivated.json<TeamMember>().status).toBe('disabled');
    const refused = await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: bob });
    expect(refused.statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bob@example.com', password: strongPassword },
    });
    expect(login.json().error.details).toEqual({ reason: 'disabled' });

    await change(owner, bobId, { status: 'active' });
    const back = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bob@example.com', password: strongPassword },
    });
    expect(back.statusCode).toBe(200);
    // Reactivating does not bring back the tokens deactivation ended.
    expect((await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: bob })).statusCode).toBe(
      401,
    );
  });

  it('keeps an active owner: the last one can be neither demoted nor deactivated', async () => {
    const demoted = await change(owner, ownerId, { role: 'admin' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().error).toMatchObject({
      name: 'ConflictException',
      details: { reason: 'last-owner' },
    });
    const self = await change(owner, ownerId, { status: 'disabled' });
    expect(self.json().error.details).toEqual({ reason: 'own-account' });

    const carol = await teammate(
      t,
      { companyId },
      {
        email: 'carol@example.com',
        first_name: 'Carol',
        last_name: 'C',
        role: 'owner',
      },
    );
    const carolId =
      (await listTeam()).members.find((member) => member.email === 'carol@example.com')?.id ?? '';
    expect((await change(owner, ownerId, { role: 'admin' })).statusCode).toBe(200);
    // Now Carol is the only owner.
    const last = await change(carol, carolId, { role: 'builder' });
    expect(last.json().error.details).toEqual({ reason: 'last-owner' });
    expect((await change(carol, ownerId, { role: 'owner' })).statusCode).toBe(200);
  });

  it('lets admins manage people but not owners, and refuses a builder the team routes', async () => {
    const admin = await teammate(
      t,
      { companyId },
      {
        email: 'dana@example.com',
        first_name: 'Dana',
        last_name: 'D',
        role: 'admin',
      },
    );
    const makeOwner = await invite(admin, 'eve@example.com', 'owner');
    expect(makeOwner.statusCode).toBe(403);
    expect(makeOwner.json().error.details).toEqual({ reason: 'owner-only' });
    expect((await change(admin, ownerId, { status: 'disabled' })).json().error.details).toEqual({
      reason: 'owner-only',
    });
    expect((await invite(admin, 'eve@example.com', 'builder')).statusCode).toBe(201);

    const builder = await teammate(
      t,
      { companyId },
      {
        email: 'fay@example.com',
        first_name: 'Fay',
        last_name: 'F',
        role: 'builder',
      },
    );
    const refused = await invite(builder, 'gus@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      name: 'ForbiddenException',
      details: { permission: 'users:manage' },
    });
  });

  it('finds nobody of another company', async () => {
    const other = await registerOwner(t);
    const otherId = claimsOf(other.auth.token).userId;
    const response = await change(owner, otherId, { role: 'agent' });
    expect(response.statusCode).toBe(404);
  });
});
