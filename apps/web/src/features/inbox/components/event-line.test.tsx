import { type InboxEvent, TRANSCRIPT_EVENTS } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { EventLine, eventViews } from './event-line';

const llmFailed = (data: Record<string, unknown>): InboxEvent => ({
  name: 'LLM Failed',
  at: '2026-11-24T10:00:00.000Z',
  afterSeq: 2,
  moduleId: 'advisor',
  data: { model: 'gpt-4o-mini', ...data },
});

describe('an AI failure in the transcript', () => {
  it('tells the agent why the model failed, named, with what the provider said', () => {
    renderWithApp(
      <EventLine
        event={llmFailed({
          reason: 'rate_limited',
          status: 429,
          error: 'You exceeded your current quota',
        })}
      />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent(
      'AI answer failed — Rate limit or quota reached (429): You exceeded your current quota',
    );
  });

  it('names a missing model', () => {
    renderWithApp(
      <EventLine event={llmFailed({ reason: 'not_configured', error: 'No language model is configured' })} />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent(
      'AI answer failed — No language model is set up: No language model is configured',
    );
  });

  it('shows events stored before failures were named as they were', () => {
    renderWithApp(<EventLine event={llmFailed({ error: 'rate limited' })} />);
    expect(screen.getByTestId('event')).toHaveTextContent('AI answer failed: rate limited');
  });
});

describe('the transcript’s event views', () => {
  it('has a view for every event a transcript shows, under its own name', () => {
    expect(Object.keys(eventViews).sort()).toEqual([...TRANSCRIPT_EVENTS].sort());
    for (const [name, view] of Object.entries(eventViews)) expect(view.name).toBe(name);
  });

  it('shows the agent who took over, from data checked against the event catalogue', () => {
    renderWithApp(
      <EventLine
        event={{
          name: 'Pass Control',
          at: '2026-11-24T10:00:00.000Z',
          afterSeq: 3,
          moduleId: null,
          data: { to: 'agent', agent: 'Olivia Owner' },
        }}
      />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent('Olivia Owner took over from the bot');
  });

  it('shows an event whose stored data does not fit its schema as a plain line with its name', () => {
    renderWithApp(
      <EventLine
        event={{
          name: 'Pass Control',
          at: '2026-11-24T10:00:00.000Z',
          afterSeq: 3,
          moduleId: null,
          data: { to: 'nobody' },
        }}
      />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent(/^Pass Control/);
  });
});

describe('a translation failure in the transcript', () => {
  it('says which message went out as written, the visitor’s, the bot’s or an agent’s', () => {
    const failed = (direction: string): InboxEvent => ({
      name: 'Translation Failed',
      at: '2026-11-24T10:00:00.000Z',
      afterSeq: 2,
      moduleId: null,
      data: { direction, source: 'de', target: 'es', reason: 'timeout', error: 'took too long' },
    });
    renderWithApp(<EventLine event={failed('agent')} />);
    expect(screen.getByTestId('event')).toHaveTextContent(
      /The agent’s reply was not translated into Spanish \(.+\): it went out in German/,
    );
  });
});

describe('a message a channel did not deliver', () => {
  const notDelivered = (data: Record<string, unknown>): InboxEvent => ({
    name: 'Message Not Delivered',
    at: '2026-11-24T10:00:00.000Z',
    afterSeq: 4,
    moduleId: null,
    data: { seq: 4, ...data },
  });

  it('says why, in the words of the channel that refused it', () => {
    renderWithApp(<EventLine event={notDelivered({ channel: 'messenger', reason: 'outside-window' })} />);
    expect(screen.getByTestId('event')).toHaveTextContent(
      /Not sent on Messenger: outside the messaging window/,
    );
  });

  it('says what Facebook answered when it refused an agent’s reply after 24 hours', () => {
    const error =
      'Facebook refused the reply with the Human Agent tag: Graph answered 400 (code 10/2018278): (#10) This message is sent outside of allowed window.';
    renderWithApp(
      <EventLine event={notDelivered({ channel: 'messenger', reason: 'outside-window', error })} />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent(error);
  });

  it('says the messaging suite refused a message, with what the suite answered', () => {
    renderWithApp(
      <EventLine
        event={notDelivered({
          channel: 'sunshine',
          reason: 'refused',
          error: 'The messaging suite answered 400',
        })}
      />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent(
      'Not delivered on the messaging suite: it refused the message (The messaging suite answered 400)',
    );
  });
});

describe('an AI agent’s turn in the transcript', () => {
  const agentTurn = (data: Record<string, unknown>): InboxEvent => ({
    name: 'Agent Turn',
    at: '2026-11-24T10:00:00.000Z',
    afterSeq: 4,
    moduleId: 'agent',
    data: {
      agentId: 'a1',
      agent: 'Orders',
      version: 2,
      runId: 'run-1',
      outcome: 'handoff',
      failure: null,
      ...data,
    },
  });

  it('shows each model call with its tokens and time, each tool call with arguments, result, status and time', () => {
    renderWithApp(
      <EventLine
        event={agentTurn({
          steps: [
            { kind: 'model', name: 'gpt-test', durationMs: 120, promptTokens: 310, completionTokens: 22 },
            {
              kind: 'tool',
              name: 'order_status',
              status: 'ok',
              arguments: { order: 'A-17' },
              result: { status: 'lost' },
              durationMs: 14,
            },
            {
              kind: 'tool',
              name: 'refund',
              status: 'failed',
              arguments: { order: 'A-17' },
              result: { status: 500, body: 'Internal error' },
              error: 'ToolHttpError: The tool answered 500',
              durationMs: 30,
            },
            { kind: 'exit', name: 'handoff', text: 'A refund needs a person' },
            { kind: 'answer', text: 'Let me get a colleague.' },
          ],
        })}
      />,
    );
    const event = screen.getByTestId('event');
    expect(event).toHaveAttribute('data-outcome', 'handoff');
    expect(event).toHaveTextContent('Agent Orders: handed to a person, 2 tool calls');
    expect(event).toHaveTextContent('Model call: 310 + 22 tokens, 120 ms');
    expect(event).toHaveTextContent('order_statussucceeded in 14 ms');
    expect(event).toHaveTextContent('"status": "lost"');
    // A failed call says why, and still shows what the tool answered.
    expect(event).toHaveTextContent('refundfailed: ToolHttpError: The tool answered 500');
    expect(event).toHaveTextContent('"body": "Internal error"');
    expect(event).toHaveTextContent('Left: handed to a person (A refund needs a person)');
    expect(event).toHaveTextContent('Let me get a colleague.');
  });

  it('shows turns stored before tokens were kept with the model call’s time only', () => {
    renderWithApp(<EventLine event={agentTurn({ steps: [{ kind: 'model', durationMs: 90 }] })} />);
    expect(screen.getByTestId('event')).toHaveTextContent('Model call (90 ms)');
  });
});

describe('a helpdesk ticket in the transcript', () => {
  it('says a visitor’s message did not reach the ticket, with the ticket and what Zendesk said', () => {
    renderWithApp(
      <EventLine
        event={{
          name: 'Helpdesk Ticket',
          at: '2026-11-24T10:00:00.000Z',
          afterSeq: 6,
          moduleId: null,
          data: { provider: 'zendesk', status: 'not-added', ticketId: '101', error: 'Zendesk answered 422' },
        }}
      />,
    );
    expect(screen.getByTestId('event')).toHaveTextContent(
      'A message from the visitor was not added to Zendesk ticket #101: Zendesk answered 422',
    );
  });
});
