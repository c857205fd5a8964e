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

/**
 * One statement of each kind at a time: the turns that come while it runs go together in the next.
 * Each statement is a commit and a round trip, which cost about as much for a hundred turns as for
 * one, so fewer and fuller batches answer more turns sooner. Five at a time (half the pool) gave
 * 1 200–1 300 LLM answers/s at 0 latency and 50 visitors with p99 68–80 ms; one gives
 * 1 700–1 760/s with p99 54–55 ms, and the chat API 30 % more turns at concurrency 10 and 50
 * (bench/README.md). It leaves the pool to reads.
 */
const MAX_IN_FLIGHT = 1;

export function createTurnWrites(database: Database): TurnWrites {
  const { db } = database;
  // PGlite runs each statement on this thread: gathered by round, its turns went 2.7 times as
  // fast in the chat API at concurrency 50 (545 to 1 481 turns/s; bench/README.md).
  const gatherEachRound = database.engine === 'pglite';
  return {
    store: batched((writes: TurnWrite[]) => persistTurns(db, writes), {
      maxInFlight: MAX_IN_FLIGHT,
      gatherEachRound,
      maxBatch: MAX_BATCH,
      keyOf: (write) => write.conversationId,
    }),
    claim: batched((claims: TurnClaim[]) => claimTurns(db, claims), {
      maxInFlight: MAX_IN_FLIGHT,
      gatherEachRound,
      maxBatch: MAX_BATCH,
      keyOf: (claim) => claim.conversationId,
    }),
  };
}
