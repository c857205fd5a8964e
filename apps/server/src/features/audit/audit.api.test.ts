import type {
  AuditEntry,
  AuditLogPage,
  BotDetail,
  Deployment,
  PendingInvitation,
  Team,
} from '@parley/contracts';
import { sql } from 'kysely';
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
import { removeExpiredAuditEvents } from './audit.service';

/** An entry as a person reads it on the screen: who, what, which thing. */
const line = (entry: AuditEntry) =>
  `${entry.actor?.name ?? '-'} ${entry.action} ${entry.target?.label ?? entry.target?.type ?? '-'}`;

describe('audit log: who changed what and when', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let ownerId: string;
  let companyId: string;
  let builder: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t, { company_name: 'Audited Ltd' });
    owner = authHeader(registered.auth.token);
    ({ companyId, userId: ownerId } = claimsOf(registered.auth.token));
    builder = await teammate(
      t,
      { companyId },
      { email: 'bob@example.com', first_name: 'Bob', last_name: 'Builder', role: 'builder' },
    );
  });
  afterAll(() => t.close());

  const log = async (query = '', headers = owner) => {
    const response = await t.request({ method: 'GET', url: `/api/audit-log${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditLogPage>();
  };

  it('records a bot’s life (create, save, publish, deploy, restore, delete) with who did it and the bot’s name', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/bots',
      headers: builder,
      payload: { name: 'Pizza helper', language: 'en' },
    });
    const bot = created.json<BotDetail>();
    await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers: builder,
      payload: { flow: bot.flow },
    });
    expect(
      (await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers: owner })).statusCode,
    ).toBe(201);
    const deployment = (
      await t.request({
        method: 'POST',
        url: `/api/bots/${bot.id}/deployments`,
        headers: owner,
        payload: { channel: 'webchat' },
      })
    ).json<Deployment>();
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/versions/1/restore`, headers: builder });
    await t.request({ method: 'DELETE', url: `/api/deployments/${deployment.id}`, headers: owner });
    await t.request({ method: 'DELETE', url: `/api/bots/${bot.id}`, headers: builder });

    const { items } = await log('?kind=bot');
    expect(items.map(line)).toEqual([
      'Bob Builder bot.deleted Pizza helper',
      'Bob Builder bot.restored Pizza helper',
      'Ada Lovelace bot.published Pizza helper',
      'Bob Builder bot.saved Pizza helper',
      'Bob Builder bot.created Pizza helper',
    ]);
    expect(items[1]?.details).toEqual({ version: 1 });
    expect(items[2]?.details).toEqual({ version: 1 });
    expect(items[0]?.target).toEqual({ type: 'bot', id: bot.id, label: 'Pizza helper' });
    expect(items[0]?.actor?.email).toBe('bob@example.com');

    const deployments = await log('?kind=deployment');
    expect(deployments.items.map(line)).toEqual([
      'Ada Lovelace deployment.removed Pizza helper',
      'Ada Lovelace deployment.created Pizza helper',
    ]);
  });

  it('does not log what failed: a refused or unknown change leaves no entry', async () => {
    const before = (await log()).items.length;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.request({ method: 'DELETE', url: `/api/bots/${missing}`, headers: owner })).statusCode,
    ).toBe(404);
    const agent = await teammate(
      t,
      { companyId },
      { email: 'al@example.com', first_name: 'Al', last_name: 'Agent' },
    );
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/bots',
          headers: agent,
          payload: { name: 'X', language: 'en' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await log()).items.length).toBe(before);
  });

  it('records people and roles: invitations, joining, role changes and deactivation', async () => {
    const invited = (
      await t.request({
        method: 'POST',
        url: '/api/team/invitations',
        headers: owner,
        payload: { email: 'cleo@example.com', role: 'analyst' },
      })
    ).json<PendingInvitation>();
    await t.request({ method: 'DELETE', url: `/api/team/invitations/${invited.id}`, headers: owner });
    await t.request({
      method: 'POST',
      url: '/api/team/invitations',
      headers: owner,
      payload: { email: 'dan@example.com', role: 'agent' },
    });
    const mail = await mailDeliveredTo(t, 'dan@example.com');
    const token = /\/v2\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
    const joined = await t.request({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, first_name: 'Dan', last_name: 'Joiner', password: strongPassword },
    });
    expect(joined.statusCode).toBe(201);
    const team = (await t.request({ method: 'GET', url: '/api/team', headers: owner })).json<Team>();
    const bob = team.members.find((member) => member.email === 'bob@example.com');
    await t.request({
      method: 'PATCH',
      url: `/api/team/members/${bob?.id}`,
      headers: owner,
      payload: { role: 'viewer' },
    });
    await t.request({
      method: 'PATCH',
      url: `/api/team/members/${bob?.id}`,
      headers: owner,
      payload: { status: 'disabled' },
    });

    const { items } = await log('?kind=team');
    expect(items.map(line)).toEqual([
      'Ada Lovelace team.deactivated Bob Builder <bob@example.com>',
      'Ada Lovelace team.role-changed Bob Builder <bob@example.com>',
      'Dan Joiner team.joined dan@example.com',
      'Ada Lovelace team.invited dan@example.com',
      'Ada Lovelace team.invitation-withdrawn cleo@example.com',
      'Ada Lovelace team.invited cleo@example.com',
    ]);
    expect(items[1]?.details).toEqual({ role: 'viewer', status: null });
    expect(items[2]?.details).toEqual({ role: 'agent', invited_by: 'Ada Lovelace' });
    expect(items[5]?.details).toEqual({ role: 'analyst' });
  });

  it('records security events: failed sign-ins to an account (not to unknown addresses) and password changes', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'al@example.com', password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(401);
    await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'not the password at all' },
    });
    const disabled = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bob@example.com', password: strongPassword },
    });
    expect(disabled.statusCode).toBe(401);
    const eve = await teammate(
      t,
      { companyId },
      { email: 'eve@example.com', first_name: 'Eve', last_name: 'Ops' },
    );
    const changed = await t.request({
      method: 'POST',
      url: '/api/frontend/user/me/password',
      headers: eve,
      payload: { current_password: strongPassword, new_password: 'another strong horse' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const { items } = await log('?kind=security');
    expect(items.map((entry) => [entry.actor?.email, entry.action, entry.details.reason])).toEqual([
      ['eve@example.com', 'security.password-changed', undefined],
      ['bob@example.com', 'security.sign-in-failed', 'account-disabled'],
      ['al@example.com', 'security.sign-in-failed', 'wrong-password'],
    ]);
    expect(items[0]?.ip).toBeTruthy();
  });

  it('filters by person and dates, and pages newest first with a cursor', async () => {
    const byOwner = await log(`?actorId=${ownerId}`);
    expect(byOwner.items.length).toBeGreaterThan(0);
    expect(byOwner.items.every((entry) => entry.actor?.id === ownerId)).toBe(true);

    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await log(`?from=${future}`)).items).toEqual([]);
    const past = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    expect((await log(`?to=${past}`)).items).toEqual([]);

    const all = (await log('?limit=100')).items;
    const pages: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditLogPage = await log(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
  });

  it('refuses bad filters by name, and a builder (not an owner or admin) by permission', async () => {
    const badCursor = await t.request({
      method: 'GET',
      url: '/api/audit-log?cursor=nonsense',
      headers: owner,
    });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.name).toBe('ValidationException');
    const badKind = await t.request({ method: 'GET', url: '/api/audit-log?kind=weather', headers: owner });
    expect(badKind.statusCode).toBe(400);
    const viewer = await teammate(
      t,
      { companyId },
      { email: 'vi@example.com', first_name: 'Vi', last_name: 'Ewer', role: 'builder' },
    );
    const refused = await t.request({ method: 'GET', url: '/api/audit-log', headers: viewer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.name).toBe('ForbiddenException');
  });

  it('shows another company none of this one’s entries', async () => {
    const other = await registerOwner(t, { company_name: 'Elsewhere', email: 'else@example.com' });
    const theirs = await log('', authHeader(other.auth.token));
    expect(theirs.items).toEqual([]);
  });

  it('keeps entries for the configured number of days; the cleanup removes older ones', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/audit-log/settings', headers: owner })).json(),
    ).toEqual({
      retention_days: 365,
    });
    const tooShort = await t.request({
      method: 'PUT',
      url: '/api/audit-log/settings',
      headers: owner,
      payload: { retention_days: 7 },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.name).toBe('ValidationException');
    const changed = await t.request({
      method: 'PUT',
      url: '/api/audit-log/settings',
      headers: owner,
      payload: { retention_days: 30 },
    });
    expect(changed.json()).toEqual({ retention_days: 30 });
    expect((await log('?kind=company')).items.map(line)).toEqual([
      'Ada Lovelace company.audit-retention-changed Audited Ltd',
    ]);

    const before = (await log('?limit=100')).items;
    const oldest = before.at(-1);
    const second = before.at(-2);
    await sql`update audit_events set created_at = now() - interval '31 days' where id = ${oldest?.id}`.execute(
      t.database.db,
    );
    await sql`update audit_events set created_at = now() - interval '29 days' where id = ${second?.id}`.execute(
      t.database.db,
    );
    expect(await removeExpiredAuditEvents(t.database.db)).toBe(1);
    const after = (await log('?limit=100')).items.map((entry) => entry.id);
    expect(after).not.toContain(oldest?.id);
    expect(after).toContain(second?.id);
  });
});

