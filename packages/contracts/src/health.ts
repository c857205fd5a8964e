import { z } from 'zod';

/** The process answers: it need not be restarted (whatever its database is doing). */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/** Whether this process should be sent traffic, and if not, what is wrong. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  migrations: z.object({
    applied: z.number().int(),
    latest: z.string().nullable(),
    pending: z.number().int(),
    /** Applied migrations this server's code does not know: the database is newer than it. */
    unknown: z.array(z.string()),
  }),
  queue: z.object({ ok: z.boolean() }),
  /** The process is stopping (SIGTERM): it finishes what it runs and takes nothing new. */
  stopping: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
