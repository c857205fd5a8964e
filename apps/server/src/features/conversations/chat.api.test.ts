import type { AddressInfo } from 'node:net';
import type { ChatMessage, Deployment, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, visitorSends } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const shopFlow = flowFixture()
  .tag({ id: 'sales', name: 'Sales', color: '#16a34a' })
  .module('start', 'text', { text: 'Welcome to the shop!' }, { next: 'menu' }, { tags: ['sales'] })
  .module(
    'menu',
    'buttons',
    {
      text: 'What would you like?',
      buttons: [
        {
          id: 'tea',
          label: 'Tea',
          action: { type: 'goto' },
          setVariables: [{ variable: 'choice', value: '"tea"' }],
        },
      ],
    },
    { 'button:tea': 'count' },
  )
  .module(
    'count',
    'input',
    { prompt: 'How many?', variable: 'qty', validator: { type: 'number' } },
    { next: 'tally' },
  )
  .module(
    'tally',
    'set_variable',
    { assignments: [{ variable: 'total', value: '(total or 0) + 1' }] },
    { next: 'say' },
  )
  .module('say', 'text', { text: 'Order {{ total }}: {{ qty }} {{ choice }}' }, { next: 'count' });

describe('the public chat API', () => {
  let t: TestApp;
  let key: string;
  let testKey: string;
  beforeAll(async () => {
    // Some tests here send a hundred messages at once to one conversation: far past a visitor's limit.
    t = await createTestApp({ CHAT_RATE_LIMIT_PER_CONVERSATION: '1000', CHAT_RATE_LIMIT_PER_IP: '10000' });
    const { auth } = await registerOwner(t);
    const headers = authHeader(auth.token);
    const { bot, key: webchatKey } = await deployedBot(t, headers, 'Shop', shopFlow);
    key = webchatKey;
    testKey = (
      await t.request({ method: 'GET', url: `/api/bots/${bot.id}/test-deployment`, headers })
    ).json<Deployment>().key;
  });
  afterAll(() => t.close());

  const start = async (deploymentKey = key) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: {
        deploymentKey,
        user: { name: 'Ada' },
        page: { url: 'https://shop.example.com/tea', domain: 'shop.example.com' },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<StartConversationResponse>();
  };
  const texts = (messages: ChatMessage[]) =>
    messages.map((message) => ('text' in message.message ? message.message.text : message.message.type));

  it('answers pages of any origin on the public paths, and no other origin elsewhere', async () => {
    const preflight = await t.request({
      method: 'OPTIONS',
      url: '/api/chat/conversations',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const config = await t.request({
      method: 'GET',
      url: `/api/chat/deployments/${key}/config`,
      headers: { origin: 'https://shop.example' },
    });
    expect(config.headers['access-control-allow-origin']).toBe('*');
    const telemetry = await t.request({
      method: 'OPTIONS',
      url: '/telemetry',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(telemetry.headers['access-control-allow-origin']).toBe('*');
    const privateApi = await t.request({
      method: 'OPTIONS',
      url: '/api/bots',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(privateApi.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('starts a conversation with the bot’s first messages and a token', async () => {
    const conversation = await start();
    expect(conversation.token.length).toBeGreaterThan(30);
    expect(texts(conversation.messages)).toEqual(['Welcome to the shop!', 'What would you like?']);
    expect(conversation.messages.map((message) => [message.seq, message.role])).toEqual([
      [1, 'bot'],
      [2, 'bot'],
    ]);
    expect(conversation.messages[1]?.message).toMatchObject({
      type: 'buttons',
      buttons: [{ label: 'Tea', kind: 'reply' }],
    });
  });

  it('answers messages and button presses, storing both sides in order', async () => {
    const conversation = await start();
    const menu = conversation.messages[1]?.message;
    const payload = menu?.type === 'buttons' ? menu.buttons[0]?.payload : undefined;
    const pressed = await visitorSends(t, conversation, { postback: payload ?? '', label: 'Tea' });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json().messages.map((message: ChatMessage) => [message.seq, message.role])).toEqual([
      [3, 'user'],
      [4, 'bot'],
    ]);
    const answered = await visitorSends(t, conversation, '2');
    expect(texts(answered.json().messages)).toEqual(['2', 'Order 1: 2 tea', 'How many?']);
    const history = await t.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${conversation.conversationId}/history?token=${conversation.token}`,
    });
    expect(history.json().messages.map((message: ChatMessage) => message.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('lists the modules visited, with their tags, in tags mode', async () => {
    const conversation = await start();
    const history = await t.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${conversation.conversationId}/history?mode=tags`,
      headers: { authorization: `Bearer ${conversation.token}` },
    });
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .modules.map((module: { moduleId: string; tags: string[] }) => [module.moduleId, module.tags]),
    ).toEqual([
      ['start', ['Sales']],
      ['menu', []],
    ]);
  });

  it('runs the draft through the test deployment', async () => {
    const conversation = await start(testKey);
    expect(texts(conversation.messages)).toEqual(['Welcome to the shop!', 'What would you like?']);
  });

  it('refuses unknown deployments, missing or wrong tokens, and unknown conversations', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/chat/conversations',
          payload: { deploymentKey: 'dep_nope' },
        })
      ).statusCode,
    ).toBe(404);
    const conversation = await start();
    const other = await start();
    expect((await visitorSends(t, { ...conversation, token: '' }, 'hi')).statusCode).toBe(401);
    expect((await visitorSends(t, { ...conversation, token: other.token }, 'hi')).statusCode).toBe(401);
    expect(
      (
        await visitorSends(
          t,
          { ...conversation, conversationId: '00000000-0000-4000-8000-000000000000' },
          'hi',
        )
      ).statusCode,
    ).toBe(404);
    expect((await visitorSends(t, { ...conversation, conversationId: 'nope' }, 'hi')).statusCode).toBe(404);
    expect((await visitorSends(t, conversation, { text: '' })).statusCode).toBe(400);
    expect((await visitorSends(t, conversation, { text: 'a', postback: 'b' })).statusCode).toBe(400);
  });

  it('strips NUL characters before anything is stored', async () => {
    const conversation = await start();
    const response = await visitorSends(t, conversation, 'hel\u0000lo');
    expect(response.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('conversation_messages')
      .select('text')
      .where('conversation_id', '=', conversation.conversationId)
      .where('role', '=', 'user')
      .execute();
    expect(stored.map((row) => row.text)).toEqual(['hello']);
  });

  it('records events with the spec’s dimensions, the page included on Message Sent', async () => {
    const conversation = await start();
    const events = await t.database.db
      .selectFrom('conversation_events')
      .select(['name', 'dimensions'])
      .where('conversation_id', '=', conversation.conversationId)
      .execute();
    const sent = events.find((event) => event.name === 'Message Sent');
    expect(sent?.dimensions).toMatchObject({
      'Conversation ID': conversation.conversationId,
      'Bot Module ID': 'start',
      'Bot Next Module ID': 'menu',
      'Page Domain': 'shop.example.com',
      URL: 'https://shop.example.com/tea',
      'Bot Original Message': [{ type: 'text', text: 'Welcome to the shop!' }],
    });
  });

  it('keeps 100 messages sent at once to one conversation: none lost, in order, state consistent', async () => {
    const conversation = await start();
    const menu = conversation.messages[1]?.message;
    await visitorSends(t, conversation, {
      postback: menu?.type === 'buttons' ? (menu.buttons[0]?.payload ?? '') : '',
      label: 'Tea',
    });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => visitorSends(t, conversation, String(index + 1))),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const orders = responses.map((response) =>
      Number(/Order (\d+):/.exec(texts(response.json().messages)[1] ?? '')?.[1]),
    );
    expect([...orders].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    const seqs = (
      await t.database.db
        .selectFrom('conversation_messages')
        .select('seq')
        .where('conversation_id', '=', conversation.conversationId)
        .orderBy('seq')
        .execute()
    ).map((row) => row.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1));
    expect(seqs.length).toBe(4 + 100 * 3);
    const row = await t.database.db
      .selectFrom('conversations')
      .select(['state', 'message_count'])
      .where('id', '=', conversation.conversationId)
      .executeTakeFirstOrThrow();
    expect((row.state as { variables: { total: number } }).variables.total).toBe(100);
    expect(row.message_count).toBe(seqs.length);
  });

  it('streams later messages as Server-Sent Events, from the database notification', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const conversation = await start();
    const controller = new AbortController();
    const response = await fetch(
      `http://127.0.0.1:${port}/api/chat/conversations/${conversation.conversationId}/events?token=${conversation.token}&after=2`,
      {
        signal: controller.signal,
      },
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const menu = conversation.messages[1]?.message;
    await visitorSends(t, conversation, {
      postback: menu?.type === 'buttons' ? (menu.buttons[0]?.payload ?? '') : '',
      label: 'Tea',
    });
    while (!received.includes('id: 4')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value);
    }
    controller.abort();
    const events = received.split('\n\n').filter((chunk) => chunk.includes('event: message'));
    expect(events.map((chunk) => JSON.parse(chunk.split('data: ')[1] ?? '{}').seq)).toEqual([3, 4]);
  });
});