/**
 * Driven by the route table, so a route added later must choose: every signed-in route that
 * changes something is written to the audit log, or is listed here with why it is not.
 */
const notAChange: Record<string, string> = {
  'POST /api/bots/:id/llm/prompt-tests': 'tries a prompt; changes nothing',
  'POST /api/llm/completions': 'a model call; changes nothing the company sees',
  'POST /api/conversations/:id/delayed-move': 'moves a conversation along its flow, as the bot does',
  'POST /api/bots/:id/debugger/conversations': 'a test conversation in the debugger',
  'POST /api/bots/:id/debugger/conversations/:conversationId/messages': 'a test message in the debugger',
  'POST /api/bots/:id/generative/test': 'tries the generative answer; changes nothing',
  'POST /api/lite/csv': 'reads a file for the guided form; stores nothing',
  'POST /api/lite/answer-drafts': 'drafts answers for the guided form; stores nothing',
  'POST /api/inbox/conversations/:id/read': 'marks a conversation read for the agent',
  'POST /api/conversations/:id/pass-control': 'conversation work, recorded in the conversation’s own events',
  'POST /api/conversations/:id/agent-messages': 'conversation work, recorded in the transcript',
  'POST /api/conversations/:id/notes': 'conversation work, recorded in the conversation',
  'POST /api/bots/:id/knowledge/search': 'a search; changes nothing',
  'POST /api/bots/:id/nlu/predictions': 'a prediction; changes nothing',
  'POST /api/remove-deployment': 'only logged for the messaging suite (spec §7); changes nothing',
  'POST /api/templates/render': 'renders a template preview; changes nothing',
  'POST /api/webhooks/instances/:id/test': 'a test call, kept in the delivery log',
  'POST /api/audiences/preview': 'counts a filter’s contacts; changes nothing',
  'PATCH /api/frontend/user/me': 'one’s own name and language',
  'POST /agents-api/agents/:id/playground': 'tries an agent; kept in its runs',
  'POST /agents-api/tools/:id/test': 'a test call of a tool; changes nothing',
  'POST /agents-api/agents/:id/playground/stream': 'tries an agent, streamed; kept in its runs',
  'POST /agents-api/prompts/:id/test': 'a test run of a prompt; changes nothing',
};

describe('audit log: every change is declared', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs every signed-in route that changes something, or says why not', () => {
    const unaudited = t.app.routeAccess
      .filter((route) => route.auth !== 'public' && route.method !== 'GET' && !route.audited)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(unaudited).toEqual(Object.keys(notAChange).sort());
  });
});
