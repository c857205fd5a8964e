import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { withAdvisoryLock } from '../db/advisory-lock';
import { type Database, type Queryable, sqlExecutorFor } from '../db/database';

/** The queues Parley runs, with the shape of each job's data. */
export interface JobPayloads {
  'mail-delivery': { outboxId: string };
  /** Mails a sign-up's confirmation link, or a notice to the address's existing account. */
  'sign-up-mail': { pendingSignUpId: string };
  /** Mails a recovery link when the address has an account. */
  'password-reset-mail': { email: string };
  /** Moves a conversation on to a module when a delay is over (spec §4). */
  'delayed-move': { conversationId: string; moduleId: string; requested: boolean };
  /** Once a minute: expires the conversations whose time is up. */
  'conversation-expiry': Record<string, never>;
  /** Once a minute: finishes turns whose process stopped while they waited on an outside call. */
  'abandoned-turns': Record<string, never>;
  /** Reads an uploaded CSV file of a dataset into rows (see features/knowledge). */
  'dataset-processing': { fileId: string };
  /** Reads an uploaded document (text, Markdown, HTML, PDF, pasted Q&A) into chunks (see features/knowledge). */
  'document-processing': { fileId: string };
  /** Embeds a ready knowledge file's rows or chunks for semantic search (see features/knowledge). */
  'knowledge-embedding': { fileId: string };
  /** An asynchronous webhook's delivery, retried with backoff (see features/webhooks). */
  'webhook-delivery': {
    deliveryId: string;
    companyId: string;
    instanceId: string;
    fields: Record<string, string>;
    variables: Record<string, unknown>;
    botId: string | null;
    conversationId: string | null;
    moduleId: string | null;
    timeoutMs: number;
  };
  /** A messaging-suite webhook post's new events, handled in order (see channels/sunshine). */
  'sunshine-events': {
    deploymentId: string;
    events: { id: string; type: string; payload: Record<string, unknown> }[];
  };
  /** Sends a messaging-suite conversation's new bot messages and syncs its control (see channels/sunshine). */
  'sunshine-outbound': {
    conversationId: string;
    /** Tries made before this job (it was queued for when the suite's `Retry-After` said). */
    attempts?: number;
  };
  /** Once an hour: forgets messaging-suite event ids older than their retention (see channels/sunshine). */
  'sunshine-event-pruning': Record<string, never>;
  /** One batch of a broadcast's recipients (see features/broadcasts); each recipient is claimed, so sent once. */
  'broadcast-send': { broadcastId: string };
  /** A scheduled broadcast's time has come: fixes its recipients and starts sending. */
  'broadcast-start': { broadcastId: string };
  /** A Messenger webhook post's new messaging events, handled in order (see channels/messenger). */
  'messenger-events': {
    deploymentId: string;
    events: {
      mid: string;
      psid: string;
      timestamp: number;
      /** A message, or a handover protocol event (thread control passed to Parley, taken, requested). */
      kind: 'text' | 'postback' | 'pass' | 'take' | 'request';
      text: string;
      payload?: string;
      /** Of a handover: the app that now holds the thread, or asks for it (null: Parley, or idle). */
      appId?: string | null;
      metadata?: string;
    }[];
  };
  /** Sends a Messenger conversation's new bot and agent messages (see channels/messenger). */
  'messenger-outbound': { conversationId: string };
  /** Translates a bot's texts into a language it offers, ahead of its visitors (see features/translation). */
  'bot-pretranslation': { companyId: string; botId: string; language: string };
  /** Opens the helpdesk (Zendesk) ticket of a web chat or Messenger handoff, once (see features/helpdesk). */
  'helpdesk-ticket': { conversationId: string; externalId: string; moduleId: string | null; reason: string };
  /** Brings a ticket's agent comments and its solving to its conversation (see features/helpdesk). */
  'helpdesk-ticket-sync': { companyId: string; ticketId: string };
  /** Adds what the visitor writes after a handoff to its ticket (see features/helpdesk). */
  'helpdesk-ticket-forward': { conversationId: string };
  /** Once a minute: folds new events and telemetry into the report rollups. */
  'report-rollup': Record<string, never>;
  /**
   * Once a minute, and every ten seconds while it finds some: types the variables of contacts
   * whose copy changed (see features/audiences).
   */
  'contact-variables-fold': Record<string, never>;
  /** Once a day: removes audit log entries older than each company keeps them. */
  'audit-retention': Record<string, never>;
  /** Once a day: removes agents' runs (traces) older than each company keeps them. */
  'agent-run-retention': Record<string, never>;
  /** Every ten minutes on the embedded database, which has no autovacuum (see db/embedded-vacuum). */
  'embedded-vacuum': Record<string, never>;
}
export type QueueName = keyof JobPayloads;

