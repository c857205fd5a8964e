import { Worker } from 'node:worker_threads';
import type { NluIntent } from '@parley/engine';
import type { NluLimits } from '@parley/flow';

/** What the host asks the worker thread to train. */
export interface TrainRequest {
  language: string;
  intents: NluIntent[];
  limits: NluLimits;
}
/** The exported model, or why there is none. */
export type TrainReply = { model: string } | { error: string };

export interface TrainJob extends TrainRequest {
  botId: string;
}

/** How intent models get trained; the server's NLU model store asks it. */
export interface NluTrainer {
  train(job: TrainJob): Promise<string>;
  close(): Promise<void>;
}

/** A queued training dropped because a newer model of the same bot was asked for. */
export class TrainingSuperseded extends Error {
  override name = 'TrainingSuperseded';
}

/** Heap of the training thread: a model within the default limits needs far less. */
const WORKER_HEAP_MB = 1024;

/**
 * Where the worker's entry is: beside the bundle in dist/ when built (build.mjs emits it), or,
 * running from TypeScript sources (vitest, `npm run dev`), a bootstrap that loads it through tsx.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './nlu-worker.dev.mjs' : './nlu-worker.js', here);
}

interface Queued extends TrainJob {
  resolve(model: string): void;
  reject(error: Error): void;
}

/**
 * Trains in one worker thread, one model at a time (a server has few cores; conversations need
 * the others). A bot has at most one training waiting: a newer one replaces it. The thread starts
 * on the first job and again after a crash.
 */
export function workerTrainer(): NluTrainer {
  let worker: Worker | undefined;
  let running: Queued | undefined;
  let closed = false;
  const queue: Queued[] = [];

  const finish = (reply: TrainReply | Error) => {
    const job = running;
    running = undefined;
    if (job) {
      if (reply instanceof Error) job.reject(reply);
      else if ('model' in reply) job.resolve(reply.model);
      else job.reject(new Error(reply.error));
    }
    next();
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const started = new Worker(workerEntry(), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // Training in progress must not keep a closing process alive.
    started.unref();
    started.on('message', (reply: TrainReply) => finish(reply));
    // A thread that failed is done with: the next job starts a new one.
    started.on('error', (error) => {
      worker = undefined;
      finish(new Error(`Training failed: ${error.message}`));
    });
    started.on('exit', (code) => {
      if (worker !== started) return;
      worker = undefined;
      if (running) finish(new Error(`Training stopped (the training thread exited with code ${code})`));
    });
    worker = started;
    return started;
  };

  const next = () => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    running = job;
    const request: TrainRequest = { language: job.language, intents: job.intents, limits: job.limits };
    thread().postMessage(request);
  };

  return {
    train(job) {
      if (closed) return Promise.reject(new Error('The server is shutting down'));
      const waiting = queue.findIndex((queued) => queued.botId === job.botId);
      if (waiting >= 0)
        queue
          .splice(waiting, 1)[0]
          ?.reject(new TrainingSuperseded('A newer model of this bot was asked for'));
      return new Promise<string>((resolve, reject) => {
        queue.push({ ...job, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The server is shutting down'));
      await worker?.terminate();
    },
  };
}
