import { telemetryResponseSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import secureJson from 'secure-json-parse';
import { z } from 'zod';
import { ValidationException } from '../../errors';
import { errorResponses } from '../../plugins/openapi';
import { ingestTelemetry } from './telemetry.service';

const parseOptions = { protoAction: 'error', constructorAction: 'error' } as const;

/** A JSON array, or newline-delimited envelopes (`application/x-json-stream`, as the SDK may send). */
function parseBatch(text: string): unknown[] {
  try {
    const parsed: unknown = secureJson.parse(text, undefined, parseOptions);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    try {
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => secureJson.parse(line, undefined, parseOptions) as unknown);
    } catch {
      throw new ValidationException('The telemetry batch is not valid JSON');
    }
  }
}

export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Browsers send batches as JSON, and on page unload through sendBeacon as text/plain.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'text/plain', 'application/x-json-stream'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, parseBatch(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.post(
    '/telemetry',
    {
      config: { auth: 'public', rateLimit: { bucket: 'telemetry' } },
      schema: {
        tags: ['telemetry'],
        summary: 'Collect the web app’s Application Insights batches (page views, events, …)',
        security: [],
        body: z.array(z.unknown()),
        response: {
          200: telemetryResponseSchema,
          206: telemetryResponseSchema,
          ...errorResponses(400, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { status, body } = await ingestTelemetry(
        app.ctx.database.db,
        app.ctx.config.telemetryInstrumentationKey,
        request.body,
      );
      return reply.code(status).send(body);
    },
  );
};
