import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/** The channel turns notify on (inside their transaction, so only committed turns are heard). */
export const CONVERSATION_CHANNEL = 'parley_conversations';

export interface ConversationNotice {
  conversationId: string;
  /** The highest message sequence number now stored. */
  seq: number;
}

/**
 * Fans Postgres notifications out to this process's listeners (SSE streams), so whichever server
 * process ran a turn, every process with a browser waiting on that conversation hears of it.
 */
export class ConversationBus {
  private readonly listeners = new Map<string, Set<(notice: ConversationNotice) => void>>();
  private stop: (() => Promise<void>) | undefined;

  constructor(private readonly logger: FastifyBaseLogger) {}

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(CONVERSATION_CHANNEL, (payload) => {
      try {
        const notice = JSON.parse(payload) as ConversationNotice;
        for (const listener of this.listeners.get(notice.conversationId) ?? []) listener(notice);
      } catch (error) {
        this.logger.warn({ err: error }, 'ignored a malformed conversation notice');
      }
    });
  }

  subscribe(conversationId: string, listener: (notice: ConversationNotice) => void): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) {
      set = new Set();
      this.listeners.set(conversationId, set);
    }
    set.add(listener);
    return () => {
      set?.delete(listener);
      if (set?.size === 0) this.listeners.delete(conversationId);
    };
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.listeners.clear();
  }
}
