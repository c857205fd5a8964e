import type { EventStreamContract, RouteContract } from '@parley/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import type { z } from 'zod';
import { audited } from '../features/audit/audit-trail';
import { type EventStream, eventStreams } from '../realtime/event-stream';
import { errorResponses } from './openapi';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request as its contract parsed it: typed params, query and body. */
export type ContractRequest<C extends RouteContract | EventStreamContract> = FastifyRequest<{
  Params: Parsed<C['params']>;
  Querystring: Parsed<C['query']>;
  Body: Parsed<C['body']>;
}>;

/** What a handler answers: the contract's response (for a `z.null()` response, nothing). */
type Answer<C extends RouteContract> =
  z.input<C['response']> extends null ? null | undefined : z.input<C['response']>;

/** What the server adds to a contract: who may call it (see plugins/authenticate) and an early hook. */
export interface ServerRouteOptions<C extends RouteContract | EventStreamContract> {
  config: FastifyContextConfig;
  /** Bytes a body may have, when a route takes more than the server's default (flows of large bots). */
  bodyLimit?: number;
  /** Runs before validation (e.g. a rate limit); path params are the router's strings. */
  onRequest?: (request: FastifyRequest<{ Params: Parsed<C['params']> }>) => Promise<void>;
}

function schemaOf(
  contract: RouteContract | EventStreamContract,
  config: FastifyContextConfig,
  response?: FastifySchema['response'],
): FastifySchema {
  return {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    // Public routes need no sign-in: the reference shows no lock on them.
    ...(config.auth === 'public' ? { security: [] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(response ? { response } : {}),
  };
}

/**
 * Registers a route from its contract: the contract validates the request and the answer and
 * documents it; the handler only does the work and returns the answer, sent with the contract's
 * status (a handler may still set headers, or another status its contract documents).
 */
export function routeFrom<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  options: ServerRouteOptions<C>,
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<Answer<C>>,
): void {
  const status = contract.status ?? 200;
  if (options.config.audit && options.config.auth === 'public') {
    throw new Error(`${contract.method} ${contract.path}: an audited route needs a signed-in caller`);
  }
  app.route<{ Params: Parsed<C['params']>; Querystring: Parsed<C['query']>; Body: Parsed<C['body']> }>({
    method: contract.method,
    url: contract.path,
    config: options.config,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: schemaOf(contract, options.config, {
      [status]: contract.response,
      ...contract.otherResponses,
      ...errorResponses(...contract.errors),
    }),
    handler: async (request, reply) => {
      reply.code(status);
      const { audit } = options.config;
      const answer = audit
        ? await audited(app, request, audit, () => handler(request, reply))
        : await handler(request, reply);
      return reply.send(answer ?? null);
    },
  });
}

/**
 * Registers a Server-Sent Events route from its contract; the handler opens the stream, which
 * sends only the events the contract declares, each with its declared data.
 */
export function eventStreamFrom<C extends EventStreamContract>(
  app: FastifyInstance,
  contract: C,
  options: ServerRouteOptions<C>,
  handler: (
    request: ContractRequest<C>,
    open: (options: Parameters<ReturnType<typeof eventStreams>>[1]) => EventStream<C['events']>,
  ) => Promise<void>,
): void {
  const openStream = eventStreams(app);
  app.route<{ Params: Parsed<C['params']>; Querystring: Parsed<C['query']>; Body: Parsed<C['body']> }>({
    method: contract.method,
    url: contract.path,
    config: options.config,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    schema: schemaOf(
      contract,
      options.config,
      contract.errors ? errorResponses(...contract.errors) : undefined,
    ),
    handler: async (request, reply) => {
      await handler(request, (streamOptions) => openStream<C['events']>(reply, streamOptions));
    },
  });
}
