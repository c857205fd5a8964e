import type { BotDetail, Deployment, WebchatConfig, WebchatStyle } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('the web chat style', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let bot: BotDetail;
  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
    bot = (
      await t.request({
        method: 'POST',
        url: '/api/bots',
        headers,
        payload: { name: 'Styled', language: 'en' },
      })
    ).json<BotDetail>();
  });
  afterAll(() => t.close());

  const url = () => `/api/bots/${bot.id}/webchat-style`;

  it('starts from the defaults', async () => {
    const response = await t.request({ method: 'GET', url: url(), headers });
    expect(response.statusCode).toBe(200);
    const style = response.json<WebchatStyle>();
    expect(style).toMatchObject({
      primaryColor: '#4f46e5',
      position: 'right',
      theme: 'light',
      title: 'Chat with us',
    });
    expect(style.strings.es?.send).toBe('Enviar');
  });

  it('saves a style, which the deployment’s widget config then serves', async () => {
    const current = (await t.request({ method: 'GET', url: url(), headers })).json<WebchatStyle>();
    const changed = {
      ...current,
      primaryColor: '#be123c',
      position: 'left',
      title: 'Ask Rosa',
      theme: 'dark',
    };
    const saved = await t.request({ method: 'PUT', url: url(), headers, payload: changed });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<WebchatStyle>()).toEqual(changed);

    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers });
    const { key } = (
      await t.request({
        method: 'POST',
        url: `/api/bots/${bot.id}/deployments`,
        headers,
        payload: { channel: 'webchat' },
      })
    ).json<Deployment>();
    const config = (
      await t.request({ method: 'GET', url: `/api/chat/deployments/${key}/config` })
    ).json<WebchatConfig>();
    expect(config.style).toEqual(changed);
    expect(config.botName).toBe('Styled');
  });

  it('refuses a bad style with the field named, and keeps the saved one', async () => {
    const before = (await t.request({ method: 'GET', url: url(), headers })).json<WebchatStyle>();
    const response = await t.request({
      method: 'PUT',
      url: url(),
      headers,
      payload: { ...before, primaryColor: 'red', avatarUrl: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { name: string; message: string } }>().error.name).toBe(
      'ValidationException',
    );
    expect(JSON.stringify(response.json())).toContain('primaryColor');
    expect((await t.request({ method: 'GET', url: url(), headers })).json()).toEqual(before);
  });

  it('is private to the bot’s company', async () => {
    const stranger = authHeader((await registerOwner(t)).auth.token);
    expect((await t.request({ method: 'GET', url: url(), headers: stranger })).statusCode).toBe(404);
    const put = await t.request({ method: 'PUT', url: url(), headers: stranger, payload: {} });
    expect(put.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/bots/not-a-uuid/webchat-style', headers })).statusCode,
    ).toBe(404);
  });
});
