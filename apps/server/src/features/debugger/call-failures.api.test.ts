import type { ChatMessage, DebugConversation, FrontendConfig, InboxTranscript } from '@parley/contracts';
import { type FlowFixture, flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, deployedBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** An LLM module that says `failureMessage` when its model fails (if it has one), then goes on to the menu. */
const advisorFlow = (failureMessage?: string) =>
  flowFixture()
    .module(
      'start',
      'llm',
      { userPrompt: 'Recommend a tea.', ...(failureMessage === undefined ? {} : { failureMessage }) },
      [{ id: 'to-menu', port: 'failure', target: 'menu' }],
    )
    .module('menu', 'text', { text: 'Green, black or oolong?' });
const apologisingAdvisor = advisorFlow('Sorry, our tea advisor is resting. **Pick from the menu** instead.');

const textsOf = (messages: ChatMessage[]) =>
  messages.map((message) => (message.message.type === 'text' ? message.message.text : message.message.type));

describe('why a module failed, in the debugger and the inbox (not to the visitor)', () => {
  const quotaSpent = fakeOpenAi({
    refuse: { status: 429, message: 'You exceeded your current quota', type: 'insufficient_quota' },
  });
  let unconfigured: TestApp;
  let refused: TestApp;
  beforeAll(async () => {
    const baseUrl = await quotaSpent.listen();
    [unconfigured, refused] = await Promise.all([
      createTestApp(),
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([unconfigured.close(), refused.close()]);
    await quotaSpent.close();
  });

  const debugFrom = async (t: TestApp, fixture: FlowFixture) => {
    const headers = authHeader((await registerOwner(t)).auth.token);
    const { bot } = await deployedBot(t, headers, 'Advisor', fixture, 'test');
    const started = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/debugger/conversations`,
      headers,
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    return { headers, conversation: started.json<DebugConversation>() };
  };

  it('with no model configured: the step names it, the visitor gets the failure message, then Failed', async () => {
    const { conversation } = await debugFrom(unconfigured, apologisingAdvisor);
    expect(conversation.steps).toContainEqual({
      kind: 'module',
      from: 'start',
      to: 'menu',
      port: 'failure',
      connectionId: 'to-menu',
      failure: {
        reason: 'not_configured',
        message: 'No language model is configured for this Parley server (set OPENAI_API_KEY)',
      },
      variables: {},
    });
    expect(textsOf(conversation.messages)).toEqual([
      'Sorry, our tea advisor is resting. **Pick from the menu** instead.',
      'Green, black or oolong?',
    ]);
    expect(JSON.stringify(conversation.messages)).not.toContain('OPENAI_API_KEY');
  });

  it('when the provider refuses: its status and its own message, recorded with the turn for the inbox', async () => {
    const { headers, conversation } = await debugFrom(refused, apologisingAdvisor);
    const failed = conversation.steps.find((step) => step.failure);
    expect(failed).toMatchObject({
      from: 'start',
      port: 'failure',
      failure: { reason: 'rate_limited', status: 429, message: 'You exceeded your current quota' },
    });

    // Agents read it in the transcript where it happened: just before the apology.
    const transcript = await refused.request({
      method: 'GET',
      url: `/api/inbox/conversations/${conversation.conversationId}`,
      headers,
    });
    expect(transcript.statusCode).toBe(200);
    const { events, messages } = transcript.json<InboxTranscript>();
    const event = events.find((candidate) => candidate.name === 'LLM Failed');
    expect(event).toMatchObject({
      moduleId: 'start',
      data: {
        reason: 'rate_limited',
        status: 429,
        error: 'You exceeded your current quota',
        model: 'gpt-3.5-turbo',
      },
    });
    const apology = messages.find(
      (message) => message.message.type === 'text' && message.message.text.startsWith('Sorry'),
    );
    expect(apology).toBeDefined();
    expect(event?.afterSeq).toBe((apology?.seq ?? 0) - 1);

    // The visitor's own history says nothing of it.
    const history = await refused.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${conversation.conversationId}/history`,
      headers: { authorization: `Bearer ${conversation.token}` },
    });
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('Pick from the menu');
    expect(history.body).not.toMatch(/quota|rate_limited|LLM Failed/);
  });

  it('keeps today’s silence for a module saved without a failure message', async () => {
    const { conversation } = await debugFrom(unconfigured, advisorFlow());
    expect(textsOf(conversation.messages)).toEqual(['Green, black or oolong?']);
    expect(conversation.steps.find((step) => step.failure)?.failure?.reason).toBe('not_configured');
  });

  it('names a webhook’s failure the same way', async () => {
    const { conversation } = await debugFrom(
      unconfigured,
      flowFixture()
        .module(
          'start',
          'webhook',
          // Nothing listens on port 9 of this machine.
          { method: 'GET', url: 'http://127.0.0.1:9/orders', timeoutMs: 2_000 },
          [{ id: 'to-sorry', port: 'failure', target: 'sorry' }],
        )
        .module('sorry', 'text', { text: 'The order service is down.' }),
    );
    expect(conversation.steps.find((step) => step.failure)).toMatchObject({
      from: 'start',
      to: 'sorry',
      port: 'failure',
      failure: { reason: 'unreachable', message: 'could not reach 127.0.0.1' },
    });
  });

  it('tells the web app whether a model is configured (the LLM panel warns when not)', async () => {
    const [none, some] = await Promise.all(
      [unconfigured, refused].map((t) => t.request({ method: 'GET', url: '/api/frontend/config' })),
    );
    expect(none?.json<FrontendConfig>().llm.configured).toBe(false);
    expect(some?.json<FrontendConfig>().llm.configured).toBe(true);
  });

  it('refuses a failure message longer than a message may be, naming the field', async () => {
    const headers = authHeader((await registerOwner(unconfigured)).auth.token);
    const { bot } = await deployedBot(unconfigured, headers, 'Long', (flow) => flow, 'test');
    const saved = await unconfigured.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers,
      payload: {
        flow: {
          ...bot.flow,
          modules: [
            {
              id: 'start',
              type: 'llm',
              content: { userPrompt: 'Hi', failureMessage: 'x'.repeat(4001) },
              connections: [],
            },
          ],
        },
      },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ error: { name: 'ValidationException' } });
    expect(JSON.stringify(saved.json())).toContain('failureMessage');
  });
});
