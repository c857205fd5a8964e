import { describe, expect, it } from 'vitest';
import { ParleyChat, ParleyChatError } from './index';

const message = {
  seq: 1,
  role: 'bot',
  message: { type: 'text', text: 'Hi' },
  created_at: '2026-11-25T10:00:00Z',
};

/** A chat client whose server answers `answer` with `status`, recording what it was asked. */
function clientAnswering(status: number, answer: unknown) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries(init?.headers ?? {})),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  const chat = new ParleyChat({ baseUrl: 'https://chat.example.com/', deploymentKey: 'key-1', fetch });
  return { chat, calls };
}

const conversation = { conversationId: 'c/1', token: 'tok' };

describe('the chat client', () => {
  it('starts a conversation with the deployment key and answers the parsed start', async () => {
    const { chat, calls } = clientAnswering(201, { conversationId: 'c1', token: 't', messages: [message] });
    const started = await chat.start({ user: { name: 'Ada' } });
    expect(started.messages[0]?.message).toEqual({ type: 'text', text: 'Hi' });
    expect(calls).toEqual([
      expect.objectContaining({
        url: 'https://chat.example.com/api/chat/conversations',
        method: 'POST',
        body: { deploymentKey: 'key-1', user: { name: 'Ada' } },
      }),
    ]);
  });

  it('sends with the conversation token to the conversation’s encoded address', async () => {
    const { chat, calls } = clientAnswering(200, { messages: [message] });
    expect(await chat.send(conversation, { text: 'hello' })).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://chat.example.com/api/chat/conversations/c%2F1/messages');
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('reads the history as messages', async () => {
    const { chat, calls } = clientAnswering(200, { conversationId: 'c/1', messages: [message] });
    expect((await chat.history(conversation)).map((item) => item.seq)).toEqual([1]);
    expect(calls[0]?.url).toBe(
      'https://chat.example.com/api/chat/v3/conversations/c%2F1/history?mode=messages',
    );
  });

  it('raises the error the server named', async () => {
    const { chat } = clientAnswering(404, {
      error: { name: 'NotFoundException', message: 'No such deployment' },
    });
    await expect(chat.start()).rejects.toMatchObject({
      name: 'NotFoundException',
      message: 'No such deployment',
      status: 404,
    });
  });

  it('refuses an answer that is not the contract’s shape instead of passing it on', async () => {
    const { chat } = clientAnswering(200, { messages: [{ seq: 'one' }] });
    const sent = chat.send(conversation, { text: 'hello' });
    await expect(sent).rejects.toBeInstanceOf(ParleyChatError);
    await expect(sent).rejects.toMatchObject({ name: 'InvalidAnswerException', status: 200 });
  });

  it('names a refusal that carries no error envelope (a proxy’s page) by its status', async () => {
    const { chat } = clientAnswering(502, '<html>Bad gateway</html>');
    await expect(chat.start()).rejects.toMatchObject({ name: 'InternalException', status: 502 });
  });
});

describe('sending a message when the network or a server fails', () => {
  /** A server that fails the first `failures` sends (`'network'` or a status), then answers. */
  function flakyServer(failures: ('network' | number)[]) {
    const bodies: { clientMessageId?: string; text?: string }[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      const failure = failures.shift();
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure !== undefined) return new Response('<html>Bad gateway</html>', { status: failure });
      return new Response(JSON.stringify({ messages: [message] }), { status: 200 });
    };
    const chat = new ParleyChat({
      baseUrl: 'https://chat.example.com',
      deploymentKey: 'key-1',
      fetch,
      retry: { attempts: 4, firstDelayMs: 1 },
    });
    return { chat, bodies };
  }

  it('tries again with the same client message id until a server answers', async () => {
    const { chat, bodies } = flakyServer(['network', 502, 503]);
    expect(await chat.send(conversation, { text: 'hello' })).toEqual([message]);
    expect(bodies).toHaveLength(4);
    const [first] = bodies;
    expect(first?.clientMessageId).toMatch(/^[0-9a-f]{32}$/);
    for (const body of bodies)
      expect(body).toEqual({ text: 'hello', clientMessageId: first?.clientMessageId });
  });

  it('keeps the id the caller gives, and does not retry what the server refused', async () => {
    const { chat, bodies } = flakyServer([429]);
    await expect(
      chat.send(conversation, { text: 'hi', clientMessageId: 'my-own-id-1' }),
    ).rejects.toMatchObject({
      status: 429,
    });
    expect(bodies).toEqual([{ text: 'hi', clientMessageId: 'my-own-id-1' }]);
  });

  it('gives up after its attempts with the last failure', async () => {
    const { chat, bodies } = flakyServer(['network', 'network', 'network', 'network']);
    await expect(chat.send(conversation, { text: 'hello' })).rejects.toThrow('Failed to fetch');
    expect(bodies).toHaveLength(4);
  });
});
