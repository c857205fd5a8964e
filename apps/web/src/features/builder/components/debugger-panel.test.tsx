import type { ChatMessage, DebugConversation, DebugTurn } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { createBuilderStore } from '../model/builder-store';
import { createDebugger, DebuggerContext } from '../model/debugger';
import { DebuggerPanel } from './debugger-panel';

const flow = flowFixture()
  .module(
    'ask',
    'input',
    { prompt: 'Your order number?', variable: 'order', validator: { type: 'text' } },
    { next: 'tell' },
    { name: 'Ask the order' },
  )
  .module('tell', 'text', { text: 'Order {{ order }} ships today.' }, {}, { name: 'Tell the date' })
  .build();

const botMessage = (seq: number, text: string, role: ChatMessage['role'] = 'bot'): ChatMessage => ({
  seq,
  role,
  message: { type: 'text', text },
  created_at: '2026-11-25T09:00:00.000Z',
});

const started: DebugConversation = {
  conversationId: 'debug-1',
  token: 'debug-token',
  messages: [botMessage(1, 'Your order number?')],
  steps: [{ kind: 'start', from: null, to: 'ask' }],
  currentModuleId: 'ask',
  status: 'waiting',
  variables: {},
};

const answered: DebugTurn = {
  messages: [botMessage(2, 'A-17', 'user'), botMessage(3, 'Order A-17 ships today.')],
  steps: [{ kind: 'module', from: 'ask', to: 'tell', port: 'next', variables: { order: 'A-17' } }],
  currentModuleId: 'tell',
  status: 'ended',
  variables: { order: 'A-17' },
};

/** The browser's EventSource (later messages of the test conversation come on it). */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close(): void {}
}

function renderPanel(api: Parameters<typeof createDebugger>[1], language: 'en' | 'es' = 'en') {
  vi.stubGlobal('EventSource', FakeEventSource);
  const store = createBuilderStore({ botId: 'b1', flow, revision: 1 });
  const reveal = vi.spyOn(store.getState(), 'reveal');
  const debug = createDebugger(store, api);
  renderWithApp(
    <DebuggerContext.Provider value={debug}>
      <DebuggerPanel store={store} />
    </DebuggerContext.Provider>,
    { language },
  );
  return { reveal };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('the debugger panel', () => {
  it.each([
    ['en', 'You are testing the draft: changes not yet published are included.'],
    ['es', 'Estás probando el borrador: incluye los cambios aún no publicados.'],
  ] as const)('says plainly that it runs the draft (%s)', (language, words) => {
    renderPanel({ start: vi.fn(), send: vi.fn() }, language);
    expect(screen.getByRole('note')).toHaveTextContent(words);
  });

  it('runs a test conversation: its messages, each step, where it is and the variables', async () => {
    const api = {
      start: vi.fn(async () => started),
      send: vi.fn(async () => answered),
    };
    const { reveal } = renderPanel(api);
    expect(screen.getByText('Try your draft here')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the bot' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const chat = await screen.findByRole('log', { name: 'Test conversation' });
    await within(chat).findByText('Your order number?');
    expect(api.start).toHaveBeenCalledWith('b1', undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for an answer at Ask the order');
    // Later messages (delays, agents) are followed on the conversation's event stream.
    expect(FakeEventSource.opened[0]?.url).toContain('/api/chat/conversations/debug-1/events');

    fireEvent.change(screen.getByRole('textbox', { name: 'Message to the bot' }), {
      target: { value: 'A-17' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(chat).findByText('Order A-17 ships today.');
    expect(api.send).toHaveBeenCalledWith('b1', 'debug-1', { text: 'A-17' });
    expect(screen.getByRole('status')).toHaveTextContent('Ended at Tell the date');
    // The canvas follows the conversation.
    expect(reveal.mock.calls.map(([moduleId]) => moduleId)).toEqual(['ask', 'tell']);

    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getByText('After “A-17”')).toBeInTheDocument();
    expect(within(steps).getByText('Conversation started')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Variables' }));
    expect(screen.getByText('order')).toBeInTheDocument();
    expect(screen.getByText('"A-17"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restart' })).toBeInTheDocument();
  });

  it('starts at a module picked in the list', async () => {
    const api = {
      start: vi.fn(async () => ({ ...started, currentModuleId: 'tell', status: 'ended' as const })),
      send: vi.fn(),
    };
    renderPanel(api);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Start at' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tell the date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByText('Ended at Tell the date');
    expect(api.start).toHaveBeenCalledWith('b1', 'tell');
  });

  it('says why a turn could not run, and keeps the conversation', async () => {
    const api = {
      start: vi.fn(async () => started),
      send: vi.fn(async () => {
        throw new Error('The bot could not answer: try again');
      }),
    };
    renderPanel(api);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const chat = await screen.findByRole('log', { name: 'Test conversation' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message to the bot' }), {
      target: { value: 'A-17' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('The bot could not answer: try again');
    expect(within(chat).getByText('Your order number?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the bot' })).toBeEnabled();
  });

  it('shows an agent’s turn inside the conversation: its model calls and tool calls', async () => {
    const agentTurn: DebugTurn = {
      ...answered,
      steps: [
        {
          kind: 'agent',
          from: 'ask',
          to: null,
          agent: {
            agentId: 'a1',
            agent: 'Orders',
            version: 2,
            runId: 'run-1',
            outcome: 'answered',
            failure: null,
            steps: [
              { kind: 'model', name: 'gpt-test', durationMs: 120, promptTokens: 310, completionTokens: 22 },
              {
                kind: 'tool',
                name: 'order_status',
                status: 'ok',
                arguments: { order: 'A-17' },
                result: { status: 'shipped' },
                durationMs: 14,
              },
              { kind: 'answer', text: 'Order A-17 has shipped.' },
            ],
          },
        },
      ],
    };
    renderPanel({ start: vi.fn(async () => started), send: vi.fn(async () => agentTurn) });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('log', { name: 'Test conversation' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message to the bot' }), {
      target: { value: 'A-17' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const steps = await screen.findByRole('list', { name: 'Steps' });
    const turn = await within(steps).findByRole('button', { name: 'Agent Orders: answered, 1 tool call' });
    expect(within(steps).getByText('AI agent')).toBeInTheDocument();
    fireEvent.click(turn);
    expect(await within(steps).findByText('Model call: 310 + 22 tokens, 120 ms')).toBeInTheDocument();
    expect(within(steps).getByText('order_status')).toBeInTheDocument();
    expect(within(steps).getByText('succeeded in 14 ms')).toBeInTheDocument();
    expect(within(steps).getByText(/"order": "A-17"/)).toBeInTheDocument();
    expect(within(steps).getByText(/"status": "shipped"/)).toBeInTheDocument();
    expect(within(steps).getByText('Order A-17 has shipped.')).toBeInTheDocument();
  });
});
