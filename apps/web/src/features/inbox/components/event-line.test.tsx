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
    expect(screen.getByTestId('event')).toHaveTextContent(/Not sent on Messenger: the person last wrote/);
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
