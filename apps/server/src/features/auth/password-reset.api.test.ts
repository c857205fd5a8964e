import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner, strongPassword } from '../../../test/fixtures';
import { type Mailbox, startMailbox } from '../../../test/mailbox';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';
import type { JobQueue } from '../../jobs/job-queue';
import { listOutboxMailTo } from '../mail/mail-outbox.repository';
import { mailPasswordReset, requestPasswordReset } from './password-reset.service';

const newPassword = 'a brand new passphrase';
const resetSubject = 'Reset your Parley password';

function tokenFromMail(text: string): string {
  const link = /https?:\/\/\S+\/v2\/recover\?token=([\w-]+)/.exec(text);
  if (!link?.[1]) throw new Error(`no recovery link in: ${text}`);
  return link[1];
}

describe('password recovery', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ SMTP_URL: mailbox.url });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.stop();
  });

  const requestReset = (email: string) =>
    t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const recover = (token: string, password = newPassword) =>
    t.request({ method: 'POST', url: '/api/auth/recover', payload: { token, password } });
  const mailsTo = (email: string, count = 1) =>
    eventually(async () => {
      // The owner's sign-up link came first: only recovery mails count here.
      const mails = mailbox.mails.filter((mail) => mail.to === email && mail.subject === resetSubject);
      return mails.length >= count ? mails : undefined;
    });

  it('mails a link that sets a new password once, and signs out old sessions', async () => {
    const { registration, auth } = await registerOwner(t);
    const accepted = await requestReset(registration.email.toUpperCase());
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ status: 'accepted' });

    const [mail] = await mailsTo(registration.email);
    expect(mail?.subject).toBe('Reset your Parley password');
    // Sent: the outbox forgets the content, and the screens need not say where links are.
    const sent = await eventually(async () =>
      (await listOutboxMailTo(t.database.db, registration.email)).find(
        (row) => row.status === 'sent' && row.subject === resetSubject,
      ),
    );
    expect(sent).toMatchObject({ text_body: '', html_body: '' });
    const config = await t.request({ method: 'GET', url: '/api/frontend/config' });
    expect(config.json().mail).toEqual({ configured: true });
    expect(mail?.text).toContain('http://parley.test/v2/recover?token=');
    expect(mail?.text).toContain('Choose a new password');
    const token = tokenFromMail(mail?.text ?? '');

    const recovered = await recover(token);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({ status: 'password-changed' });

    const oldPassword = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: strongPassword },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newLogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: newPassword },
    });
    expect(newLogin.statusCode).toBe(200);

    // The session from before the change no longer works.
    const oldSession = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: authHeader(auth.token),
    });
    expect(oldSession.statusCode).toBe(401);

    // Single use.
    const reused = await recover(token, 'yet another passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      name: 'ValidationException',
      message: expect.stringContaining('invalid, used or expired'),
    });
  });

  it('answers an unknown email exactly as a known one, and sends it nothing', async () => {
    const { registration } = await registerOwner(t);
    const known = await requestReset(registration.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ status: 'accepted' });
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    // What the queued job does for an address without an account: nothing.
    await mailPasswordReset(t.app.ctx, 'nobody-here@example.com');
    expect(await listOutboxMailTo(t.database.db, 'nobody-here@example.com')).toEqual([]);
  });

  it('does the same work for any address while answering: it only queues a job', async () => {
    const { registration } = await registerOwner(t);
    const queued: unknown[] = [];
    const jobs: JobQueue = {
      ...t.app.ctx.jobs,
      send: async (_db, queue, data) => {
        queued.push({ queue, data });
      },
      wake: () => {},
    };
    const before = await listOutboxMailTo(t.database.db, registration.email);
    await requestPasswordReset({ ...t.app.ctx, jobs }, registration.email);
    await requestPasswordReset({ ...t.app.ctx, jobs }, 'nobody-here@example.com');
    expect(queued).toEqual([
      { queue: 'password-reset-mail', data: { email: registration.email } },
      { queue: 'password-reset-mail', data: { email: 'nobody-here@example.com' } },
    ]);
    expect(await listOutboxMailTo(t.database.db, registration.email)).toEqual(before);
  });

  it('refuses a link older than one hour', async () => {
    const { registration } = await registerOwner(t);
    await requestReset(registration.email);
    const token = tokenFromMail((await mailsTo(registration.email))[0]?.text ?? '');
    await t.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const response = await recover(token);
    expect(response.statusCode).toBe(400);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: strongPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses made-up tokens and weak new passwords', async () => {
    expect((await recover('made-up-token')).statusCode).toBe(400);
    const weak = await recover('made-up-token', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.issues[0].path).toBe('body.password');
  });

  it('retires the other outstanding links once one is used', async () => {
    const { registration } = await registerOwner(t);
    await requestReset(registration.email);
    await requestReset(registration.email);
    const [first, second] = (await mailsTo(registration.email, 2)).map((mail) => tokenFromMail(mail.text));
    expect((await recover(first ?? '')).statusCode).toBe(200);
    expect((await recover(second ?? '', 'another new passphrase')).statusCode).toBe(400);
  });
});

describe('password recovery over SMTP', () => {
  let t: TestApp;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_FROM: 'Parley <hello@parley.test>' });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.stop();
  });

  it('delivers the recovery mail to the SMTP server and marks it sent', async () => {
    const { registration } = await registerOwner(t);
    await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: registration.email },
    });
    const mail = await eventually(async () =>
      mailbox.mails.find((item) => item.to === registration.email && item.subject === resetSubject),
    );
    const token = tokenFromMail(mail.text);
    const sent = await eventually(async () =>
      (await listOutboxMailTo(t.database.db, registration.email)).find(
        (row) => row.status === 'sent' && row.subject === resetSubject,
      ),
    );
    expect(sent.delivered_at).toBeInstanceOf(Date);
    // Sent: the outbox no longer holds the link.
    expect(sent).toMatchObject({ text_body: '', html_body: '', subject: 'Reset your Parley password' });
    const recovered = await t.request({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { token, password: newPassword },
    });
    expect(recovered.statusCode).toBe(200);
  });
});

describe('password recovery without SMTP', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => log.push(line) } });
  });
  afterAll(() => t.close());

  it('sends nothing, logs the mail with its link (JSON logs) and keeps it for the development mailbox', async () => {
    const { registration } = await registerOwner(t);
    const accepted = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: registration.email },
    });
    expect(accepted.statusCode).toBe(202);
    const row = await eventually(async () =>
      (await listOutboxMailTo(t.database.db, registration.email)).find(
        (mail) => mail.status === 'logged' && mail.subject === resetSubject,
      ),
    );
    const token = tokenFromMail(row.text_body);
    expect(row.html_body).toContain(`/v2/recover?token=${token}`);
    const notice = log
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'Mail not sent: no SMTP_URL is set' && line.subject === resetSubject);
    // Whoever runs a server without mail reads the link in its log, since no mail brings it.
    expect(notice).toMatchObject({
      to: registration.email,
      subject: 'Reset your Parley password',
      links: [`http://parley.test/v2/recover?token=${token}`],
      text: row.text_body,
    });
    const config = await t.request({ method: 'GET', url: '/api/frontend/config' });
    expect(config.json().mail).toEqual({ configured: false });
  });
});
