import type { BotMessage } from '@parley/kit';
import { OutsideCallFailed } from '@parley/modules';
import { describe, expect, it } from 'vitest';
import { NluEngine } from './nlu/nlu';
import { fallbackReplies, runTurn } from './run-turn';
import { newConversationState } from './state';
import { flowOf, runBot, testMeta, testServices } from './testing/run-bot';
import { messageText } from './transcript';

const welcome = flowOf(
  [
    ['start', 'text', { text: 'Welcome to Tea Shop!' }, { next: 'menu' }],
    [
      'menu',
      'buttons',
      {
        text: 'What can I do for you?',
        buttons: [
          {
            id: 'order',
            label: 'Order tea',
            action: { type: 'goto' },
            setVariables: [{ variable: 'topic', value: '"orders"' }],
          },
          { id: 'human', label: 'Talk to a human', action: { type: 'postback', payload: 'HUMAN' } },
          { id: 'site', label: 'Website', action: { type: 'url', url: 'https://tea.example.com' } },
        ],
      },
      { 'button:order': 'ask' },
    ],
    [
      'ask',
      'input',
      {
        prompt: 'How many boxes?',
        variable: 'boxes',
        validator: { type: 'number', min: 1, max: 20 },
        retryMessage: 'Between 1 and 20, please.',
        maxRetries: 1,
        skippable: true,
      },
      { next: 'confirm', invalid: 'bye' },
    ],
    ['confirm', 'text', { text: '{{ boxes }} boxes of tea, noted ({{ topic }}).' }, { next: 'bye' }],
    ['bye', 'end', { message: 'Thanks, {{ name or "friend" }}!' }, {}, { isGoal: true, goalValue: 25 }],
    ['agent', 'handoff', { message: 'Connecting you with our team…' }, { resume: 'menu' }],
    ['help', 'text', { text: 'I can take tea orders.' }],
  ],
  {
    globalConnections: [
      {
        id: 'g-help',
        name: 'Help',
        trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
        target: 'help',
        actions: [{ type: 'set_variable', variable: 'asked_help', value: 'true' }],
        enabled: true,
        priority: 0,
      },
      {
        id: 'g-human',
        name: 'Human',
        trigger: { type: 'postback', payload: 'HUMAN' },
        target: 'agent',
        actions: [],
        enabled: true,
        priority: 0,
      },
    ],
    variables: [{ name: 'name', default: null, description: '' }],
  },
);

