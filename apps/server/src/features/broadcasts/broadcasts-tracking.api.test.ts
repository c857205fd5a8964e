import type {
  AudiencePreview,
  Broadcast,
  BroadcastResults,
  ChatMessage,
  StartConversationResponse,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, savedAudience } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';

/**
 * What a broadcast learns after it is sent (issue 27): the country audiences filter by, who saw
 * it (the widget's notice), who unsubscribed through its link; and the figures that count them.
 */
describe('broadcast tracking: country, opened, unsubscribe', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let botId = '';
  let key = '';

  const chat = async (name: string, headers: Record<string, string>, language?: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        headers,
        payload: { deploymentKey: key, user: { id: `crm-${name}`, name }, ...(language ? { language } : {}) },
      })
    ).json<StartConversationResponse>();
  const history = async (visitor: StartConversationResponse) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${visitor.conversationId}/history`,
        headers: { authorization: `Bearer ${visitor.token}` },
      })
    ).json<{ messages: ChatMessage[] }>().messages;
  const count = async (conditions: unknown[]) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/audiences/preview',
        headers: owner,
        payload: { filter: { conditions } },
      })
    ).json<AudiencePreview>();
  const broadcastTo = async (audienceId: string, text: string) =>
    t.request({
      method: 'POST',
      url: '/api/broadcasts',
      headers: owner,
      payload: { name: text, botId, audienceId, channels: ['webchat'], message: { type: 'text', text } },
    });
  const finished = (id: string) =>
    eventually(async () => {
      const now = (
        await t.request({ method: 'GET', url: `/api/broadcasts/${id}`, headers: owner })
      ).json<BroadcastResults>();
      return now.broadcast.state === 'done' ? now : undefined;
    });
  const seen = (visitor: StartConversationResponse, seq: number, token = visitor.token) =>
    t.request({
      method: 'POST',
      url: `/api/chat/conversations/${visitor.conversationId}/seen`,
      headers: { authorization: `Bearer ${token}` },
      payload: { seq },
    });

  let mexico: StartConversationResponse;
  let argentina: StartConversationResponse;
  let unknown: StartConversationResponse;

  beforeAll(async () => {
    t = await createTestApp({ CHAT_COUNTRY_HEADER: 'X-Country' });
    owner = authHeader((await registerOwner(t)).auth.token);
    ({
      bot: { id: botId },
      key,
    } = await deployedBot(t, owner, 'Shop', flowFixture().module('start', 'text', { text: 'Hi!' }, {})));
    // The trusted proxy's header wins over the browser's language region.
    mexico = await chat('Mia', { 'x-country': 'mx' }, 'en-US');
    // No proxy header: the region of the language the widget sent, else of Accept-Language.
    argentina = await chat('Aldo', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'es-AR');
    // Cloudflare's XX means unknown; a language without a region says no country.
    unknown = await chat('Uma', { 'x-country': 'XX', 'accept-language': 'de' }, 'de');
    await chat('Fran', { 'accept-language': 'fr-FR,fr;q=0.9' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('records the visitor’s country from the trusted header or the language region, and filters by it', async () => {
    expect((await count([{ field: 'country', countries: ['MX'] }])).count).toBe(1);
    expect((await count([{ field: 'country', countries: ['AR'] }])).count).toBe(1);
    expect((await count([{ field: 'country', countries: ['FR'] }])).count).toBe(1);
    expect((await count([{ field: 'country', countries: ['US', 'DE', 'XX'] }])).count).toBe(0);
    expect(
      (await count([{ field: 'country', countries: ['MX', 'AR'] }])).sample.map((c) => c.name).sort(),
    ).toEqual(['Aldo', 'Mia']);
    const lowerCase = await t.request({
      method: 'POST',
      url: '/api/audiences/preview',
      headers: owner,
      payload: { filter: { conditions: [{ field: 'country', countries: ['mx'] }] } },
    });
    expect(lowerCase.statusCode).toBe(400);
  });

  it('counts a broadcast opened when the widget shows it, not before, and only for the visitor’s token', async () => {
    const everyone = await savedAudience(t, owner, 'Everyone', []);
    const broadcast = (await broadcastTo(everyone.id, 'New arrivals are in')).json<Broadcast>();
    const done = await finished(broadcast.id);
    expect(done.broadcast.figures).toMatchObject({ recipients: 4, sent: 4, opened: 0 });

    const sent = (await history(mexico)).find((message) => message.message.type === 'buttons');
    if (!sent) throw new Error('no broadcast in the conversation');
    // Seeing only what came before it opens nothing.
    expect((await seen(mexico, sent.seq - 1)).statusCode).toBe(204);
    expect((await seen(mexico, sent.seq, argentina.token)).statusCode).toBe(401);
    expect((await finished(broadcast.id)).broadcast.figures.opened).toBe(0);
    expect((await seen(mexico, sent.seq)).statusCode).toBe(204);
    expect((await seen(mexico, sent.seq)).statusCode).toBe(204);
    const opened = await finished(broadcast.id);
    expect(opened.broadcast.figures).toMatchObject({ sent: 4, opened: 1 });
  });

  it('ends a web chat broadcast with a signed unsubscribe link; following it opts the contact out for good', async () => {
    const everyone = await savedAudience(t, owner, 'All of them', []);
    const first = (await broadcastTo(everyone.id, 'Weekend sale')).json<Broadcast>();
    await finished(first.id);
    const message = (await history(argentina))
      .filter((each) => each.message.type === 'buttons')
      .at(-1)?.message;
    if (message?.type !== 'buttons') throw new Error('no broadcast with buttons');
    expect(message.text).toBe('Weekend sale');
    const button = message.buttons.at(-1);
    // Aldo's conversation speaks Spanish (es-AR).
    expect(button).toMatchObject({ kind: 'url', label: 'Darse de baja' });
    const url = new URL(button?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('http://parley.test/v2/unsubscribe');
    const token = url.searchParams.get('token') ?? '';

    const [contactId, signature] = token.split('.');
    const forged = `${contactId}.${(signature ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    for (const bad of [forged, 'nonsense', `${crypto.randomUUID()}.${signature}`]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/chat/unsubscribe',
        payload: { token: bad },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.name).toBe('NotFoundException');
    }
    const done = await t.request({ method: 'POST', url: '/api/chat/unsubscribe', payload: { token } });
    expect(done.statusCode).toBe(204);
    // Twice is fine (a second click), and the first reason stays.
    expect(
      (await t.request({ method: 'POST', url: '/api/chat/unsubscribe', payload: { token } })).statusCode,
    ).toBe(204);

    const results = await finished(first.id);
    expect(results.broadcast.figures).toMatchObject({ sent: 4, optedOut: 1 });
    const sample = (await count([{ field: 'country', countries: ['AR'] }])).sample;
    expect(sample[0]).toMatchObject({ name: 'Aldo', optedOut: true });

    const next = (await broadcastTo(everyone.id, 'Another sale')).json<Broadcast>();
    expect(next.figures.recipients).toBe(3);
    await finished(next.id);
    expect(
      (await history(argentina)).filter((each) => JSON.stringify(each.message).includes('Another sale')),
    ).toEqual([]);
    expect(
      (await history(unknown)).filter((each) => JSON.stringify(each.message).includes('Another sale')),
    ).toHaveLength(1);
  });
});
