import { healthSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { migrationStatus } from '../../db/migrate';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether the database, its migrations and the job queue are up',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
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
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { engine: database.engine, ok: databaseOk },
        migrations,
        queue: { ok: queueOk },
      });
    },
  );
};
