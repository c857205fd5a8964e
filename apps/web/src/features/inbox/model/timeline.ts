import type { ChatMessage, InboxEvent, InboxTranscript } from '@parley/contracts';

export type TimelineItem =
  | { kind: 'day'; key: string; at: string }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'event'; key: string; event: InboxEvent };

const dayOf = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
};

/**
 * Messages in order with each event placed after the message it followed (`afterSeq`), and a
 * day marker wherever the local day changes.
 */
export function buildTimeline(transcript: Pick<InboxTranscript, 'messages' | 'events'>): TimelineItem[] {
  const events = [...transcript.events].sort((a, b) => a.afterSeq - b.afterSeq);
  const ordered: TimelineItem[] = [];
  let next = 0;
  const eventsBefore = (seq: number) => {
    for (; next < events.length && (events[next] as InboxEvent).afterSeq < seq; next += 1)
      ordered.push({ kind: 'event', key: `e${next}`, event: events[next] as InboxEvent });
  };
  for (const message of transcript.messages) {
    eventsBefore(message.seq);
    ordered.push({ kind: 'message', key: `m${message.seq}`, message });
  }
  eventsBefore(Number.POSITIVE_INFINITY);

  const timeline: TimelineItem[] = [];
  let day: string | undefined;
  for (const item of ordered) {
    const at =
      item.kind === 'message' ? item.message.created_at : item.kind === 'event' ? item.event.at : item.at;
    if (dayOf(at) !== day) {
      day = dayOf(at);
      timeline.push({ kind: 'day', key: `d${item.key}`, at });
    }
    timeline.push(item);
  }
  return timeline;
}
