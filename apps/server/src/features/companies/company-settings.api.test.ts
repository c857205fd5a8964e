import type { BusinessReport, CompanySettings, CurrentUser, Industry } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  newRegistration,
  registerOwner,
  rollUpNow,
  startChat,
  teammate,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Pressing "Buy" reaches a goal; "Browse" does not. */
const shopFlow = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi!',
      buttons: [
        { id: 'buy', label: 'Buy', action: { type: 'goto' } },
        { id: 'browse', label: 'Browse', action: { type: 'goto' } },
      ],
    },
    { 'button:buy': 'bought', 'button:browse': 'browsing' },
    { name: 'Welcome' },
  )
  .module('bought', 'text', { text: 'Thanks!' }, {}, { name: 'Bought', isGoal: true })
  .module('browsing', 'text', { text: 'Look around.' }, {}, { name: 'Browsing' });

describe('company settings: the name and industry, changed by owners and admins', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: string;
  let other: { headers: Record<string, string>; companyId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t, { company_name: 'Acme' });
    owner = authHeader(registered.auth.token);
    companyId = claimsOf(registered.auth.token).companyId;
    const rival = await registerOwner(t, { company_name: 'Rival', industry: 'travel' });
    other = { headers: authHeader(rival.auth.token), companyId: claimsOf(rival.auth.token).companyId };
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: unknown, headers = owner) =>
    t.request({ method: 'PATCH', url: `/api/companies/${id}`, headers, payload: payload as object });
  const me = async (headers = owner) =>
    (await t.request({ method: 'GET', url: '/api/frontend/user/me', headers })).json<CurrentUser>();

  it('lets the owner set the industry and the name, and clear the industry again', async () => {
    expect((await me()).company.industry).toBeNull();
    const saved = await patch(companyId, { industry: 'retail', name: '  Acme Stores ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>()).toEqual({
      id: companyId,
      name: 'Acme Stores',
      company_type: 'Regular',
      industry: 'retail',
    });
    expect((await me()).company).toMatchObject({ name: 'Acme Stores', industry: 'retail' });

    // Only what is sent changes.
    const renamed = await patch(companyId, { name: 'Acme' });
    expect(renamed.json<CompanySettings>()).toMatchObject({ name: 'Acme', industry: 'retail' });
    const cleared = await patch(companyId, { industry: null });
    expect(cleared.json<CompanySettings>()).toMatchObject({ name: 'Acme', industry: null });
  });

  it('takes the industry from the sign-up form too', async () => {
    expect((await me(other.headers)).company.industry).toBe('travel');
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: newRegistration({ industry: 'Widgets' as Industry }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      name: 'ValidationException',
      details: { issues: [expect.objectContaining({ path: 'body.industry' })] },
    });
  });

  it('lets admins change the settings, and refuses builders and agents by name', async () => {
    const company = { companyId };
    const admin = await teammate(t, company, {
      email: 'ada@acme.example',
      first_name: 'Ada',
      last_name: 'Admin',
      role: 'admin',
    });
    expect((await patch(companyId, { industry: 'software' }, admin)).statusCode).toBe(200);
    for (const role of ['builder', 'agent'] as const) {
      const headers = await teammate(t, company, {
        email: `${role}@acme.example`,
        first_name: 'Someone',
        last_name: 'Else',
        role,
      });
      const refused = await patch(companyId, { industry: 'travel' }, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        name: 'ForbiddenException',
        message: 'Your role does not allow this (it needs the permission company:manage)',
        details: { permission: 'company:manage' },
      });
    }
    expect((await me()).company.industry).toBe('software');
  });

  it('never changes another company: not for its owners, nor for Parley staff', async () => {
    // Another company is one the caller does not know of, as on every route naming a company's id.
    const refused = await patch(other.companyId, { industry: 'retail', name: 'Taken over' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.name).toBe('NotFoundException');

    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', companyId)
      .execute();
    const staff = await patch(other.companyId, { industry: 'retail' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toMatchObject({
      name: 'ForbiddenException',
      details: { reason: 'staff-read-only' },
    });
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Regular' })
      .where('id', '=', companyId)
      .execute();
    expect((await me(other.headers)).company).toMatchObject({ name: 'Rival', industry: 'travel' });
  });

  it('answers bad input with a named error and changes nothing', async () => {
    const before = (await me()).company;
    const cases: [unknown, string][] = [
      [{}, 'Send name or industry'],
      [{ industry: 'Retail' }, 'body.industry'],
      [{ industry: 'widgets' }, 'body.industry'],
      [{ industry: 7 }, 'body.industry'],
      [{ name: '' }, 'body.name'],
      [{ name: '<b>Acme</b>' }, 'Names cannot contain < or >'],
      [{ name: 'x'.repeat(121) }, 'At most 120 characters'],
      [{ industry: 'retail', company_type: 'Internal' }, 'company_type'],
    ];
    for (const [payload, mentioned] of cases) {
      const response = await patch(companyId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.name).toBe('ValidationException');
      expect(response.body).toContain(mentioned);
    }
    const notAnId = await patch('acme', { industry: 'retail' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.body).toContain('A company id is a UUID');
    const anonymous = await t.request({
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      payload: { industry: 'retail' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.name).toBe('UnauthorizedException');
    expect((await me()).company).toEqual(before);
  });

  it('shows the industry median once five companies of the industry have data', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const week = `from=${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
    /** A company whose visitors buy in `bought` of its `chats` conversations. */
    const shop = async (headers: Record<string, string>, bought: number, chats = 4) => {
      const { key } = await deployedBot(t, headers, 'Shop', shopFlow);
      for (let index = 0; index < chats; index += 1) {
        const chat = await startChat(t, key);
        const button = index < bought ? 'buy' : 'browse';
        await visitorSays(t, chat, { postback: `parley:button:start:${button}`, label: button });
      }
    };
    await patch(companyId, { industry: 'hospitality' });
    await shop(owner, 2);
    // Peers signed up as hotels: 0 %, 25 %, 75 % and 100 % of conversations buy; ours, 50 %.
    const peers: { headers: Record<string, string>; companyId: string }[] = [];
    for (const bought of [0, 1, 3, 4]) {
      const { auth } = await registerOwner(t, { company_name: `Hotel ${bought}`, industry: 'hospitality' });
      peers.push({ headers: authHeader(auth.token), companyId: claimsOf(auth.token).companyId });
      await shop(authHeader(auth.token), bought);
    }
    // A fifth peer of the industry without a single conversation gives no goal completion rate.
    await registerOwner(t, { company_name: 'Empty hotel', industry: 'hospitality' });
    await rollUpNow(t);

    const report = async (headers = owner) => {
      const response = await t.request({ method: 'GET', url: `/api/reports/business?${week}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<BusinessReport>();
    };
    const five = await report();
    expect(five.industry).toBe('hospitality');
    expect(five.kpis.goalCompletionRate).toMatchObject({
      value: 0.5,
      industryCompanies: 5,
      industryMedian: 0.5,
    });

    // One of them changes its industry: four are too few to compare with.
    const [, , , moving] = peers;
    if (!moving) throw new Error('four peers');
    expect((await patch(moving.companyId, { industry: 'travel' }, moving.headers)).statusCode).toBe(200);
    const four = await report();
    expect(four.kpis.goalCompletionRate).toMatchObject({ industryCompanies: 4, industryMedian: null });
    // Among travel companies it is the only one with conversations.
    const travel = await report(moving.headers);
    expect(travel.industry).toBe('travel');
    expect(travel.kpis.goalCompletionRate).toMatchObject({
      value: 1,
      industryCompanies: 1,
      industryMedian: null,
    });
  });
});
