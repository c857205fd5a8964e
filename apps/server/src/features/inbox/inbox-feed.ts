import type { InboxNotice } from '@parley/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { StoredNotice } from '../../realtime/conversation-bus';
import { noticeConversation } from './inbox.service';

/** A stream's view of a notice: the waiting count is of its bot, or of the whole company. */
export type FeedNotice = Omit<InboxNotice, 'waiting'> & { waiting?: { company: number; bot: number } };
type FeedListener = (notice: FeedNotice) => void;

/**
 * The inbox streams of this process, by company. A stored change is read once here (the
 * conversation's row, the waiting counts) and sent to every stream of its company, so the browsers
 * patch their lists instead of each asking for its first page again. Notices of one conversation
 * that arrive while its row is being read are merged into one read after it.
 */
export class InboxFeed {
  private readonly streams = new Map<string, Set<FeedListener>>();
  private readonly unsubscribes = new Map<string, () => void>();
  /** Per conversation: a read in progress, and what arrived meanwhile (merged). */
  private readonly reading = new Map<string, { next: StoredNotice | undefined }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly logger: FastifyBaseLogger,
  ) {}

  subscribe(companyId: string, listener: FeedListener): () => void {
    let listeners = this.streams.get(companyId);
    if (!listeners) {
      listeners = new Set();
      this.streams.set(companyId, listeners);
      this.unsubscribes.set(
        companyId,
        this.ctx.conversations.bus.subscribeCompany(companyId, (notice) => this.arrived(notice)),
      );
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      this.streams.delete(companyId);
      this.unsubscribes.get(companyId)?.();
      this.unsubscribes.delete(companyId);
    };
  }

  private arrived(notice: StoredNotice): void {
    const inProgress = this.reading.get(notice.conversationId);
    if (inProgress) {
      inProgress.next = inProgress.next ? merged(inProgress.next, notice) : notice;
      return;
    }
    this.reading.set(notice.conversationId, { next: undefined });
    void this.read(notice);
  }

  private async read(notice: StoredNotice): Promise<void> {
    let news: Awaited<ReturnType<typeof noticeConversation>> | undefined;
    try {
      news = await noticeConversation(this.ctx, notice.companyId, notice.conversationId);
    } catch (error) {
      // The streams still hear of the change: their lists reload their first page instead.
      this.logger.warn({ err: error }, 'could not read a conversation for the inbox streams');
    }
    const sent: FeedNotice = {
      conversationId: notice.conversationId,
      botId: notice.botId,
      seq: notice.seq,
      transcriptChanged: !notice.rowOnly,
      ...(news ?? {}),
    };
    for (const listener of this.streams.get(notice.companyId) ?? []) listener(sent);
    const next = this.reading.get(notice.conversationId)?.next;
    if (next) {
      this.reading.set(notice.conversationId, { next: undefined });
      await this.read(next);
    } else {
      this.reading.delete(notice.conversationId);
    }
  }
}

/** Two notices of one conversation as one: the later messages, and any transcript change. */
function merged(first: StoredNotice, second: StoredNotice): StoredNotice {
  return {
    ...second,
    seq: Math.max(first.seq, second.seq),
    rowOnly: Boolean(first.rowOnly && second.rowOnly),
  };
}
