import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { DEV_MAILBOX_SIZE, type DevMailbox } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, teammate } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';
import { insertOutboxMail, listOutboxMailTo, markOutboxDelivered } from './mail-outbox.repository';

/**
 * A server without SMTP_URL cannot mail its sign-up, reset and invitation links: it keeps them in
 * the development mailbox, which Parley staff read and nobody else may.
 */
describe('the development mailbox of a server without SMTP', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let staffCompany: string;
  let staffAgent: Record<string, string>;
  let customer: { headers: Record<string, string>; email: string };

  beforeAll(async () => {
    t = await createTestApp();
    const hq = await registerOwner(t, { company_name: 'Parley HQ' });
    staffCompany = claimsOf(hq.auth.token).companyId as string;
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', staffCompany)
      .execute();
    staff = authHeader(hq.auth.token);
    staffAgent = await teammate(
      t,
      { companyId: staffCompany },
      { email: `staff-agent-${Date.now()}@example.com`, first_name: 'Sam', last_name: 'Staff' },
    );
    const acme = await registerOwner(t, { company_name: 'Acme' });
    customer = { headers: authHeader(acme.auth.token), email: acme.registration.email };
  });
  afterAll(() => t.close());

  const mailbox = (headers?: Record<string, string>) =>
    t.request({ method: 'GET', url: '/api/dev-mailbox', ...(headers ? { headers } : {}) });

  it('keeps a sign-up link for staff to follow, newest first', async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    const signedUp = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: 'a long enough passphrase',
        first_name: 'Nia',
        last_name: 'Newcomer',
        company_name: 'Newco',
      },
    });
    expect(signedUp.statusCode).toBe(202);
    const mail = await eventually(async () => {
      const read = await mailbox(staff);
      expect(read.statusCode).toBe(200);
      return read.json<DevMailbox>().mails.find((item) => item.to === email);
    });
    expect(mail).toMatchObject({ subject: 'Finish creating your Parley account' });
    expect(new Date(mail.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const token = /http:\/\/parley\.test\/v2\/register\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    // The link works: it creates the company.
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/auth/register/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(201);

    const read = (await mailbox(staffAgent)).json<DevMailbox>();
    expect(read.smtpConfigured).toBe(false);
    expect(read.mails[0]?.to).toBe(email);
    const times = read.mails.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is refused to customers, to staff limited to some bots, and to callers not signed in', async () => {
    const refused = await mailbox(customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      name: 'ForbiddenException',
      details: { reason: 'staff-only' },
    });
    // Not even the customer's own mails: they hold links of everyone's accounts beside them.
    expect(refused.body).not.toContain(customer.email);

    const limitedEmail = `limited-${Date.now()}@example.com`;
    const limited = await teammate(
      t,
      { companyId: staffCompany },
      { email: limitedEmail, first_name: 'Lim', last_name: 'Ited' },
    );
    await t.database.db
      .updateTable('users')
      .set({ bot_ids: JSON.stringify([randomUUID()]) })
      .where('email', '=', limitedEmail)
      .execute();
    expect((await mailbox(limited)).statusCode).toBe(403);

    const anonymous = await mailbox();
    expect(anonymous.statusCode).toBe(401);
  });

  it(`keeps the content of the newest ${DEV_MAILBOX_SIZE} mails only`, async () => {
    const to = `many-${Date.now()}@example.com`;
    for (let index = 0; index < DEV_MAILBOX_SIZE + 2; index++) {
      const id = await insertOutboxMail(t.database.db, {
        to,
        subject: `Mail ${index}`,
        text: `Open http://parley.test/v2/x?n=${index}`,
        html: '<p>x</p>',
      });
      await markOutboxDelivered(t.database.db, id, 'logged');
      await setImmediate();
    }
    const read = (await mailbox(staff)).json<DevMailbox>();
    expect(read.mails).toHaveLength(DEV_MAILBOX_SIZE);
    expect(read.mails[0]?.subject).toBe(`Mail ${DEV_MAILBOX_SIZE + 1}`);
    const rows = await listOutboxMailTo(t.database.db, to);
    const emptied = rows.filter((row) => row.text_body === '').map((row) => row.subject);
    expect(emptied).toEqual(['Mail 1', 'Mail 0']);
  });
});
