import {
  type ChatMessage,
  EVENT,
  type InboxConversation,
  type InboxNotice,
  type InboxTranscript,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { type InboxPages, patchedPages, withChanges } from './live-patch';

const BOT = '11111111-1111-4111-8111-111111111111';
const AS_OF = '2026-11-25T10:00:00.000Z';

const row = (
  id: string,
  lastMessageAt: string,
  overrides: Partial<InboxConversation> = {},
): InboxConversation => ({
  id,
  botId: BOT,
  botName: 'Support',
  channel: 'webchat',
  status: 'active',
  user: {},
  messageCount: 2,
  lastMessageText: 'Hi',
  lastMessageAt,
  createdAt: '2026-11-24T09:00:00.000Z',
  expiresAt: null,
  expiredAt: null,
  handoffRequestedAt: null,
  agent: null,
  unread: false,
  hasHandoff: false,
  hasFallback: false,
  pageDomain: null,
  ...overrides,
});

/** Pages of rows by id, newest first; `more`: the last page has a next one. */
const pages = (rows: InboxConversation[][], count: number, more = false): InboxPages => ({
  pages: rows.map((conversations, index) => ({
    conversations,
    nextCursor: index < rows.length - 1 || more ? `cursor-${index}` : null,
    total: { count, capped: false },
    waiting: 0,
    asOf: AS_OF,
  })),
  pageParams: rows.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
});

const notice = (conversation: InboxConversation | null | undefined, waiting = 0): InboxNotice => ({
  conversationId: conversation?.id ?? 'c-gone',
  botId: BOT,
  seq: 3,
  transcriptChanged: true,
  ...(conversation === undefined ? {} : { conversation }),
  waiting,
});

const ids = (result: InboxPages | 'reload') =>
  result === 'reload' ? result : result.pages.map((page) => page.conversations.map((one) => one.id));
const countOf = (result: InboxPages | 'reload') =>
  result === 'reload' ? result : result.pages[0]?.total.count;

const loaded = pages(
  [
    [row('c3', '2026-11-25T09:03:00.000Z'), row('c2', '2026-11-25T09:02:00.000Z')],
    [row('c1', '2026-11-25T09:01:00.000Z')],
  ],
  3,
);

describe('patching the live inbox list from a notice', () => {
  it('moves a conversation with a new message to the top, with its new row and the waiting count', () => {
    const moved = row('c1', '2026-11-25T10:05:00.000Z', { unread: true, lastMessageText: 'Where is it?' });
    const result = patchedPages(loaded, notice(moved, 4), { botId: BOT });
    expect(ids(result)).toEqual([['c1', 'c3', 'c2'], []]);
    expect(result !== 'reload' && result.pages[0]?.conversations[0]).toEqual(moved);
    expect(result !== 'reload' && result.pages[0]?.waiting).toBe(4);
    expect(countOf(result)).toBe(3);
  });

  it('changes only the row of a read mark, in its place', () => {
    const read = row('c2', '2026-11-25T09:02:00.000Z', { unread: false, messageCount: 9 });
    const result = patchedPages(loaded, { ...notice(read), transcriptChanged: false }, {});
    expect(ids(result)).toEqual([['c3', 'c2'], ['c1']]);
    expect(result !== 'reload' && result.pages[0]?.conversations[1]?.messageCount).toBe(9);
  });

  it('adds a conversation created since the list was read, and counts it', () => {
    const fresh = row('c4', '2026-11-25T10:01:00.000Z', { createdAt: '2026-11-25T10:01:00.000Z' });
    const result = patchedPages(loaded, notice(fresh), { botId: BOT });
    expect(ids(result)).toEqual([['c4', 'c3', 'c2'], ['c1']]);
    expect(countOf(result)).toBe(4);
  });

  it('adds an older conversation coming back to the top without counting it again', () => {
    const old = row('c0', '2026-11-25T10:01:00.000Z');
    const result = patchedPages(pages([[row('c3', '2026-11-25T09:03:00.000Z')]], 40, true), notice(old), {});
    expect(ids(result)).toEqual([['c0', 'c3']]);
    expect(countOf(result)).toBe(40);
  });

  it('leaves out what the filters exclude, and drops a listed row that left them', () => {
    const otherBot = row('c9', '2026-11-25T10:01:00.000Z', {
      botId: '22222222-2222-4222-8222-222222222222',
      createdAt: '2026-11-25T10:01:00.000Z',
    });
    expect(ids(patchedPages(loaded, notice(otherBot), { botId: BOT }))).toEqual(ids(loaded));
    const waitingOnly = pages([[row('c3', '2026-11-25T09:03:00.000Z', { status: 'waiting' })]], 1);
    const taken = row('c3', '2026-11-25T09:04:00.000Z', { status: 'with_agent' });
    const result = patchedPages(waitingOnly, notice(taken), { status: 'waiting' });
    expect(ids(result)).toEqual([[]]);
    expect(countOf(result)).toBe(0);
  });

  it('drops a conversation the inbox no longer shows', () => {
    const result = patchedPages(loaded, { ...notice(null), conversationId: 'c2' }, {});
    expect(ids(result)).toEqual([['c3'], ['c1']]);
    expect(countOf(result)).toBe(2);
  });

  it('keeps a row below the loaded pages for when they load', () => {
    const below = row('c0', '2026-11-20T00:00:00.000Z');
    expect(
      ids(patchedPages(pages([[row('c3', '2026-11-25T09:03:00.000Z')]], 70, true), notice(below), {})),
    ).toEqual([['c3']]);
  });

  it('reloads the first page when a row cannot tell', () => {
    // No row (it could not be read).
    expect(patchedPages(loaded, notice(undefined), {})).toBe('reload');
    // Words searched for: a row never listed may hold them or not.
    const fresh = row('c4', '2026-11-25T10:01:00.000Z', { createdAt: '2026-11-25T10:01:00.000Z' });
    expect(patchedPages(loaded, notice(fresh), { q: 'refund' })).toBe('reload');
    // A row listed under a word search still holds the words.
    expect(ids(patchedPages(loaded, notice(row('c2', '2026-11-25T10:02:00.000Z')), { q: 'refund' }))).toEqual(
      [['c2', 'c3'], ['c1']],
    );
    // An older conversation, not listed, may have been counted under a changing filter or not.
    const old = row('c0', '2026-11-25T10:01:00.000Z', { status: 'waiting' });
    expect(patchedPages(loaded, notice(old), { status: 'waiting' })).toBe('reload');
  });
});

describe('a transcript catching up', () => {
  const message = (seq: number): ChatMessage => ({
    seq,
    role: 'user',
    message: { type: 'text', text: `m${seq}` },
    created_at: '2026-11-25T10:00:00.000Z',
  });
  const shown: InboxTranscript = {
    conversation: row('c1', '2026-11-25T09:01:00.000Z'),
    messages: [message(1), message(2)],
    events: [{ name: 'Conversation Started', at: AS_OF, afterSeq: 0, moduleId: null, data: {} }],
    variables: { a: 1 },
    eventCursor: 5,
  };

  it('adds the new messages and events, takes the row and variables as they are now', () => {
    const note = { name: EVENT.InternalNote, at: AS_OF, afterSeq: 3, moduleId: null, data: { text: 'n' } };
    const changes = {
      conversation: row('c1', '2026-11-25T10:01:00.000Z', { unread: true }),
      messages: [message(3)],
      events: [note],
      variables: { a: 2 },
      eventCursor: 7,
    };
    expect(withChanges(shown, changes)).toEqual({
      ...changes,
      messages: [...shown.messages, message(3)],
      events: [...shown.events, note],
    });
  });

  it('never adds the same message or events twice', () => {
    const stale = { ...shown, messages: [message(2)], events: shown.events, eventCursor: 5 };
    expect(withChanges(shown, stale)).toEqual(shown);
  });
});
