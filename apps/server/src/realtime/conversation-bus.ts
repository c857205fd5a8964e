import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/** The channel turns notify on (inside their transaction, so only committed turns are heard). */
export const CONVERSATION_CHANNEL = 'parley_conversations';

/** A turn committed: messages up to `seq` are stored. */
export interface StoredNotice {
  conversationId: string;
  /** The highest message sequence number now stored. */
  seq: number;
}

/** An AI answer being written, not stored yet: the text so far (the stored message follows). */
export interface DraftNotice {
  conversationId: string;
  draft: { moduleId: string; text: string };
}

export type ConversationNotice = StoredNotice | DraftNotice;

// NOTIFY payloads stop at 8000 bytes; a longer draft waits for its stored message.
const MAX_DRAFT_PAYLOAD = 7000;

/**
 * Fans Postgres notifications out to this process's listeners (SSE streams), so whichever server
 * process ran a turn, every process with a browser waiting on that conversation hears of it.
 */
export class ConversationBus {
  private readonly listeners = new Map<string, Set<(notice: ConversationNotice) => void>>();
  private stop: (() => Promise<void>) | undefined;
  private database: Database | undefined;

  constructor(private readonly logger: FastifyBaseLogger) {}

  async start(database: Database): Promise<void> {
    this.database = database;
    this.stop = await database.listen(CONVERSATION_CHANNEL, (payload) => {
      try {
        this.deliver(JSON.parse(payload) as ConversationNotice);
      } catch (error) {
        this.logger.warn({ err: error }, 'ignored a malformed conversation notice');
      }
    });
  }

  private deliver(notice: ConversationNotice): void {
    for (const listener of this.listeners.get(notice.conversationId) ?? []) listener(notice);
  }

  /**
   * Tells every process's streams of a draft, right away (outside the turn's transaction, whose
   * notifications wait for its commit). PGlite is this process only: delivered in place.
   */
  publishDraft(notice: DraftNotice): void {
    const payload = JSON.stringify(notice);
    if (payload.length > MAX_DRAFT_PAYLOAD || !this.database) return;
    if (this.database.engine === 'pglite') {
      this.deliver(notice);
      return;
    }
    this.database
      .executeSql('select pg_notify($1, $2)', [CONVERSATION_CHANNEL, payload])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'a draft notice was not sent'));
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