const queueSettings = {
  'mail-delivery': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInMinutes: 5 },
  'sign-up-mail': { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInMinutes: 5 },
  'password-reset-mail': { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInMinutes: 5 },
  'delayed-move': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInMinutes: 5 },
  'conversation-expiry': { retryLimit: 1, expireInMinutes: 5 },
  'abandoned-turns': { retryLimit: 1, expireInMinutes: 5 },
  'report-rollup': { retryLimit: 1, expireInMinutes: 10 },
  // One fold waiting at most (the next in ten seconds, or the minute's), one running.
  'contact-variables-fold': { retryLimit: 1, expireInMinutes: 10, policy: 'stately' },
  // Each job's retries come from the configuration (sent with it); a stopped process's attempt expires.
  'webhook-delivery': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInMinutes: 2 },
  'embedded-vacuum': { retryLimit: 0, expireInMinutes: 10 },
  'audit-retention': { retryLimit: 1, expireInMinutes: 30 },
  'agent-run-retention': { retryLimit: 1, expireInMinutes: 30 },
  'sunshine-events': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInMinutes: 5 },
  'sunshine-event-pruning': { retryLimit: 1, expireInMinutes: 10 },
  // One sender per conversation at a time (its singleton key), and one more waiting at most: a
  // job that waits sends everything stored by then. Retries come from the configuration.
  'sunshine-outbound': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 2,
    policy: 'stately',
  },
  // One opening per handoff (its singleton key); retries come from the configuration.
  'helpdesk-ticket': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInMinutes: 2 },
  // One sync per ticket at a time and one more waiting at most: a sync reads everything new.
  'helpdesk-ticket-sync': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 2,
    policy: 'stately',
  },
  // As the sync: one per conversation at a time, one more waiting; it adds everything not added yet.
  'helpdesk-ticket-forward': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 2,
    policy: 'stately',
  },
  // A stopped process's batch expires and is retried; its claimed recipients wait for their lease.
  'broadcast-send': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInMinutes: 5 },
  'broadcast-start': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInMinutes: 5 },
  'messenger-events': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInMinutes: 5 },
  // As sunshine-outbound: one sender per conversation at a time; retries from the configuration.
  'messenger-outbound': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 2,
    policy: 'stately',
  },
  // A process that stopped mid-file leaves the job to expire; the retry starts the file over.
  'dataset-processing': { retryLimit: 2, retryDelay: 5, expireInMinutes: 10 },
  'document-processing': { retryLimit: 2, retryDelay: 5, expireInMinutes: 10 },
  // A retry carries on with what is not embedded yet (EMBEDDING_ATTEMPTS counts these tries).
  'knowledge-embedding': { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInMinutes: 30 },
  // One run per bot and language at a time (its singleton key), one more waiting; retries from the config.
  'bot-pretranslation': {
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInMinutes: 15,
    policy: 'stately',
  },
} as const satisfies Record<QueueName, Omit<PgBoss.Queue, 'name'>>;

/** Which try of a job this is: 1 the first time, 2 on its first retry… */
export type JobHandler<Q extends QueueName> = (
  data: JobPayloads[Q],
  job: { attempt: number },
) => Promise<void>;

/** How a job is tried again when its handler throws (the queue's settings otherwise). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
}

/** pg-boss on Parley's own database (PGlite or PostgreSQL), through the one Database interface. */
export interface JobQueue {
  /** Enqueues in the caller's transaction: the job exists only if that transaction commits. */
  send<Q extends QueueName>(
    db: Queryable,
    queue: Q,
    data: JobPayloads[Q],
    options?: { startAfter?: Date; retry?: RetryPolicy; singletonKey?: string },
  ): Promise<void>;
  /** Runs `queue` on a cron schedule; pg-boss makes sure one process takes each run. */
  schedule(queue: QueueName, cron: string): Promise<void>;
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): Promise<void>;
  /** Wakes this process's worker now instead of at its next poll (other processes still poll). */
  wake(queue: QueueName): void;
  isHealthy(): Promise<boolean>;
  /**
   * Takes no new jobs and waits up to `timeoutMs` for the running ones; those still running then
   * go back to the queue as failed, to be retried by another process. Later calls await the first.
   */
  stop(timeoutMs?: number): Promise<void>;
}

export async function startJobQueue(
  database: Database,
  logger: FastifyBaseLogger,
  options: {
    pollingIntervalSeconds?: number;
    /** false: no maintenance or cron in the background (a queue started only to create its schema). */
    background?: boolean;
  } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: database,
    schema: 'pgboss',
    ...(options.background === false ? { supervise: false, schedule: false } : {}),
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  // Processes starting together would each create the missing queues, and deadlock doing so.
  await withAdvisoryLock(database, 'parley:job-queues', async () => {
    for (const [name, settings] of Object.entries(queueSettings)) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...settings });
    }
  });
  const workerIds = new Map<QueueName, string>();
  let stopping: Promise<void> | undefined;

  return {
    async send(db, queue, data, options = {}) {
      await boss.send(queue, data, {
        db: sqlExecutorFor(db),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.retry
          ? {
              retryLimit: options.retry.retryLimit,
              retryDelay: options.retry.retryDelaySeconds,
              retryBackoff: true,
            }
          : {}),
      });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async work(queue, handler) {
      const id = await boss.work<JobPayloads[typeof queue]>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async (jobs) => {
          try {
            for (const job of jobs) await handler(job.data, { attempt: job.retryCount + 1 });
          } finally {
            // A worker that found a job looks for the next at once: pg-boss would otherwise wait
            // its polling interval after every job, and fifty delays due together took 100 s.
            const worker = workerIds.get(queue);
            if (worker && !stopping) boss.notifyWorker(worker);
          }
        },
      );
      workerIds.set(queue, id);
    },
    wake(queue) {
      const id = workerIds.get(queue);
      if (id && !stopping) boss.notifyWorker(id);
    },
    async isHealthy() {
      try {
        return !stopping && (await boss.getQueue('mail-delivery')) !== null;
      } catch {
        return false;
      }
    },
    stop(timeoutMs = 5_000) {
      stopping ??= boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      return stopping;
    },
  };
}
