import { defineRoute } from './define-route';
import { healthSchema } from './health';

/** Whether this server can serve: for load balancers and uptime checks. */
export const healthApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/health',
    tags: ['health'],
    summary: 'Whether the database, its migrations and the job queue are up',
    response: healthSchema,
    // Degraded: the same shape, so a monitor reads what is down.
    otherResponses: { 503: healthSchema },
    errors: [],
  }),
};
