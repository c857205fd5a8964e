import type { BotDetail, DebugConversation, DebugTurn, FlowFinding } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';

const known = [
  { name: 'track', utterances: ['where is my order', 'track my package', 'has my parcel shipped'] },
  { name: 'refund', utterances: ['I want my money back', 'refund please', 'give me a refund'] },
];
const greeting = { name: 'greeting', utterances: ['hello', 'good morning', 'hi there', 'hey'] };

/** Many intents about other things: a model that takes the training thread seconds. */
function manyIntents(count: number, each: number) {
  const words = ['invoice', 'price', 'address', 'cancel', 'size', 'colour', 'warranty', 'voucher'];
  return Array.from({ length: count }, (_, index) => ({
    name: `topic_${index}`,
    utterances: Array.from(
      { length: each },
      (_, n) => `${words[index % 8]} ${words[(index * 3 + n) % 8]} subject${index} case${n}`,
    ),
  }));
}

/** An intent router that answers each intent and listens again. */
const routerFlow = (flow: BotDetail['flow'], intents: { name: string; utterances: string[] }[]) => {
  const routed = ['track', 'refund', 'greeting'].filter((name) =>
    intents.some((intent) => intent.name === name),
  );
  const answers: Record<string, string> = {
    track: 'Let me check your order.',
    refund: 'Refunds take 5 days.',
    greeting: 'Hello to you too!',
    unsure: 'Could you rephrase?',
    help: 'I track orders and refunds.',
  };
  const fixture = flowFixture().module(
    'ask',
    'intent_router',
    { prompt: 'How can I help?', intents: routed },
    { ...Object.fromEntries(routed.map((name) => [`intent:${name}`, name])), fallback: 'unsure' },
  );
  for (const name of [...routed, 'unsure', 'help'])
    fixture.module(name, 'text', { text: answers[name] ?? '' }, { next: 'ask' });
  for (const intent of intents) fixture.intent(intent.name, intent.utterances);
  return fixture
    .global({
      id: 'g-help',
      name: 'Help',
      trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
      target: 'help',
    })
    .onto(flow);
};

async function debugSession(t: TestApp, headers: Record<string, string>, botId: string) {
  const started = await t.request({
    method: 'POST',
    url: `/api/bots/${botId}/debugger/conversations`,
    headers,
    payload: {},
  });
  const { conversationId } = started.json<DebugConversation>();
  return async (text: string): Promise<DebugTurn & { ms: number }> => {
    const begun = performance.now();
    const response = await t.request({
      method: 'POST',
      url: `/api/bots/${botId}/debugger/conversations/${conversationId}/messages`,
      headers,
      payload: { text },
    });
    if (response.statusCode !== 200) throw new Error(`say failed: ${response.statusCode} ${response.body}`);
    return { ...response.json<DebugTurn>(), ms: performance.now() - begun };
  };
}

const replies = (turn: DebugTurn) =>
  turn.messages
    .filter((message) => message.role === 'bot')
    .map((message) => ('text' in message.message ? message.message.text : message.message.type));
const nluStep = (turn: DebugTurn) => turn.steps.find((step) => step.kind === 'nlu');

