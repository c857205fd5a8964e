import type { Broadcast, BroadcastResults, ConnectSunshineRequest } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithSunshine } from '../../../test/channel-test-apps';
import { ana, fakeSunshine } from '../../../test/fake-sunshine';
import { authHeader, deployedBot, registerOwner, savedAudience } from '../../../test/fixtures';
import { eventually, type TestApp } from '../../../test/test-app';

const askFlow = () =>
  flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'Which size?', variable: 'size', validator: { type: 'text' } },
      { next: 'noted' },
    )
    .module('noted', 'text', { text: 'Noted: {{ size }}.' });

describe('a broadcast on the messaging suite', () => {
  let t: TestApp;
  const suite = fakeSunshine();
  let owner: Record<string, string>;
  let botId = '';
  let deploymentId = '';

  beforeAll(async () => {
    let credentials: ConnectSunshineRequest;
    ({ t, credentials } = await appWithSunshine(suite));
    owner = authHeader((await registerOwner(t)).auth.token);
    ({
      bot: { id: botId },
      deploymentId,
    } = await deployedBot(t, owner, 'Shoes', askFlow()));
    const connected = await t.request({
      method: 'PUT',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
      payload: credentials,
    });
    expect(connected.statusCode, connected.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await suite.close();
  });

  const sentTexts = (scId: string) =>
    suite.state.messages
      .filter((message) => message.conversationId === scId)
      .map((message) => String(message.content.text ?? message.content.type));

  it('sends through the suite’s API once, as the business, and fails with a named reason once disconnected', async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await eventually(async () => (sentTexts(scId).includes('Which size?') ? true : undefined));
    await suite.userSays(scId, ana, '38');
    await eventually(async () => (sentTexts(scId).includes('Noted: 38.') ? true : undefined));

    const audience = await savedAudience(t, owner, 'Suite users', [
      { field: 'channel', channels: ['sunshine'] },
    ]);
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/broadcasts',
        headers: owner,
        payload: {
          name: 'Size 38 is back',
          botId,
          audienceId: audience.id,
          channels: ['sunshine'],
          message: { type: 'text', text: 'Size {{ size }} is back, {{ user.name }}!' },
        },
      });
    const broadcast = (await send()).json<Broadcast>();
    expect(broadcast.figures.recipients).toBe(1);
    await eventually(async () => (sentTexts(scId).includes('Size 38 is back, Ana Ruiz!') ? true : undefined));
    const results = await eventually(async () => {
      const now = (
        await t.request({ method: 'GET', url: `/api/broadcasts/${broadcast.id}`, headers: owner })
      ).json<BroadcastResults>();
      return now.broadcast.figures.delivered === 1 ? now : undefined;
    });
    expect(results.broadcast.figures).toMatchObject({ sent: 1, delivered: 1, failed: 0 });
    const business = suite.state.messages.filter(
      (message) => message.conversationId === scId && message.content.text === 'Size 38 is back, Ana Ruiz!',
    );
    expect(business).toHaveLength(1);
    expect(business[0]?.author).toEqual({ type: 'business' });

    // The suite's read receipt: the business reading counts for nothing, the user's opens it.
    const read = (authorType: string) =>
      suite.emit([
        {
          type: 'conversation:read',
          payload: {
            conversation: { id: scId, type: 'personal' },
            activity: { author: { type: authorType, userId: ana.id }, type: 'conversation:read' },
          },
        },
      ]);
    const opened = async () =>
      (
        await t.request({ method: 'GET', url: `/api/broadcasts/${broadcast.id}`, headers: owner })
      ).json<BroadcastResults>().broadcast.figures.opened;
    await read('business');
    expect(await opened()).toBe(0);
    await read('user');
    await eventually(async () => ((await opened()) === 1 ? true : undefined));

    // The suite is disconnected: the next broadcast fails for its contact, with the reason.
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const second = (await send()).json<Broadcast>();
    const failed = await eventually(async () => {
      const now = (
        await t.request({ method: 'GET', url: `/api/broadcasts/${second.id}`, headers: owner })
      ).json<BroadcastResults>();
      return now.broadcast.state === 'done' ? now : undefined;
    });
    expect(failed.broadcast.figures).toMatchObject({ recipients: 1, sent: 0, failed: 1 });
    expect(failed.failures).toEqual([{ state: 'failed', reason: 'channel-disconnected', count: 1 }]);
  }, 60_000);
});
