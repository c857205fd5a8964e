import type { ChatMessage } from '@parley/contracts';
import { batched } from '../../db/batched';
import type { Database } from '../../db/database';
import { claimTurns, persistTurns, type TurnClaim, type TurnWrite } from './conversations.repository';

/** The turn writes that run on every turn, batched across conversations (see batched.ts). */
export interface TurnWrites {
  /** Stores a turn (null: the conversation moved on since the turn read it; see persistTurns). */
  store(write: TurnWrite): Promise<ChatMessage[] | null>;
  /** Claims a conversation for a turn about to make an outside call (see claimTurns). */
  claim(claim: TurnClaim): Promise<boolean>;
}

/** At most this many turns in one statement (its JSON stays a few hundred kilobytes). */
const MAX_BATCH = 100;

export function createTurnWrites(database: Database, poolSize: number): TurnWrites {
  const { db } = database;
  // Half the pool for each kind leaves connections for reads; PGlite has one connection.
  const maxInFlight = database.engine === 'pglite' ? 1 : Math.max(1, Math.floor(poolSize / 2));
  return {
    store: batched((writes: TurnWrite[]) => persistTurns(db, writes), {
      maxInFlight,
      maxBatch: MAX_BATCH,
      keyOf: (write) => write.conversationId,
    }),
    claim: batched((claims: TurnClaim[]) => claimTurns(db, claims), {
      maxInFlight,
      maxBatch: MAX_BATCH,
      keyOf: (claim) => claim.conversationId,
    }),
  };
}
