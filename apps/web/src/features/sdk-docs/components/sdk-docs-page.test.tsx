import type { BotList, BotSummary, ChatMessage, Deployment } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { SdkDocsPage } from './sdk-docs-page';

const summary = (id: string, name: string): BotSummary => {
  const { flow: _flow, draft_revision: _revision, ...bot } = botDetail({ id, name });
  return bot;
};
const bots = (...items: BotSummary[]): BotList => ({ items, total: items.length, page: 1, pageSize: 100 });

const testDeployment: Deployment = {
  id: 'd-test',
  bot_id: 'b1',
  key: 'test-key-b1',
  channel: 'test',
  version: null,
  sunshine_parley_integration_id: null,
  sunshine_parley_switchboardIntegration_id: null,
  created_at: '2026-11-25T08:00:00.000Z',
};

const message = (seq: number, role: ChatMessage['role'], body: ChatMessage['message']): ChatMessage => ({
  seq,
  role,
  message: body,
  created_at: '2026-11-25T08:00:00.000Z',
});

/** The browser's EventSource, as the SDK's subscribe uses it: the test sends it events. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close(): void {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('the conversational web SDK page', () => {
  it('documents each call with code that points at this server', () => {
    fakeApi({ 'GET /api/bots': bots() });
    renderWithApp(<SdkDocsPage />);
    for (const title of [
      'Install',
      'Start a conversation',
      'Send messages and button presses',
      'Receive later messages',
      'Read the history',
      'Messages',
      'Errors',
      'The HTTP API underneath',
    ])
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    const install = screen.getByRole('region', { name: 'Install' });
    expect(install.textContent).toContain(window.location.origin);
    expect(install.textContent).not.toContain('ORIGIN');
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
  });

  it('says to create a bot first when the company has none', async () => {
    fakeApi({ 'GET /api/bots': bots() });
    renderWithApp(<SdkDocsPage />);
    await screen.findByText('Create a bot on the home page first.');
    expect(screen.getByRole('button', { name: 'Start a conversation' })).toBeDisabled();
  });

  it('runs the SDK live against a bot’s draft: start, send, press a button, receive later messages', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { requests } = fakeApi({
      'GET /api/bots': bots(summary('b1', 'Front desk')),
      'GET /api/bots/b1/test-deployment': testDeployment,
      'POST /api/chat/conversations': {
        conversationId: 'conv-1',
        token: 'visitor-token',
        messages: [
          message(1, 'bot', {
            type: 'buttons',
            text: 'Hello! **How** can I help?',
            buttons: [{ id: 'btn-1', kind: 'reply', label: 'Opening hours', payload: 'hours' }],
          }),
        ],
      },
      'POST /api/chat/conversations/conv-1/messages': ({ body }) => {
        const sent = body as { text?: string; label?: string };
        return {
          messages: [
            message(2, 'user', { type: 'text', text: sent.text ?? sent.label ?? '' }),
            message(3, 'bot', { type: 'text', text: `You said ${sent.text ?? sent.label}` }),
          ],
        };
      },
    });
    renderWithApp(<SdkDocsPage />);

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Bot' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Front desk' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start a conversation' }));

    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('How');
    expect(within(log).getByText('1 · bot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
    const start = requests.find((request) => request.url.pathname === '/api/chat/conversations');
    expect(start?.body).toEqual({ deploymentKey: 'test-key-b1' });
    // Later messages come over the conversation's event stream, after what the start answered.
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toContain('/api/chat/conversations/conv-1/events');
    expect(stream?.url).toContain('after=1');

    // The buttons are the last bot message's: pressing one sends its payload.
    fireEvent.click(screen.getByRole('button', { name: 'Opening hours' }));
    await within(log).findByText('You said Opening hours');
    const pressed = requests.filter((request) => request.url.pathname.endsWith('/messages'));
    expect(pressed[0]?.body).toMatchObject({ postback: 'hours', label: 'Opening hours' });
    expect(screen.queryByRole('button', { name: 'Opening hours' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Are you open?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(log).findByText('You said Are you open?');
    const sent = requests.filter((request) => request.url.pathname.endsWith('/messages'));
    // Each message carries its own client message id, so a retry is answered once.
    expect(sent[1]?.body).toMatchObject({
      text: 'Are you open?',
      clientMessageId: expect.stringMatching(/^[\w-]{8,}$/),
    });
    expect(screen.getByLabelText('Last call').textContent).toContain('chat.send(conversation');

    stream?.emit('message', message(6, 'agent', { type: 'text', text: 'A person here: we open at nine.' }));
    await within(log).findByText('A person here: we open at nine.');
    expect(within(log).getByText('6 · agent')).toBeInTheDocument();
  });

  it('shows a refused call’s message and keeps the page usable', async () => {
    fakeApi({
      'GET /api/bots': bots(summary('b1', 'Front desk')),
      'GET /api/bots/b1/test-deployment': {
        status: 404,
        body: { error: { name: 'NotFoundException', message: 'Bot not found' } },
      },
    });
    renderWithApp(<SdkDocsPage />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Bot' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Front desk' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start a conversation' }));
    await screen.findByText('Bot not found');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start a conversation' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });
});