describe('a conversation, turn by turn', () => {
  it('starts at the start module and runs until a module waits', async () => {
    await runBot(welcome)
      .start()
      .expectReply('Welcome to Tea Shop!', /What can I do for you\?/)
      .expectTrace('start', 'module')
      .expectState({ status: 'waiting', waitingFor: { moduleId: 'menu', attempts: 0 } })
      .expectMessages((messages) => {
        expect(messages[1]).toMatchObject({
          type: 'buttons',
          buttons: [
            { label: 'Order tea', kind: 'reply' },
            { label: 'Talk to a human', payload: 'HUMAN' },
            { kind: 'url', url: 'https://tea.example.com' },
          ],
        });
      });
  });

  it('follows a pressed button, applying its Set Variable, then validates and stores input', async () => {
    await runBot(welcome)
      .start()
      .press('Order tea')
      .expectReply('How many boxes?')
      .expectVariable('topic', 'orders')
      .expectTrace('module')
      .say('lots')
      .expectReply('Between 1 and 20, please.')
      .expectState({ waitingFor: { moduleId: 'ask', attempts: 1 } })
      .say('3')
      .expectReply('3 boxes of tea, noted (orders).', 'Thanks, friend!')
      .expectVariable('boxes', 3)
      .expectState({ status: 'ended' })
      .expectEvent('Goal Reached', { data: { value: 25 } })
      .expectEvent('Conversation Ended');
  });

  it('gives up on input after the retries and follows `invalid`', async () => {
    await runBot(welcome)
      .start()
      .press('Order tea')
      .say('no')
      .say('still no')
      .expectReply('Thanks, friend!')
      .expectState({ status: 'ended' });
  });

  it('records a skipped answer on its event dimensions', async () => {
    await runBot(welcome)
      .start()
      .press('Order tea')
      .say('skip')
      .expectReply(' boxes of tea, noted (orders).', 'Thanks, friend!')
      .expectEvent('Module Answered', {
        dimensions: expect.objectContaining({
          'Bot Module ID': 'ask',
          'Bot Next Module ID': 'confirm',
          'Bot User Input Skipped': true,
        }),
      });
  });

  it('tries global connections first, from anywhere, and marks them in the trace', async () => {
    await runBot(welcome)
      .start()
      .say('HELP')
      .expectReply('I can take tea orders.')
      .expectTrace('global', 'module')
      .expectVariable('asked_help', true)
      .expectState({ status: 'idle', waitingFor: null })
      .expectEvent('Global Connection Matched', { data: { globalConnectionId: 'g-help', name: 'Help' } });
  });

  it('gives each step the variables after it when the host debugs the turn, and none otherwise', async () => {
    const { last } = await runBot(welcome, testServices().services, { ...testMeta, traceVariables: true })
      .start()
      .press('Order tea')
      .say('help');
    expect(last?.trace).toEqual([
      {
        kind: 'global',
        from: 'ask',
        to: 'help',
        connectionId: 'g-help',
        detail: 'Help',
        variables: { topic: 'orders', asked_help: true },
      },
      expect.objectContaining({ kind: 'module', from: 'help', to: null, port: 'next' }),
    ]);
    const plain = await runBot(welcome).start();
    expect(plain.last?.trace.every((entry) => entry.variables === undefined)).toBe(true);
  });

  it('starts at any module when asked to (the debugger’s start here)', async () => {
    await runBot(welcome)
      .send({ type: 'start', moduleId: 'ask' })
      .expectReply('How many boxes?')
      .expectTrace('start')
      .expectState({ status: 'waiting', waitingFor: { moduleId: 'ask', attempts: 0 } })
      .expectEvent('Conversation Started');
  });

  it('falls back with the bot’s message and keeps waiting when nothing understands the user', async () => {
    await runBot(welcome)
      .start()
      .say('purple monkey dishwasher')
      .expectReply(/Sorry, I didn't get that/)
      .expectTrace('fallback')
      .expectState({ status: 'waiting', waitingFor: { moduleId: 'menu' } })
      .expectEvent('Fallback', { data: { text: 'purple monkey dishwasher' } })
      .press('Order tea')
      .expectReply('How many boxes?');
  });

  it('hands over to a human, stays silent meanwhile, and resumes where the handoff says', async () => {
    await runBot(welcome)
      .start()
      .press('Talk to a human')
      .expectReply('Connecting you with our team…')
      .expectState({ status: 'human', resumeModuleId: 'menu' })
      .say('hello? anyone?')
      .expectNoReply()
      .expectEvent('Message Received', { data: { kind: 'text', text: 'hello? anyone?', handledBy: 'human' } })
      .send({ type: 'resume' })
      .expectReply(/What can I do for you/)
      .expectTrace('resume')
      .expectState({ status: 'waiting' });
  });

  it('keeps what an agent writes in the transcript, names the agent in the control changes, and ignores agent messages while the bot has control', async () => {
    await runBot(welcome)
      .start()
      .send({ type: 'agent_message', text: 'Too early', agent: 'Ana' })
      .expectNoReply()
      .expectMessages((messages) => expect(messages).toEqual([]))
      .send({ type: 'handoff', agent: 'Ana' })
      .expectEvent('Pass Control', { data: { to: 'agent', agent: 'Ana' } })
      .send({ type: 'agent_message', text: 'Hi, Ana here. How can I help?', agent: 'Ana' })
      .expectNoReply()
      .expectEvent('Agent Message Sent', { data: { agent: 'Ana', text: 'Hi, Ana here. How can I help?' } })
      .expectState({
        status: 'human',
        transcript: expect.arrayContaining([
          expect.objectContaining({ role: 'bot', utterance: 'Hi, Ana here. How can I help?' }),
        ]),
      })
      .send({ type: 'resume', agent: 'Ana' })
      .expectEvent('Pass Control', { data: { to: 'bot', agent: 'Ana' } })
      .expectReply(/What can I do for you/);
  });

  it('lets an agent take over any time and gives back to the waiting module', async () => {
    await runBot(welcome)
      .start()
      .send({ type: 'handoff' })
      .expectState({ status: 'human', resumeModuleId: 'menu' })
      .say('help')
      .expectNoReply()
      .send({ type: 'resume' })
      .expectReply(/What can I do for you/);
  });

  it('starts a new conversation after the end; the transcript then holds only the new one', async () => {
    const flow = flowOf([
      [
        'start',
        'input',
        { prompt: 'Name?', variable: 'name', validator: { type: 'text' } },
        { next: 'echo' },
      ],
      [
        'echo',
        'end',
        { message: '{{ parley.transcript | length }} messages, {{ parley.chat_history | length }} in all' },
      ],
    ]);
    await runBot(flow)
      .start()
      .say('Ada')
      .expectReply('2 messages, 2 in all')
      .say('hello again')
      .expectState({ conversation: 2, status: 'waiting' })
      .expectTrace('start')
      .expectReply('Name?')
      .say('Bo')
      .expectReply('3 messages, 6 in all');
  });
});

describe('fallback', () => {
  it('follows the fallback connection when the flow has one', async () => {
    const flow = flowOf(
      [
        [
          'start',
          'buttons',
          { text: 'Pick', buttons: [{ id: 'a', label: 'A', action: { type: 'goto' } }] },
          { 'button:a': 'start' },
        ],
        ['lost', 'text', { text: 'Let me get someone to help.' }, { next: 'start' }],
      ],
      {
        settings: { language: 'en', fallbackMessage: 'unused', expiryMinutes: 30, fallbackModuleId: 'lost' },
      },
    );
    await runBot(flow)
      .start()
      .say('gibberish')
      .expectReply('Let me get someone to help.', 'Pick\n[A]')
      .expectTrace('fallback', 'module')
      .expectEvent('Fallback');
  });

  it('offers the waiting menu’s buttons again with the fallback message, so the user can go on', async () => {
    await runBot(welcome)
      .start()
      .say('purple monkey dishwasher')
      .expectMessages((messages) => {
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatchObject({ type: 'buttons', text: expect.stringMatching(/Sorry/) });
        const labels = messages[0]?.type === 'buttons' ? messages[0].buttons.map((b) => b.label) : [];
        expect(labels).toEqual(['Order tea', 'Talk to a human', 'Website']);
      })
      .expectEvent('Message Sent', { data: { count: 1, fallback: true } })
      .say('still nonsense')
      .expectReply(/Sorry[\s\S]*\[Order tea\]/)
      .press('Order tea')
      .expectReply('How many boxes?');
  });

  it('shows a waiting card again after the fallback message', async () => {
    const flow = flowOf([
      [
        'start',
        'card',
        {
          card: {
            title: 'Green tea, {{ size or "large" }}',
            buttons: [{ id: 'buy', label: 'Buy', action: { type: 'goto' } }],
          },
        },
        { 'button:buy': 'done' },
      ],
      ['done', 'text', { text: 'Bought.' }],
    ]);
    await runBot(flow)
      .start()
      .say('what?')
      .expectMessages((messages) => {
        expect(messages.map((message) => message.type)).toEqual(['text', 'card']);
        expect(messages[1]).toMatchObject({ card: { title: 'Green tea, large' } });
      })
      .press('Buy')
      .expectReply('Bought.');
  });

  it('offers nothing again when no module waits with choices', async () => {
    await runBot(flowOf([['start', 'text', { text: 'Hi' }]]))
      .start()
      .say('hello?')
      .expectMessages((messages) =>
        expect(messages).toEqual([{ type: 'text', text: expect.stringMatching(/Sorry/) }]),
      );
  });
});

describe('the fallback answer', () => {
  const buttons: BotMessage = {
    type: 'buttons',
    text: 'Pick one',
    buttons: [{ id: 'a', label: 'A', kind: 'reply', payload: 'p' }],
  };
  const card: BotMessage = { type: 'card', card: { title: 'Tea', buttons: [] } };
  it.each<[string, BotMessage | undefined, BotMessage[]]>([
    ['Sorry?', undefined, [{ type: 'text', text: 'Sorry?' }]],
    ['', undefined, []],
    ['Sorry?', buttons, [{ ...buttons, text: 'Sorry?' }]],
    ['', buttons, [buttons]],
    ['Sorry?', card, [{ type: 'text', text: 'Sorry?' }, card]],
    ['', card, [card]],
  ])('%j with %j', (message, choices, replies) => {
    expect(fallbackReplies(message, choices)).toEqual(replies);
  });
});

describe('flow control', () => {
  it('stops a flow that loops without waiting, reporting it', async () => {
    const looping = flowOf([
      [
        'start',
        'set_variable',
        { assignments: [{ variable: 'n', value: '(n or 0) + 1' }] },
        { next: 'again' },
      ],
      ['again', 'jump', {}, { next: 'start' }],
    ]);
    const run = await runBot(looping).start().expectEvent('Loop Detected');
    expect(run.state.variables.n).toBe(50);
  });

  it('asks the host for a delayed move and continues only when that move arrives', async () => {
    const { services, advance } = testServices();
    const flow = flowOf([
      ['start', 'text', { text: 'Give me a second…' }, { next: 'wait' }],
      ['wait', 'delay', { seconds: 30 }, { next: 'later' }],
      ['later', 'text', { text: 'Done!' }],
    ]);
    const run = await runBot(flow, services)
      .start()
      .expectReply('Give me a second…')
      .expectEvent('Delayed Move Requested', {
        data: expect.objectContaining({ moduleId: 'later', seconds: 30 }),
      });
    expect(run.state.delayedMove?.dueAt).toBe(services.clock.now() + 30_000);
    advance(30_000);
    await runBot(flow, services)
      .send({ type: 'delayed_move', moduleId: 'later' })
      .expectEvent('Delayed Move Ignored');
    const script = runBot(flow, services);
    script.state = run.state;
    await script
      .send({ type: 'delayed_move', moduleId: 'later' })
      .expectReply('Done!')
      .expectTrace('delayed', 'module')
      .expectState({ delayedMove: null });
  });

  it('expires a conversation once', async () => {
    const script = runBot(welcome)
      .start()
      .send({ type: 'expire' })
      .expectEvent('Conversation Expired')
      .expectState({ status: 'ended' });
    const run = await script;
    expect(run.turns[1]?.events.map((event) => event.name)).toEqual([
      'Conversation Expired',
      'Conversation Ended',
    ]);
    const again = await runBot(welcome).send({ type: 'expire' });
    expect(again.last?.events).toEqual([]);
    const twice = runBot(welcome);
    twice.state = run.state;
    expect((await twice.send({ type: 'expire' })).last?.events).toEqual([]);
  });

  it('reports a template error without breaking the conversation', async () => {
    const flow = flowOf([
      ['start', 'text', { text: 'Total: {{ 1 / 0 }}' }, { next: 'b' }],
      ['b', 'text', { text: 'ok' }],
    ]);
    await runBot(flow)
      .start()
      .expectNoReply()
      .expectEvent('Template Error', {
        data: { error: 'TemplateError', message: 'division by zero', line: 1 },
      })
      .say('hi')
      .expectReply(/Sorry/);
  });

  it('goes on by the failure connection of a module whose template cannot render', async () => {
    // Jinja2 refuses `sc.conversation` where the channel gives no `sc`: so does Parley, and the
    // model is never asked; the failure connection answers instead of the turn stopping silently.
    const asked: unknown[] = [];
    const flow = flowOf([
      [
        'start',
        'llm',
        { userPrompt: 'Greet {{ sc.conversation.user.givenName }}' },
        { next: 'ok', failure: 'ko' },
      ],
      ['ok', 'text', { text: 'Answered' }],
      ['ko', 'text', { text: 'Could not ask' }],
    ]);
    const { services } = testServices({
      llm: (request) => {
        asked.push(request);
        return Promise.resolve({ text: 'Hello' });
      },
    });
    const run = await runBot(flow, services)
      .start()
      .expectReply('Could not ask')
      .expectEvent('Template Error', { dimensions: expect.objectContaining({ 'Bot Module ID': 'start' }) });
    expect(asked).toEqual([]);
    expect(run.last?.trace).toContainEqual(
      expect.objectContaining({
        kind: 'module',
        from: 'start',
        to: 'ko',
        port: 'failure',
        error: expect.objectContaining({ name: 'UndefinedError', message: expect.stringMatching(/sc/) }),
      }),
    );
  });

  it('stops the turn at a message whose template cannot render, saying why in the trace', async () => {
    const flow = flowOf([
      ['start', 'text', { text: 'Hi {{ sc.conversation.user.givenName }}' }, { next: 'after' }],
      ['after', 'text', { text: 'Never said' }],
    ]);
    const run = await runBot(flow).start();
    expect(run.last?.outputs ?? []).toEqual([]);
    expect(run.last?.trace).toContainEqual(
      expect.objectContaining({
        kind: 'module',
        from: 'start',
        to: null,
        error: expect.objectContaining({ name: 'UndefinedError' }),
      }),
    );
  });
});

describe('events carry the dimensions reports need', () => {
  it('Message Sent: the module, the next module, the messages, the page', async () => {
    const run = await runBot(welcome).start();
    const sent = run.last?.events.filter((event) => event.name === 'Message Sent') ?? [];
    expect(sent[0]?.dimensions).toEqual({
      'Bot UUID': 'bot-1',
      'Bot Deployment ID': 'dep-1',
      'Conversation ID': 'conv-1',
      'Company ID': 'company-1',
      'Bot Module ID': 'start',
      'Bot Next Module ID': 'menu',
      'Bot Original Message': [{ type: 'text', text: 'Welcome to Tea Shop!' }],
      'Page Domain': 'shop.example.com',
      URL: 'https://shop.example.com/cart',
    });
  });

  it('carries the inbox conversation id when there is one', async () => {
    const run = await runBot(welcome, testServices().services, {
      ...testMeta,
      inboxConversationId: 'inbox-9',
    }).start();
    expect(
      run.last?.events.every((event) => event.dimensions['Bot Inbox Conversation ID'] === 'inbox-9'),
    ).toBe(true);
  });
});

describe('variables', () => {
  it('offers the messaging-suite context as sc, and joins channels_base_url cleanly', async () => {
    const flow = flowOf([
      [
        'start',
        'text',
        { text: '{{ sc.conversation.user.externalId }} {{ channels_base_url | urljoin("/webchat/x") }}' },
      ],
    ]);
    await runBot(flow, testServices().services, {
      ...testMeta,
      sc: { conversation: { user: { externalId: 'ext-7' } }, brandId: 'b1' },
      channelsBaseUrl: 'https://ch.example.com/',
    })
      .start()
      .expectReply('ext-7 https://ch.example.com/webchat/x');
  });

  it('strips NUL characters from what the user sends', async () => {
    const flow = flowOf([
      ['start', 'input', { prompt: 'Name?', variable: 'name', validator: { type: 'text' } }, { next: 'b' }],
      ['b', 'text', { text: 'Hi {{ name }}' }],
    ]);
    const run = await runBot(flow).start().say('A\u0000da').expectReply('Hi Ada');
    expect(JSON.stringify(run.state)).not.toContain('\\u0000');
  });

  it('streams LLM tokens to the host as they come', async () => {
    const tokens: [string, string][] = [];
    const { services } = testServices({
      llm: async (_request, onToken) => {
        for (const token of ['Green ', 'tea.']) onToken?.(token);
        return { text: 'Green tea.' };
      },
    });
    const flow = flowOf([['start', 'llm', { userPrompt: 'Which tea?' }]]);
    await runBot(flow, services, {
      ...testMeta,
      onLlmToken: (token, moduleId) => tokens.push([token, moduleId]),
    })
      .start()
      .expectReply('Green tea.');
    expect(tokens).toEqual([
      ['Green ', 'start'],
      ['tea.', 'start'],
    ]);
  });

  it('says why an LLM module failed in the trace, sends its failure message, then takes Failed', async () => {
    const { services } = testServices({
      llm: () =>
        Promise.reject(
          new OutsideCallFailed({ reason: 'rate_limited', status: 429, message: 'You exceeded your quota' }),
        ),
    });
    const flow = flowOf([
      [
        'start',
        'llm',
        { userPrompt: 'Which tea?', failureMessage: 'Our advisor is away.' },
        { failure: 'menu' },
      ],
      ['menu', 'text', { text: 'Here is the menu.' }],
    ]);
    const run = await runBot(flow, services)
      .start()
      .expectReply('Our advisor is away.', 'Here is the menu.')
      .expectEvent('LLM Failed', {
        data: expect.objectContaining({
          reason: 'rate_limited',
          status: 429,
          error: 'You exceeded your quota',
        }),
      });
    expect(run.last?.trace).toContainEqual({
      kind: 'module',
      from: 'start',
      to: 'menu',
      port: 'failure',
      connectionId: expect.any(String),
      failure: { reason: 'rate_limited', status: 429, message: 'You exceeded your quota' },
    });
    // Modules that succeed carry no failure.
    expect(run.last?.trace.filter((step) => step.failure)).toHaveLength(1);
  });

  it('gives LLM prompts the cleaned transcript', async () => {
    const prompts: string[] = [];
    const { services } = testServices({
      llm: async (request) => {
        prompts.push(request.messages[0]?.content ?? '');
        return { text: 'Green tea is best.' };
      },
    });
    const flow = flowOf([
      [
        'start',
        'input',
        { prompt: 'Ask me anything', variable: 'q', validator: { type: 'text' } },
        { next: 'answer' },
      ],
      [
        'answer',
        'llm',
        { userPrompt: '{% for m in parley.transcript %}{{ m.role }}: {{ m.utterance }}\n{% endfor %}' },
      ],
    ]);
    await runBot(flow, services).start().say('Which tea?').expectReply('Green tea is best.');
    expect(prompts[0]).toBe('bot: Ask me anything\nuser: Which tea?\n');
  });

  it('stores a webhook response for the next module', async () => {
    const { services } = testServices({
      http: async () => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"eta":"Friday"}',
        durationMs: 12,
      }),
    });
    const flow = flowOf([
      [
        'start',
        'webhook',
        { method: 'GET', url: 'https://api.example.com/eta', responseVariable: 'res' },
        { success: 'ok', failure: 'ko' },
      ],
      ['ok', 'text', { text: 'Arrives {{ res.eta }}' }],
      ['ko', 'text', { text: 'Could not check' }],
    ]);
    await runBot(flow, services)
      .start()
      .expectReply('Arrives Friday')
      .expectEvent('Webhook Result', {
        data: expect.objectContaining({
          ok: true,
          status: 200,
          durationMs: 12,
          endpoint: 'https://api.example.com/eta',
        }),
      });
  });
});