describe('intent models train off the request path', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    // Messages never wait for a model in training here, so "still training" is what they see.
    t = await createTestApp({ NLU_TRAINING_WAIT_MS: '0' });
    headers = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  it('keeps every conversation answering while a large bot trains, the retrained one with its previous model', async () => {
    const { bot } = await deployedBot(t, headers, 'Shop', (flow) => routerFlow(flow, known), 'test');
    const other = await deployedBot(t, headers, 'Other', (flow) => routerFlow(flow, known), 'test');
    const shop = await debugSession(t, headers, bot.id);
    const elsewhere = await debugSession(t, headers, other.bot.id);
    // Saving started the first models' training; until they are ready, the fallback answers.
    await eventually(async () => {
      const turn = await shop('where is my order');
      return nluStep(turn) ? undefined : turn;
    }, 30_000).then((turn) => expect(replies(turn)).toEqual(['Let me check your order.', 'How can I help?']));
    await eventually(async () => (nluStep(await elsewhere('refund please')) ? undefined : true), 30_000);

    // A timer every 10 ms shows how long the event loop is ever held from here on.
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    try {
      const saved = await t.request({
        method: 'PUT',
        url: `/api/bots/${bot.id}/flow`,
        headers,
        payload: { flow: routerFlow(bot.flow, [...known, greeting, ...manyIntents(100, 45)]) },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<{ findings: FlowFinding[] }>().findings).not.toContainEqual(
        expect.objectContaining({ code: 'nlu-model-too-large' }),
      );

      // The retrained bot answers at once, with its previous model, and the trace says why.
      const during = await shop('where is my order');
      expect(replies(during)).toEqual(['Let me check your order.', 'How can I help?']);
      expect(nluStep(during)).toEqual({
        kind: 'nlu',
        from: 'ask',
        to: null,
        detail: 'The intent model is still training; the previous model answered',
        nlu: { status: 'training', previous: true },
        variables: {},
      });
      // Another bot's conversation answers promptly meanwhile.
      const meanwhile = await elsewhere('refund please');
      expect(replies(meanwhile)).toEqual(['Refunds take 5 days.', 'How can I help?']);
      expect(nluStep(meanwhile)).toBeUndefined();
      expect(meanwhile.ms).toBeLessThan(1500);
      // …and the training was still going on after it.
      expect(nluStep(await shop('refund please'))?.detail).toContain('still training');

      // Once trained, the new model answers what the previous one did not know.
      const after = await eventually(async () => {
        const turn = await shop('good morning');
        return nluStep(turn) ? undefined : turn;
      }, 60_000);
      expect(replies(after)).toEqual(['Hello to you too!', 'How can I help?']);
    } finally {
      clearInterval(timer);
    }
    // Training 4 500 utterances took seconds; the event loop was never held for long.
    expect(longestGap).toBeLessThan(1500);
  }, 120_000);
});

describe('the size of a bot’s intent model', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ NLU_MAX_UTTERANCES: '20', NLU_TRAINING_WAIT_MS: '5000' });
    headers = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  it('is bounded: saving reports it, publishing and training refuse it, keywords still answer', async () => {
    const { bot } = await deployedBot(t, headers, 'Big', (flow) => routerFlow(flow, known), 'test');
    const tooMany = [...known, greeting, ...manyIntents(2, 5)];
    const saved = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers,
      payload: { flow: routerFlow(bot.flow, tooMany) },
    });
    expect(saved.statusCode).toBe(200);
    const finding = {
      severity: 'error',
      code: 'nlu-model-too-large',
      message:
        'The intents have 20 utterances in all; the limit is 20 utterances per bot: the bot cannot learn its intents',
    };
    expect(saved.json<{ findings: FlowFinding[] }>().findings).not.toContainEqual(finding);

    const over = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers,
      payload: { flow: routerFlow(bot.flow, [...tooMany, { name: 'extra', utterances: ['one more'] }]) },
    });
    const overFinding = {
      ...finding,
      message:
        'The intents have 21 utterances in all; the limit is 20 utterances per bot: the bot cannot learn its intents',
    };
    expect(over.json<{ findings: FlowFinding[] }>().findings).toContainEqual(overFinding);

    const published = await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers });
    expect(published.statusCode).toBe(400);
    expect(published.json()).toMatchObject({
      error: { name: 'ValidationException', details: { findings: [overFinding] } },
    });

    const say = await debugSession(t, headers, bot.id);
    const refused = await say('good morning');
    expect(nluStep(refused)?.detail).toBe(
      'The intent model cannot be trained: The intents have 21 utterances in all; the limit is 20 utterances per bot; no model answered (keywords and fallback only)',
    );
    expect(replies(refused)).toEqual(['Could you rephrase?', 'How can I help?']);
    expect(replies(await say('help'))).toEqual(['I track orders and refunds.', 'How can I help?']);
  });
});
