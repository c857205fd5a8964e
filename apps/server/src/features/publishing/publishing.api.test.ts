import type { BotDetail, Deployment } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('publishing and deployments', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerOwner(t)).auth.token;
    otherToken = (await registerOwner(t)).auth.token;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
  ) => t.request({ method, url, headers: authHeader(as), ...(payload ? { payload } : {}) });
  const newBot = async () =>
    (await call('POST', '/api/bots', { name: 'Shop bot', language: 'en' })).json<BotDetail>();

  it('saves the draft and answers the validator’s findings', async () => {
    const bot = await newBot();
    const flow = flowFixture()
      .starterWelcome()
      .module('bye', 'end', { message: 'Bye {{ nickname }}' })
      .onto(bot.flow);
    const saved = await call('PUT', `/api/bots/${bot.id}/flow`, { flow });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().bot.counts.modules).toBe(2);
    expect(saved.json().findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'warning', code: 'unreachable', moduleId: 'bye' }),
        expect.objectContaining({ severity: 'warning', code: 'undeclared-variable', variable: 'nickname' }),
      ]),
    );
  });

  it('refuses a malformed document, saving nothing', async () => {
    const bot = await newBot();
    const broken = await call('PUT', `/api/bots/${bot.id}/flow`, {
      flow: { ...bot.flow, modules: [{ id: 'x', type: 'teleport', content: {} }] },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.name).toBe('ValidationException');
    expect((await call('GET', `/api/bots/${bot.id}`)).json<BotDetail>().flow).toEqual(bot.flow);
  });

  it('refuses a save over someone else’s newer one, losing nothing, and says who saved it', async () => {
    const bot = await newBot();
    expect(bot.draft_revision).toBe(0);
    const withModule = (id: string) =>
      flowFixture()
        .starterWelcome()
        .module(id, 'end', { message: `Bye from ${id}` })
        .onto(bot.flow);
    // Two people opened revision 0; the first to save wins.
    const first = await call('PUT', `/api/bots/${bot.id}/flow`, {
      flow: withModule('first'),
      baseRevision: 0,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().bot.draft_revision).toBe(1);
    const stale = await call('PUT', `/api/bots/${bot.id}/flow`, {
      flow: withModule('second'),
      baseRevision: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      name: 'ConflictException',
      message: expect.stringContaining('Ada Lovelace saved this bot after you opened it'),
      details: { revision: 1, savedBy: 'Ada Lovelace', savedAt: expect.any(String) },
    });
    const kept = (await call('GET', `/api/bots/${bot.id}`)).json<BotDetail>();
    expect(kept.flow.modules.map((module) => module.id)).toContain('first');
    expect(kept.flow.modules.map((module) => module.id)).not.toContain('second');
    expect(kept.draft_revision).toBe(1);
    // Saving from the revision they now have works; a save without one is not checked.
    const rebased = await call('PUT', `/api/bots/${bot.id}/flow`, {
      flow: withModule('second'),
      baseRevision: 1,
    });
    expect(rebased.json().bot.draft_revision).toBe(2);
    expect(
      (await call('PUT', `/api/bots/${bot.id}/flow`, { flow: bot.flow })).json().bot.draft_revision,
    ).toBe(3);
    // Another company's bot stays not found, whatever the revision.
    const foreign = await call(
      'PUT',
      `/api/bots/${bot.id}/flow`,
      { flow: bot.flow, baseRevision: 0 },
      otherToken,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/bots/${bot.id}/flow`, { flow: bot.flow, baseRevision: -1 })).statusCode,
    ).toBe(400);
  });

  it('publishes numbered versions, refuses a broken flow, lists and restores versions', async () => {
    const bot = await newBot();
    const first = await call('POST', `/api/bots/${bot.id}/publish`);
    expect(first.statusCode).toBe(201);
    expect(first.json().version).toMatchObject({ version: 1, modules: 1 });
    // On no website yet: the answer says so rather than claiming web chat runs it.
    expect(first.json().deployments).toEqual([]);

    const changed = { ...bot.flow, modules: [{ ...bot.flow.modules[0], content: { text: 'Version two' } }] };
    await call('PUT', `/api/bots/${bot.id}/flow`, { flow: changed });
    expect((await call('POST', `/api/bots/${bot.id}/publish`)).json().version.version).toBe(2);
    expect((await call('GET', `/api/bots/${bot.id}`)).json()).toMatchObject({
      status: 'published',
      published_version: 2,
    });

    const broken = {
      ...changed,
      modules: [{ ...changed.modules[0], connections: [{ id: 'c', port: 'next', target: 'ghost' }] }],
    };
    await call('PUT', `/api/bots/${bot.id}/flow`, { flow: broken });
    const refused = await call('POST', `/api/bots/${bot.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.findings[0]).toMatchObject({ code: 'connection-to-missing-module' });

    const versions = (await call('GET', `/api/bots/${bot.id}/versions`)).json();
    expect(versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    const restored = await call('POST', `/api/bots/${bot.id}/versions/1/restore`);
    expect(restored.json<BotDetail>().flow.modules[0]).toMatchObject({
      content: bot.flow.modules[0]?.content,
    });
    expect((await call('POST', `/api/bots/${bot.id}/versions/9/restore`)).statusCode).toBe(404);
  });

  it('deploys published versions to web chat, follows new versions, and keeps a test deployment on the draft', async () => {
    const bot = await newBot();
    expect((await call('POST', `/api/bots/${bot.id}/deployments`, { channel: 'webchat' })).statusCode).toBe(
      409,
    );
    await call('POST', `/api/bots/${bot.id}/publish`);
    const web = (
      await call('POST', `/api/bots/${bot.id}/deployments`, { channel: 'webchat' })
    ).json<Deployment>();
    expect(web).toMatchObject({
      channel: 'webchat',
      version: 1,
      sunshine_parley_integration_id: null,
      key: expect.stringMatching(/^dep_/),
    });
    const second = await call('POST', `/api/bots/${bot.id}/publish`);
    expect(second.json().deployments).toEqual([{ ...web, version: 2 }]);
    expect((await call('GET', `/api/bots/${bot.id}/deployments`)).json<Deployment[]>()[0]?.version).toBe(2);

    const pinned = await call('PATCH', `/api/deployments/${web.id}`, {
      version: 1,
      sunshine_parley_integration_id: 'int-1',
    });
    expect(pinned.json()).toMatchObject({ version: 1, sunshine_parley_integration_id: 'int-1' });

    const test = (await call('GET', `/api/bots/${bot.id}/test-deployment`)).json<Deployment>();
    expect(test).toMatchObject({ channel: 'test', version: null });
    expect((await call('GET', `/api/bots/${bot.id}/test-deployment`)).json<Deployment>().id).toBe(test.id);
    expect((await call('GET', `/api/deployments/${test.id}`)).json<Deployment>()).toEqual(test);
    expect((await call('PATCH', `/api/deployments/${test.id}`, { version: 1 })).statusCode).toBe(409);

    expect((await call('DELETE', `/api/deployments/${web.id}`)).statusCode).toBe(204);
    expect(
      (await call('GET', `/api/bots/${bot.id}/deployments`))
        .json<Deployment[]>()
        .map((deployment) => deployment.channel),
    ).toEqual(['test']);
  });

  it('answers 404 to another company for every id', async () => {
    const bot = await newBot();
    await call('POST', `/api/bots/${bot.id}/publish`);
    const web = (
      await call('POST', `/api/bots/${bot.id}/deployments`, { channel: 'webchat' })
    ).json<Deployment>();
    for (const [method, url, payload] of [
      ['PUT', `/api/bots/${bot.id}/flow`, { flow: bot.flow }],
      ['POST', `/api/bots/${bot.id}/publish`],
      ['GET', `/api/bots/${bot.id}/versions`],
      ['POST', `/api/bots/${bot.id}/versions/1/restore`],
      ['GET', `/api/bots/${bot.id}/deployments`],
      ['POST', `/api/bots/${bot.id}/deployments`, { channel: 'webchat' }],
      ['GET', `/api/bots/${bot.id}/test-deployment`],
      ['GET', `/api/deployments/${web.id}`],
      ['PATCH', `/api/deployments/${web.id}`, { version: 1 }],
      ['DELETE', `/api/deployments/${web.id}`],
    ] as const) {
      const response = await call(method, url, payload as object | undefined, otherToken);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('only logs what remove-deployment receives', async () => {
    const response = await call('POST', '/api/remove-deployment', {
      integrationId: 'int-1',
      reason: 'uninstalled',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'logged' });
  });
});
