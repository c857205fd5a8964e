import { z } from 'zod';
import { defineRoute } from './define-route';
import { telemetryResponseSchema } from './telemetry';

/** The web app's Application Insights collector. */
export const telemetryApi = {
  collect: defineRoute({
    method: 'POST',
    path: '/telemetry',
    tags: ['telemetry'],
    summary: 'Collect the web app’s Application Insights batches (page views, events, …)',
    // Envelopes of many kinds: the collector reads the ones it keeps and counts the rest as refused.
    body: z.array(z.unknown()),
    response: telemetryResponseSchema,
    // Some envelopes refused: Application Insights' partial success.
    otherResponses: { 206: telemetryResponseSchema },
    errors: [400, 413, 429],
  }),
};
