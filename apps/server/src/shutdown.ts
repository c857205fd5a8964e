import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** Left of the time limit for closing the database and the listener after the last job. */
const CLOSE_MARGIN_MS = 500;
const IDLE_SWEEP_MS = 100;

/**
 * A graceful stop: readiness answers not ready at once; after the drain time the process takes no
 * new connections or jobs, ends its event streams with a reconnect hint (clients resume on another
 * process from the last message they saw), finishes the requests it is answering (turns included)
 * and the jobs it runs. Jobs still running near the time limit go back to the queue for another
 * process. Resolves true when everything finished in time, false when the limit cut it short (a
 * turn still waiting on an outside call is then finished by another process once its claim lapses).
 */
export async function stopGracefully(app: FastifyInstance): Promise<boolean> {
  const { lifecycle, jobs, config } = app.ctx;
  const { timeoutMs, drainMs } = config.shutdown;
  const deadline = Date.now() + timeoutMs;
  lifecycle.stopping = true;
  if (drainMs > 0) await sleep(Math.min(drainMs, timeoutMs - CLOSE_MARGIN_MS));
  // Stopped now, not after the last request: a job taken while requests finish would be cut short.
  const jobsStopped = jobs.stop(Math.max(1_000, deadline - Date.now() - CLOSE_MARGIN_MS));
  // The listener's close waits for every connection; one kept alive after its last answer (a load
  // balancer's, a browser's) would hold it to the limit, so idle ones are closed as they appear.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const finished = Promise.all([jobsStopped, app.close()])
    .then(() => true)
    .finally(() => clearInterval(closeIdle));
  const limit = sleep(Math.max(0, deadline - Date.now()), false, { ref: false });
  return Promise.race([finished, limit]);
}

/** SIGTERM (and SIGINT, Ctrl+C) stop the process gracefully; it exits 0 when all finished in time. */
export function stopOnSignals(app: FastifyInstance): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received: finishing running turns and jobs, then stopping`);
      stopGracefully(app).then(
        (finished) => {
          if (!finished) {
            app.log.warn(
              `stopped at the time limit (SHUTDOWN_TIMEOUT_MS=${app.ctx.config.shutdown.timeoutMs}) before all work finished; other processes take it over`,
            );
          }
          process.exit(finished ? 0 : 1);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'graceful stop failed');
          process.exit(1);
        },
      );
    });
  }
}
