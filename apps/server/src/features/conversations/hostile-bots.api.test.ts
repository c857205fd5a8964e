import type { ChatMessage, StartConversationResponse } from '@parley/contracts';
import { type ContentOf, flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authHeader, deployedBot, registerOwner, startChat, visitorSends } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const loggedEventsSchema = z.array(z.object({ name: z.string(), data: z.record(z.string(), z.unknown()) }));

/** What the bot said in a reply (the visitor's own message comes back too). */
const botTexts = (body: { messages: ChatMessage[] }) =>
  body.messages
    .filter((message) => message.role === 'bot')
    .map((message) => (message.message.type === 'text' ? message.message.text : message.message.type));

/** A published bot that asks for a code, then answers it through `answer` (a template). */
const askingFor = (validator: ContentOf<'input'>['validator'], answer: string) =>
  flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'Your code?', variable: 'code', validator, retryMessage: 'Not a code.' },
      { next: 'answer' },
    )
    .module('answer', 'text', { text: answer });

describe('a published bot written to hurt the server', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let templateKey: string;
  let regexKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
    const hostileTemplate = "{{ ('a'|center(400000000))|length }}";
    templateKey = (
      await deployedBot(t, headers, 'Hostile template', askingFor({ type: 'text' }, hostileTemplate))
    ).key;
    regexKey = (
      await deployedBot(
        t,
        headers,
        'Hostile pattern',
        askingFor({ type: 'regex', pattern: '^(a+)+$', flags: '' }, 'Thanks'),
      )
    ).key;
  });
  afterAll(() => t.close());

  /** Fires the visitor's message and, meanwhile, a health check: both must answer quickly. */
  async function alongsideHealth(conversation: StartConversationResponse, text: string) {
    const started = performance.now();
    const turn = visitorSends(t, conversation, text).then((response) => ({
      response,
      ms: performance.now() - started,
    }));
    const health = t
      .request({ method: 'GET', url: '/api/health' })
      .then((response) => ({ response, ms: performance.now() - started }));
    const [visitor, other] = await Promise.all([turn, health]);
    expect(other.response.statusCode).toBe(200);
    expect(other.ms).toBeLessThan(2000);
    expect(visitor.ms).toBeLessThan(2000);
    return visitor.response;
  }

  const eventsOf = async (conversationId: string) => {
    const rows = await t.database.db
      .selectFrom('conversation_event_log')
      .select('events')
      .where('conversation_id', '=', conversationId)
      .execute();
    return rows.flatMap((row) => loggedEventsSchema.parse(row.events));
  };

  it('one anonymous visitor’s message gets a template error, never the whole server', async () => {
    const conversation = await startChat(t, templateKey);
    const response = await alongsideHealth(conversation, 'ABC');
    expect(response.statusCode).toBe(200);
    // The failing module says nothing, as with any template error; the error is on record.
    expect(botTexts(response.json())).toEqual([]);
    expect(await eventsOf(conversation.conversationId)).toContainEqual(
      expect.objectContaining({
        name: 'Template Error',
        data: expect.objectContaining({ error: 'TemplateBudgetExceeded', limit: 'output' }),
      }),
    );
    // The conversation goes on.
    const next = await visitorSends(t, conversation, 'hello again');
    expect(next.statusCode).toBe(200);
  });

  it('a catastrophic validator answers a 31-character message at once, as not matching', async () => {
    const conversation = await startChat(t, regexKey);
    const refused = await alongsideHealth(conversation, `${'a'.repeat(31)}!`);
    expect(botTexts(refused.json())).toEqual(['Not a code.']);
    const accepted = await alongsideHealth(conversation, 'a'.repeat(400));
    expect(botTexts(accepted.json())).toEqual(['Thanks']);
  });
});
