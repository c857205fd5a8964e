import type { BotDetail, InboxListResponse } from '@parley/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  registerOwner,
  startChat,
  teammate,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('roles: what each person may do, checked by the server', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let agent: Record<string, string>;
  let builder: Record<string, string>;
  let bot: BotDetail;
  let deploymentKey: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    const company = claimsOf(registered.auth.token);
    companyId = company.companyId;
    ({ bot, key: deploymentKey } = await deployedBot(t, owner, 'Support', (flow) => flow));
    agent = await teammate(t, company, {
      email: 'agnes@example.com',
      first_name: 'Agnes',
      last_name: 'Agent',
    });
    builder = await teammate(t, company, {
      email: 'bob@example.com',
      first_name: 'Bob',
      last_name: 'Builder',
      role: 'builder',
    });
  });
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, options: InjectOptions) =>
    t.request({ ...options, headers });
  const botChanges = (): Array<[string, InjectOptions]> => [
    ['save the flow', { method: 'PUT', url: `/api/bots/${bot.id}/flow`, payload: { flow: bot.flow } }],
    ['publish', { method: 'POST', url: `/api/bots/${bot.id}/publish` }],
    ['deploy', { method: 'POST', url: `/api/bots/${bot.id}/deployments`, payload: { channel: 'webchat' } }],
    ['rename', { method: 'PATCH', url: `/api/bots/${bot.id}`, payload: { name: 'Hijacked' } }],
    ['delete', { method: 'DELETE', url: `/api/bots/${bot.id}` }],
    ['style the widget', { method: 'PUT', url: `/api/bots/${bot.id}/webchat-style`, payload: {} }],
    ['create a bot', { method: 'POST', url: '/api/bots', payload: { name: 'Mine', language: 'en' } }],
    ['duplicate', { method: 'POST', url: `/api/bots/${bot.id}/duplicate` }],
    ['restore a version', { method: 'POST', url: `/api/bots/${bot.id}/versions/1/restore` }],
    ['debug the draft', { method: 'POST', url: `/api/bots/${bot.id}/debugger/conversations`, payload: {} }],
  ];

  it('refuses an agent every change to bots, and changes nothing', async () => {
    for (const [what, options] of botChanges()) {
      const response = await call(agent, options);
      expect({ what, status: response.statusCode }).toEqual({ what, status: 403 });
      expect(response.json().error).toMatchObject({
        name: 'ForbiddenException',
        details: { permission: expect.stringMatching(/^bots:(manage|publish)$/) },
      });
    }
    const unchanged = (await call(owner, { method: 'GET', url: `/api/bots/${bot.id}` })).json<BotDetail>();
    expect(unchanged.name).toBe('Support');
    const bots = await t.database.db
      .selectFrom('bots')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    expect(bots).toHaveLength(1);
  });

  it('lets an agent work the inbox and see the bots', async () => {
    const visitor = await startChat(t, deploymentKey);
    const inbox = await call(agent, { method: 'GET', url: `/api/inbox?botId=${bot.id}` });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json<InboxListResponse>().conversations.map((item) => item.id)).toContain(
      visitor.conversationId,
    );
    const conversation = `/api/conversations/${visitor.conversationId}`;
    expect(
      (await call(agent, { method: 'POST', url: `${conversation}/pass-control`, payload: { to: 'agent' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(agent, { method: 'POST', url: `${conversation}/agent-messages`, payload: { text: 'Hi' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(agent, { method: 'POST', url: `${conversation}/notes`, payload: { text: 'Done' } }))
        .statusCode,
    ).toBe(204);
    expect((await call(agent, { method: 'GET', url: '/api/bots' })).statusCode).toBe(200);
    // Reports are for builders and up.
    const report = await call(agent, {
      method: 'GET',
      url: '/api/reports/business?from=2026-01-01&to=2026-01-31',
    });
    expect(report.statusCode).toBe(403);
  });

  it('lets a builder edit the draft but not publish or deploy it', async () => {
    const saved = await call(builder, {
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      payload: { flow: bot.flow },
    });
    expect(saved.statusCode).toBe(200);
    const renamed = await call(builder, {
      method: 'PATCH',
      url: `/api/bots/${bot.id}`,
      payload: { name: 'Support' },
    });
    expect(renamed.statusCode).toBe(200);
    const published = await call(builder, { method: 'POST', url: `/api/bots/${bot.id}/publish` });
    expect(published.statusCode).toBe(403);
    expect(published.json().error.details).toEqual({ permission: 'bots:publish' });
    const deployed = await call(builder, {
      method: 'POST',
      url: `/api/bots/${bot.id}/deployments`,
      payload: { channel: 'webchat' },
    });
    expect(deployed.statusCode).toBe(403);
  });

  it('goes by the permissions stored on the person, not only the role’s name', async () => {
    await t.database.db
      .updateTable('users')
      .set({ permissions: JSON.stringify(['inbox:use', 'bots:manage']) })
      .where('email', '=', 'agnes@example.com')
      .execute();
    const saved = await call(agent, {
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      payload: { flow: bot.flow },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(agent, { method: 'POST', url: `/api/bots/${bot.id}/publish` })).statusCode).toBe(403);
  });
});
