import type { BotDetail, Deployment, StartConversationResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  registerOwner,
  startChat,
  visitorSends,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('what an ended trial stops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const endTrialAt = (companyId: string, when: Date) =>
    t.database.db
      .updateTable('companies')
      .set({ company_expiration_date: when })
      .where('id', '=', companyId)
      .execute();

  it('refuses publishing and web chat deployments by name, and leaves building and reading alone', async () => {
    const { auth } = await registerOwner(t);
    const owner = authHeader(auth.token);
    const { bot } = await deployedBot(t, owner, 'Trial bot', (flow) => flow);
    const [deployment] = (
      await t.request({ method: 'GET', url: `/api/bots/${bot.id}/deployments`, headers: owner })
    ).json<Deployment[]>();
    const ended = new Date(Date.now() - 60_000);
    await endTrialAt(claimsOf(auth.token).companyId, ended);

    const expected = {
      name: 'ForbiddenException',
      message: 'Your trial has ended: publishing and web chat are paused until you upgrade',
      details: { reason: 'trial-ended', endedAt: ended.toISOString() },
    };
    const publish = await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers: owner });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error).toEqual(expected);
    const deploy = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/deployments`,
      headers: owner,
      payload: { channel: 'webchat' },
    });
    expect(deploy.statusCode).toBe(403);
    expect(deploy.json().error).toEqual(expected);
    const pin = await t.request({
      method: 'PATCH',
      url: `/api/deployments/${deployment?.id}`,
      headers: owner,
      payload: { version: 1 },
    });
    expect(pin.statusCode).toBe(403);

    // Reading and building go on.
    const detail = await t.request({ method: 'GET', url: `/api/bots/${bot.id}`, headers: owner });
    expect(detail.statusCode).toBe(200);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers: owner,
      payload: { flow: detail.json<BotDetail>().flow },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/bots/${bot.id}/deployments`, headers: owner })).statusCode,
    ).toBe(200);
  });

  it('pauses its bots’ chats with visitors once the trial ends, and still lets them read theirs', async () => {
    const { auth } = await registerOwner(t);
    const owner = authHeader(auth.token);
    const { key } = await deployedBot(t, owner, 'Ending soon', (flow) => flow);
    const endsAt = Date.now() + 1_500;
    await endTrialAt(claimsOf(auth.token).companyId, new Date(endsAt));
    const chat: StartConversationResponse = await startChat(t, key);
    const visitor = authHeader(chat.token, 'Bearer');
    const say = () => visitorSends(t, chat, 'hello');
    expect((await say()).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + 50));
    const paused = { name: 'ForbiddenException', message: 'This chat is not available right now' };
    const refused = await say();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject(paused);
    const restart = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { deploymentKey: key },
    });
    expect(restart.statusCode).toBe(403);
    expect(restart.json().error).toMatchObject(paused);
    const history = await t.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${chat.conversationId}/history`,
      headers: visitor,
    });
    expect(history.statusCode).toBe(200);
  });

  it('lets a company that is not on trial publish as before', async () => {
    const { auth } = await registerOwner(t);
    const owner = authHeader(auth.token);
    await t.database.db
      .updateTable('companies')
      .set({ company_expiration_date: null })
      .where('id', '=', claimsOf(auth.token).companyId)
      .execute();
    const { key } = await deployedBot(t, owner, 'Paid', (flow) => flow);
    expect((await startChat(t, key)).conversationId).toEqual(expect.any(String));
  });
});
