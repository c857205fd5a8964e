import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox } from '../apps/server/test/mailbox';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, screenshot, screenshotOf } from './support/browser';
import { openSignedIn, signIn, signOut, until } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const agentEmail = 'ana.agent@demo.parley.dev';
const agentPassword = 'inbox all day long';

describe('a team: an owner invites an agent, who sees only the inbox', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let owner: Page;
  let agent: Page;

  beforeAll(async () => {
    mailbox = await startMailbox();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: mailbox.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it('the owner invites an agent from the company settings', async () => {
    owner = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/company/settings');
    const team = owner.getByRole('table', { name: 'Team' });
    await team.getByText('owner@demo.parley.dev').waitFor();
    await owner.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite someone to your team' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(agentEmail);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await screenshot(owner, 'team-invite-roles');
    await owner.getByRole('option', { name: /^Agent/ }).click();
    await screenshotOf(dialog, 'team-invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText(`Invitation sent to ${agentEmail}.`).waitFor();
    const invitations = owner.getByRole('table', { name: 'Pending invitations' });
    await invitations.getByText(agentEmail).waitFor();
    expect(await accessibilityViolations(owner, 'main')).toEqual([]);
    await screenshot(owner, 'team-settings-invited');
  });

  it('the agent accepts by mail, chooses a password and lands in the inbox', async () => {
    const mail = await until(() => mailbox.mails.find((item) => item.to === agentEmail));
    expect(mail.subject).toBe('Olivia Owner invited you to Demo Co on Parley');
    const link = /(https?:\/\/\S+\/v2\/invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error('no invitation link in the mail');
    agent = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await agent.goto(link);
    await agent.getByRole('heading', { name: 'Join Demo Co on Parley' }).waitFor();
    await agent.getByText('Olivia Owner invited you as Agent.', { exact: false }).waitFor();
    await agent.getByLabel('First name').fill('Ana');
    await agent.getByLabel('Last name').fill('Agent');
    await agent.getByLabel('New password', { exact: true }).fill(agentPassword);
    await agent.getByLabel('Repeat the new password').fill(agentPassword);
    expect(await accessibilityViolations(agent, 'form')).toEqual([]);
    await screenshot(agent, 'team-invitation-page');
    await agent.getByRole('button', { name: 'Join the team' }).click();
    await agent.waitForURL(/\/v2\/inbox/);
  });

  it('signs in again and sees only the inbox; another area shows the unauthorized screen', async () => {
    await signOut(agent);
    await signIn(agent, server.url, agentEmail, agentPassword);
    await agent.waitForURL(/\/v2\/inbox/);
    const navigation = agent.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Inbox' }).waitFor();
    await agent.getByRole('heading', { name: 'Inbox' }).waitFor();
    for (const hidden of ['Home', 'Reports', 'Web SDK', 'Webhooks']) {
      expect(await navigation.getByRole('link', { name: hidden, exact: true }).count()).toBe(0);
    }
    await screenshot(agent, 'team-agent-inbox');
    await agent.goto(`${server.url}/v2/reports`);
    await agent.locator('[data-error-kind="unauthorized"]').waitFor();
    await screenshot(agent, 'team-agent-reports-refused');
    await agent.goto(`${server.url}/bots/list`);
    await agent.waitForURL(/\/v2\/inbox/);
  });

  it('the owner sees the agent’s last sign-in and deactivates her: her session ends at once', async () => {
    await owner.reload();
    // The team's own table: the audit log below names her too.
    const row = owner.getByRole('table', { name: 'Team' }).getByRole('row', { name: /Ana Agent/ });
    await row.getByText('ana.agent@demo.parley.dev').waitFor();
    expect(await row.getByText('Never').count()).toBe(0);
    expect(await owner.getByRole('table', { name: 'Pending invitations' }).count()).toBe(0);
    await screenshot(owner, 'team-settings-joined');
    await row.getByRole('button', { name: 'Deactivate Ana Agent' }).click();
    await row.getByText('Deactivated').waitFor();
    await agent.goto(`${server.url}/v2/inbox`);
    await agent.waitForURL(/\/v2\/login/);
  });

  it('the owner reads in the audit log who invited, joined and was deactivated, and filters it', async () => {
    await owner.reload();
    const log = owner.getByRole('table', { name: 'Audit log' });
    await log.getByText('deactivated', { exact: false }).first().waitFor();
    const joined = log.getByRole('row', { name: /joined the team as/ });
    await joined.getByText('Ana Agent').waitFor();
    await joined.getByText('Role: Agent').waitFor();
    await log.getByRole('row', { name: /Olivia Owner.*invited ana\.agent@demo\.parley\.dev/ }).waitFor();
    await owner.getByRole('combobox', { name: 'Kind' }).click();
    await owner.getByRole('option', { name: 'People and roles' }).click();
    await owner.getByRole('heading', { name: 'Audit log' }).scrollIntoViewIfNeeded();
    await screenshotOf(owner.locator('[aria-labelledby="audit-log-title"]'), 'audit-log-team');
    await screenshot(owner, 'audit-log-settings');
    expect(await accessibilityViolations(owner, 'main')).toEqual([]);
  });
});
