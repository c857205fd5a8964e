import { defineRoute } from './define-route';
import { livenessSchema, readinessSchema } from './health';

/** For load balancers, orchestrators and uptime checks: one question each. */
export const healthApi = {
  live: defineRoute({
    method: 'GET',
    path: '/api/health',
    tags: ['health'],
    summary: 'Whether this server process is alive (restart it if not)',
    response: livenessSchema,
    errors: [],
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/health/ready',
    tags: ['health'],
    summary: 'Whether this server process should get traffic: database reachable, migrations current',
    response: readinessSchema,
    // Not ready: the same shape, so a monitor reads what is down.
    otherResponses: { 503: readinessSchema },
    errors: [],
  }),
};
