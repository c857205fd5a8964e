import type { TurnRow } from './conversations.repository';

/** About 10 KB each in memory (the state's transcript is capped). */
const MAX_CONVERSATIONS = 5_000;

/**
 * The conversations this process ran a turn of lately, as that turn left them, so the next turn
 * needs no read. Never trusted blindly: a turn's write lands only if the stored state is still at
 * the turn it was worked out from and the deployment still serves the same flow; otherwise the
 * entry is dropped and the turn runs again from the database.
 */
export class ConversationCache {
  private readonly rows = new Map<string, TurnRow>();

  get(conversationId: string): TurnRow | undefined {
    const row = this.rows.get(conversationId);
    if (row) this.remember(row);
    return row;
  }

  /** Keeps the row, most recent last; the least recently used goes when there are too many. */
  remember(row: TurnRow): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > MAX_CONVERSATIONS) this.rows.delete(this.rows.keys().next().value as string);
  }

  forget(conversationId: string): void {
    this.rows.delete(conversationId);
  }
}
