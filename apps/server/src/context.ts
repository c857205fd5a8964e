import type { ChatMessage } from '@parley/contracts';
import type { ConversationState, EngineEvent, EngineServices, NluEngine, TurnInput } from '@parley/engine';
import type { Flow } from '@parley/flow';
import type { AppConfig } from './config';
import type { Database, Queryable } from './db/database';
import type { ConversationCache } from './features/conversations/conversation-cache';
import type { FlowCache, KeyedLock } from './features/conversations/flow-cache';
import type { TurnWrites } from './features/conversations/turn-writes';
import type { CsvReader } from './features/knowledge/csv-reader';
import type { MailTransport } from './features/mail/mail.service';
import type { SharedHitCounts } from './features/rate-limits/shared-hit-counts';
import type { MachineTranslation } from './features/translation/machine-translation';
import type { GuardedHttpOptions } from './integrations/http/guarded-http';
import type { Embedder } from './integrations/openai/openai-embeddings';
import type { ShopifyClient } from './integrations/shopify/shopify-client';
import type { JobQueue } from './jobs/job-queue';
import type { ConversationBus } from './realtime/conversation-bus';
import type { SecretBox } from './sealed-secrets';

/**
 * What listeners of stored turns learn (see `conversations.afterTurn`): the conversation, what
 * brought the turn (an agent id: an inbox agent took control, null: gave it back), what it stored.
 */
export interface StoredTurn {
  conversation: { id: string; channel: string; deployment_id: string };
  request: { input: TurnInput; agentId?: string | null };
  outcome: { messages: ChatMessage[]; events: EngineEvent[] };
}

/** A turn about to be stored, as a channel's outbox sees it (see `conversations.turnOutbox`). */
export interface PlannedTurn {
  conversation: StoredTurn['conversation'];
  request: StoredTurn['request'];
  outcome: {
    messages: { role: string }[];
    events: EngineEvent[];
    /** The conversation's variables as the turn leaves them. */
    variables: Readonly<Record<string, unknown>>;
    /** The conversation's status as the turn leaves it (`human`: a person has it). */
    status: ConversationState['status'];
  };
  /** The flow the turn ran. */
  flow: Flow;
}

/** What a channel queues in a turn's own commit (see `conversations.turnOutbox`). */
export interface TurnOutbox {
  /** Whether this turn gives the channel something to do. */
  wants(turn: PlannedTurn): boolean;
  queue(trx: Queryable, turn: PlannedTurn): Promise<void>;
}

/** Config with the secrets resolved (see secrets.ts). */
export type ServerConfig = AppConfig & { jwtSecret: string; secretsKey: string };

/** What routes and jobs need from the running server; one per app, built by buildApp. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  jobs: JobQueue;
  mail: MailTransport;
  /** Reads uploaded CSV files on a thread of its own (see csv-reader.ts). */
  csv: CsvReader;
  /** Seals and opens the secrets users store (see sealed-secrets.ts). */
  secrets: SecretBox;
  /** How every call to an address a user typed is made (the SSRF guard's allow list, caps, DNS). */
  outgoing: GuardedHttpOptions;
  conversations: {
    flows: FlowCache;
    /** Conversations as this process's last turn of each left them. */
    cache: ConversationCache;
    locks: KeyedLock;
    nlu: NluEngine;
    /** The engine's ports; the knowledge and store ports are made per bot and company (knowledgePort, storePort). */
    engineServices: Omit<EngineServices, 'knowledge' | 'store'>;
    bus: ConversationBus;
    /** Names this process in the claims of turns waiting on outside calls (see turn-runner.ts). */
    instanceId: string;
    /** Stores and claims turns, many conversations' in one statement when they come together. */
    writes: TurnWrites;
    /** Visitors' messages per minute, counted across processes (see chat-limits.ts). */
    messageCounts: SharedHitCounts;
    /**
     * Hears of every stored turn (after its stored-notice): channels that deliver messages
     * themselves (the messaging suite) queue them here. Never throws, never waits.
     */
    afterTurn?: (turn: StoredTurn) => void;
    /**
     * Work a channel queues in the turn's own commit (the messaging suite's sends and passes of
     * control): it exists exactly when the turn does. `wants` says which turns need it; those are
     * stored in a transaction of their own rather than in a batched write.
     */
    turnOutbox?: TurnOutbox;
  };
  /** Calls to companies' Shopify stores: each store's cost bucket and a short answer cache. */
  shopify: ShopifyClient;
  /** Machine translation for conversations: the companies' caches and keys, the bots' languages. */
  translation: MachineTranslation;
  /** Embeds knowledge and questions for semantic search (undefined: no embeddings model set up). */
  embedder: Embedder | undefined;
  realtime: {
    /** How often event streams send a heartbeat (HEARTBEAT_MS; tests go faster). */
    heartbeatMs: number;
  };
  /** Set once the process has been asked to stop (see shutdown.ts): readiness answers not ready. */
  lifecycle: { stopping: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
