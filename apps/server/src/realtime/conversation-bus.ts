import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/** The channel every process listens on for news of conversations. */
export const CONVERSATION_CHANNEL = 'parley_conversations';

/** Something of a conversation was stored (a turn, a note): messages up to `seq` are there. */
export interface StoredNotice {
  conversationId: string;
  companyId: string;
  botId: string;
  /** The highest message sequence number the change stored (0: it stored no message). */
  seq: number;
  /** Only the conversation's row changed (a read mark): no message or event was added. */
  rowOnly?: boolean;
}

/** An AI answer being written, not stored yet: the text so far (the stored message follows). */
export interface DraftNotice {
  conversationId: string;
  draft: { moduleId: string; text: string };
}

/** A user's sessions ended (password changed or reset, account disabled): their streams end now. */
export interface SessionsEndedNotice {
  sessionsEndedFor: string;
}

export type ConversationNotice = StoredNotice | DraftNotice;
type Notice = ConversationNotice | SessionsEndedNotice;

// NOTIFY payloads stop at 8000 bytes; a longer draft waits for its stored message.
const MAX_DRAFT_PAYLOAD = 7000;

/** Most notices sent by one statement (a burst beyond that goes in the next one). */
const MAX_BATCH = 500;

/**
 * Many notifications in one statement, in order. NOTIFY holds a lock shared by the whole database
 * cluster from its commit's start to its end; with its own transaction and no wait for the disk
 * (notices are not data: nothing is lost if one is), that lock is held for microseconds instead of
 * a disk flush, and the turns' own commits never queue behind it.
 */
const NOTIFY_BATCH = `
  select set_config('synchronous_commit', 'off', true) as durability,
         (select count(pg_notify($1, notice))
          from (select notice from unnest($2::text[]) with ordinality as queued(notice, position)
                order by position) as ordered) as sent`;

/**
 * Fans Postgres notifications out to this process's listeners (SSE streams), so whichever server
 * process ran a turn, every process with a browser waiting on that conversation hears of it.
 */
export class ConversationBus {
  /** By conversation id (its chat streams) and by company id (its inbox streams). */
  private readonly listeners = new Map<string, Set<(notice: ConversationNotice) => void>>();
  private readonly companyListeners = new Map<string, Set<(notice: StoredNotice) => void>>();
  /** By user id: their streams, which end when the user's sessions do. */
  private readonly sessionListeners = new Map<string, Set<() => void>>();
  private stop: (() => Promise<void>) | undefined;
  private database: Database | undefined;
  /** Notices waiting for the statement in flight to finish; they go together in the next one. */
  private queued: string[] = [];
  private sending: Promise<void> | undefined;

  constructor(private readonly logger: FastifyBaseLogger) {}

  async start(database: Database): Promise<void> {
    this.database = database;
    this.stop = await database.listen(CONVERSATION_CHANNEL, (payload) => {
      try {
        this.deliver(JSON.parse(payload) as Notice);
      } catch (error) {
        this.logger.warn({ err: error }, 'ignored a malformed conversation notice');
      }
    });
  }

  private deliver(notice: Notice): void {
    if ('sessionsEndedFor' in notice) {
      for (const listener of this.sessionListeners.get(notice.sessionsEndedFor) ?? []) listener();
      return;
    }
    for (const listener of this.listeners.get(notice.conversationId) ?? []) listener(notice);
    if ('companyId' in notice) {
      for (const listener of this.companyListeners.get(notice.companyId) ?? []) listener(notice);
    }
  }

  /**
   * Tells every process's streams that a turn was stored. Sent just after the turn's commit (a
   * stream that misses one catches up at its next heartbeat). PGlite is this process only:
   * delivered in place.
   */
  publishStored(notice: StoredNotice): void {
    this.publish(notice);
  }

  /** Tells every process's streams of an AI answer being written, right away. */
  publishDraft(notice: DraftNotice): void {
    this.publish(notice);
  }

  /** Tells every process that a user's sessions ended, so their open streams end at once. */
  publishSessionsEnded(userId: string): void {
    this.publish({ sessionsEndedFor: userId });
  }

  private publish(notice: Notice): void {
    const payload = JSON.stringify(notice);
    if (payload.length > MAX_DRAFT_PAYLOAD || !this.database) return;
    if (this.database.engine === 'pglite') {
      this.deliver(notice);
      return;
    }
    this.queued.push(payload);
    this.sending ??= this.sendQueued();
  }

  /** Sends what is queued, then what queued meanwhile, until nothing is left. */
  private async sendQueued(): Promise<void> {
    const database = this.database;
    while (database && this.queued.length > 0) {
      const batch = this.queued.splice(0, MAX_BATCH);
      await database
        .executeSql(NOTIFY_BATCH, [CONVERSATION_CHANNEL, batch])
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, `${batch.length} conversation notices were not sent`),
        );
    }
    this.sending = undefined;
  }

  /** A conversation's news: stored messages and drafts. */
  subscribe(conversationId: string, listener: (notice: ConversationNotice) => void): () => void {
    return addListener(this.listeners, conversationId, listener);
  }

  /** Everything stored in any conversation of a company (for its inbox). */
  subscribeCompany(companyId: string, listener: (notice: StoredNotice) => void): () => void {
    return addListener(this.companyListeners, companyId, listener);
  }

  /** The user's sessions ended (their streams check theirs again). */
  subscribeSessionsEnded(userId: string, listener: () => void): () => void {
    return addListener(this.sessionListeners, userId, listener);
  }

  async close(): Promise<void> {
    await this.sending;
    await this.stop?.();
    this.listeners.clear();
    this.companyListeners.clear();
    this.sessionListeners.clear();
  }
}

function addListener<T>(map: Map<string, Set<T>>, key: string, listener: T): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    set?.delete(listener);
    if (set?.size === 0) map.delete(key);
  };
}
