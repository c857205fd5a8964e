import type { TurnOutbox } from '../context';

/** Several channels' outboxes as the one the turn runner calls: each queues for the turns it wants. */
export function allOutboxes(...outboxes: TurnOutbox[]): TurnOutbox {
  return {
    wants: (turn) => outboxes.some((outbox) => outbox.wants(turn)),
    async queue(trx, turn) {
      for (const outbox of outboxes) if (outbox.wants(turn)) await outbox.queue(trx, turn);
    },
  };
}
