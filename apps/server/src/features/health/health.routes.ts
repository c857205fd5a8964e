import { healthApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { migrationStatus } from '../../db/migrate';
import { routeFrom } from '../../plugins/contract-route';

/**
 * Liveness and readiness (contracts: healthApi), kept apart: a database outage makes every process
 * not ready (no traffic) without making any of them look dead (restarted for nothing).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, healthApi.live, { config: { auth: 'public' } }, async () => ({ status: 'ok' as const }));

  routeFrom(app, healthApi.ready, { config: { auth: 'public' } }, async (_request, reply) => {
    const { database, jobs, lifecycle } = app.ctx;
    const databaseOk = await sql`select 1`
      .execute(database.db)
      .then(() => true)
      .catch(() => false);
    const migrations = databaseOk
      ? await migrationStatus(database.db)
      : { applied: 0, pending: 0, latest: null, unknown: [] };
    const queueOk = await jobs.isHealthy();
    const ready =
      !lifecycle.stopping &&
      databaseOk &&
      queueOk &&
      migrations.pending === 0 &&
      migrations.unknown.length === 0;
    reply.code(ready ? 200 : 503);
    return {
      status: ready ? ('ready' as const) : ('not_ready' as const),
      database: { engine: database.engine, ok: databaseOk },
      migrations,
      queue: { ok: queueOk },
      stopping: lifecycle.stopping,
    };
  });
};
