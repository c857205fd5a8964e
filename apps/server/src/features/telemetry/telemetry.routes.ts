import { telemetryApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import secureJson from 'secure-json-parse';
import { ValidationException } from '../../errors';
import { routeFrom } from '../../plugins/contract-route';
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

/** The web app's telemetry collector (contracts: telemetryApi). */
export const telemetryRoutes: FastifyPluginAsync = async (app) => {
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

  routeFrom(
    app,
    telemetryApi.collect,
    { config: { auth: 'public', rateLimit: { bucket: 'telemetry' } } },
    async (request, reply) => {
      const { status, body } = await ingestTelemetry(app.ctx, request.body);
      reply.code(status);
      return body;
    },
  );
};
