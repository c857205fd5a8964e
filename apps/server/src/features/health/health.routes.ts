import { healthApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { migrationStatus } from '../../db/migrate';
import { routeFrom } from '../../plugins/contract-route';

/** Whether this server can serve (contracts: healthApi). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, healthApi.get, { config: { auth: 'public' } }, async (_request, reply) => {
    const { database, jobs } = app.ctx;
    const databaseOk = await sql`select 1`
      .execute(database.db)
      .then(() => true)
      .catch(() => false);
    const migrations = databaseOk
      ? await migrationStatus(database.db)
      : { applied: 0, pending: 0, latest: null };
    const queueOk = await jobs.isHealthy();
    const ok = databaseOk && queueOk && migrations.pending === 0;
    reply.code(ok ? 200 : 503);
    return {
      status: ok ? ('ok' as const) : ('degraded' as const),
      database: { engine: database.engine, ok: databaseOk },
      migrations,
      queue: { ok: queueOk },
    };
  });
};
