import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  migrations: z.object({
    applied: z.number().int(),
    latest: z.string().nullable(),
    pending: z.number().int(),
  }),
  queue: z.object({ ok: z.boolean() }),
});
export type Health = z.infer<typeof healthSchema>;
