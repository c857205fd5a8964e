import type { DebugConversation, DebugTurn, ModuleFailures } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const teaFlow = flowFixture()
  .module('start', 'text', { text: 'Welcome!' }, [{ id: 'to-menu', port: 'next', target: 'menu' }])
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
    [{ id: 'to-thanks', port: 'button:tea', target: 'thanks' }],
  )
  .module('thanks', 'end', { message: 'One {{ choice }} coming up.' })
  .module('help', 'text', { text: 'I serve tea.' })
  // Reached only when the debugger starts there: a template asking for 400 million characters.
  .module('boom', 'text', { text: "{{ 'a' | center(400000000) }}" })
  .global({
    id: 'g-help',
    name: 'Help',
    trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
    target: 'help',
    actions: [{ type: 'set_variable', variable: 'asked', value: 'true' }],
  });

describe('the builder’s debugger', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let botId: string;
  let strangerHeaders: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
    botId = (await deployedBot(t, headers, 'Tea', teaFlow, 'test')).bot.id;
    strangerHeaders = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  const start = (payload: Record<string, unknown> = {}, as = headers) =>
    t.request({ method: 'POST', url: `/api/bots/${botId}/debugger/conversations`, headers: as, payload });
  const say = (conversationId: string, payload: Record<string, unknown>, as = headers) =>
    t.request({
      method: 'POST',
      url: `/api/bots/${botId}/debugger/conversations/${conversationId}/messages`,
      headers: as,
      payload,
    });

  it('shows where a turn stopped on a template error, named (TemplateBudgetExceeded)', async () => {
    const started = await start({ startModuleId: 'boom' });
    expect(started.statusCode).toBe(201);
    const conversation = started.json<DebugConversation>();
    expect(conversation.messages).toEqual([]);
    expect(conversation.steps.at(-1)).toMatchObject({
      kind: 'module',
      from: 'boom',
      to: null,
      error: {
        name: 'TemplateBudgetExceeded',
        message: expect.stringMatching(/^Template budget exceeded: the template produces too much output/),
        line: 1,
      },
    });
    expect(conversation.currentModuleId).toBe('boom');
  });

  it('runs the draft and lists each step with the variables after it', async () => {
    const started = await start();
    expect(started.statusCode).toBe(201);
    const conversation = started.json<DebugConversation>();
    expect(conversation.messages.map((message) => message.role)).toEqual(['bot', 'bot']);
    expect(conversation.steps).toEqual([
      { kind: 'start', from: null, to: 'start', variables: {} },
      { kind: 'module', from: 'start', to: 'menu', port: 'next', connectionId: 'to-menu', variables: {} },
    ]);
    expect(conversation).toMatchObject({ currentModuleId: 'menu', status: 'waiting', variables: {} });

    const help = await say(conversation.conversationId, { text: 'help' });
    expect(help.statusCode).toBe(200);
    expect(help.json<DebugTurn>().steps[0]).toEqual({
      kind: 'global',
      from: 'menu',
      to: 'help',
      connectionId: 'g-help',
      detail: 'Help',
      variables: { asked: true },
    });
    // The conversation it runs is a test conversation: the events stream follows it with the token.
    const history = await t.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${conversation.conversationId}/history`,
      headers: { authorization: `Bearer ${conversation.token}` },
    });
    expect(history.statusCode).toBe(200);
  });

  it('follows a button’s module connection to the end', async () => {
    const { conversationId, messages } = (await start()).json<DebugConversation>();
    const menu = messages.at(-1)?.message;
    const payload = menu?.type === 'buttons' ? menu.buttons[0]?.payload : undefined;
    const turn = (await say(conversationId, { postback: payload, label: 'Tea' })).json<DebugTurn>();
    expect(turn.messages.at(-1)?.message).toEqual({ type: 'text', text: 'One tea coming up.' });
    expect(turn.steps).toEqual([
      expect.objectContaining({ kind: 'module', from: 'menu', to: 'thanks', connectionId: 'to-thanks' }),
    ]);
    expect(turn).toMatchObject({ status: 'ended', currentModuleId: 'thanks', variables: { choice: 'tea' } });
  });

  it('starts at any module of the draft, and refuses one that is not there', async () => {
    const started = (await start({ startModuleId: 'help' })).json<DebugConversation>();
    expect(started.steps[0]).toMatchObject({ kind: 'start', to: 'help', detail: 'started here' });
    expect(started.messages[0]?.message).toEqual({ type: 'text', text: 'I serve tea.' });

    const missing = await start({ startModuleId: 'nowhere' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { name: 'ValidationException', message: 'There is no such module in the draft' },
    });
  });

  it('is the bot’s company’s only, and only for its own conversations', async () => {
    expect((await start({}, strangerHeaders)).statusCode).toBe(404);
    const { conversationId } = (await start()).json<DebugConversation>();
    expect((await say(conversationId, { text: 'help' }, strangerHeaders)).statusCode).toBe(404);
    expect((await say('not-a-conversation', { text: 'help' })).statusCode).toBe(404);
    expect((await say(conversationId, { text: '' })).json()).toMatchObject({
      error: { name: 'ValidationException' },
    });
    const other = (await deployedBot(t, headers, 'Other', (flow) => flow, 'test')).bot.id;
    const elsewhere = await t.request({
      method: 'POST',
      url: `/api/bots/${other}/debugger/conversations/${conversationId}/messages`,
      headers,
      payload: { text: 'help' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('lists the modules whose templates failed since the last publish, for the builder to mark', async () => {
    const failures = (as = headers) =>
      t.request({ method: 'GET', url: `/api/bots/${botId}/debugger/module-failures`, headers: as });
    await start({ startModuleId: 'boom' });
    await start({ startModuleId: 'boom' });
    const listed = await failures();
    expect(listed.statusCode).toBe(200);
    const [boom, ...others] = listed.json<ModuleFailures>().modules;
    expect(others).toEqual([]);
    expect(boom).toMatchObject({
      moduleId: 'boom',
      message: expect.stringMatching(/^Template budget exceeded/),
      line: 1,
    });
    expect(boom?.conversations).toBeGreaterThanOrEqual(2);
    expect((await failures(strangerHeaders)).statusCode).toBe(404);

    // A publish may have mended the template: only failures after it count.
    expect((await t.request({ method: 'POST', url: `/api/bots/${botId}/publish`, headers })).statusCode).toBe(
      201,
    );
    expect((await failures()).json<ModuleFailures>().modules).toEqual([]);
  });
});
