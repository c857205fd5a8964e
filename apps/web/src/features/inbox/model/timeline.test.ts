import type { ChatMessage, InboxEvent, TranscriptEventName } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline';

const message = (seq: number, created_at: string): ChatMessage => ({
  seq,
  role: seq % 2 ? 'bot' : 'user',
  message: { type: 'text', text: `m${seq}` },
  created_at,
});
const event = (name: TranscriptEventName, afterSeq: number, at: string): InboxEvent => ({
  name,
  afterSeq,
  at,
  moduleId: null,
  data: {},
});

describe('the transcript timeline', () => {
  it('places each event after the message it followed, and marks each new day', () => {
    const timeline = buildTimeline({
      messages: [
        message(1, '2026-11-20T10:00:00'),
        message(2, '2026-11-20T10:01:00'),
        message(3, '2026-11-21T09:00:00'),
      ],
      events: [
        event('Pass Control', 2, '2026-11-20T10:02:00'),
        event('Conversation Started', 0, '2026-11-20T10:00:00'),
        event('Webhook Result', 1, '2026-11-20T10:00:30'),
        event('Conversation Expired', 9, '2026-11-21T10:00:00'),
      ],
    });
    expect(
      timeline.map((item) =>
        item.kind === 'day' ? 'day' : item.kind === 'message' ? `m${item.message.seq}` : item.event.name,
      ),
    ).toEqual([
      'day',
      'Conversation Started',
      'm1',
      'Webhook Result',
      'm2',
      'Pass Control',
      'day',
      'm3',
      'Conversation Expired',
    ]);
    expect(new Set(timeline.map((item) => item.key)).size).toBe(timeline.length);
  });

  it('is empty for an empty conversation', () => {
    expect(buildTimeline({ messages: [], events: [] })).toEqual([]);
  });
});