describe('NLU routing', () => {
  const intents = [
    {
      name: 'track',
      utterances: ['where is my order', 'track my package', 'has my parcel shipped', 'order status'],
    },
    { name: 'refund', utterances: ['I want my money back', 'refund please', 'give me a refund'] },
  ];
  const flow = flowOf(
    [
      [
        'start',
        'intent_router',
        { prompt: 'How can I help?', intents: ['track', 'refund'] },
        { 'intent:track': 'track', 'intent:refund': 'refund', fallback: 'unsure' },
      ],
      ['track', 'text', { text: 'Let me check your order.' }],
      ['refund', 'text', { text: 'Refunds take 5 days.' }],
      ['unsure', 'text', { text: 'Could you rephrase?' }],
      ['vip', 'text', { text: 'VIP line' }],
    ],
    {
      intents,
      globalConnections: [
        {
          id: 'g1',
          name: 'vip',
          trigger: { type: 'intent', intent: 'refund', threshold: 0.99 },
          target: 'vip',
          actions: [],
          enabled: false,
          priority: 0,
        },
      ],
    },
  );

  it('routes by intent', async () => {
    await runBot(flow)
      .start()
      .expectReply('How can I help?')
      .say('where is my package')
      .expectReply('Let me check your order.')
      .expectTrace('module', 'module');
    await runBot(flow).start().say('I would like a refund').expectReply('Refunds take 5 days.');
  });

  it('goes on without the intent model while it trains, and says so in the trace and the events', async () => {
    const nlu = new NluEngine({ model: async () => ({ status: 'training' }) });
    const { services } = testServices();
    const say = async (state = newConversationState()) => {
      const started = await runTurn(flow, state, { type: 'start' }, services, testMeta, nlu);
      return runTurn(
        flow,
        started.state,
        { type: 'text', text: 'where is my package' },
        services,
        testMeta,
        nlu,
      );
    };
    const turn = await say();
    expect(turn.outputs.map(messageText)).toEqual(['Could you rephrase?']);
    expect(turn.trace[0]).toEqual({
      kind: 'nlu',
      from: 'start',
      to: null,
      detail: 'The intent model is still training; no model answered (keywords and fallback only)',
      nlu: { status: 'training', previous: false },
    });
    expect(turn.events).toContainEqual(
      expect.objectContaining({
        name: 'NLU Model Not Ready',
        data: { status: 'training', previousModel: false },
      }),
    );
  });

  it('falls back and logs low-confidence predictions', async () => {
    const run = await runBot(flow).start().say('xyzzy plugh').expectReply('Could you rephrase?');
    const low = run.last?.events.find((event) => event.name === 'Low Confidence Prediction');
    if (low) expect(low.data.confidence).toBeLessThan(0.5);
  });
});
