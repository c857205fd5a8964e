import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What pages on other origins call: the chat API (widget, SDK) and the widget's telemetry. */
const PUBLIC_PATHS = /^\/(api\/chat\/|telemetry(\?|$))/;

const ANY_ORIGIN = {
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['content-type', 'authorization', 'last-event-id'],
};
const SAME_ORIGIN = { origin: false };

/**
 * CORS in one place: the public paths answer every origin (pages embed the widget); the rest of
 * the API stays same-origin, for the web app only.
 */
export async function registerPublicCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(null, PUBLIC_PATHS.test(request.url) ? ANY_ORIGIN : SAME_ORIGIN),
  });
}
