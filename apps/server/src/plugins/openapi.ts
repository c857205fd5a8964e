import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorEnvelopeSchema } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="32" viewBox="0 0 132 32"><title>Parley</title><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 10h14a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3h-7l-5 4v-4H9a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3z" fill="#fff"/><text x="42" y="23" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#fff">Parley</text></svg>`;

/** Response schemas for the error statuses a route can answer, all with the one envelope. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;
}

/**
 * The server the reference's "Try it out" calls: the configured public URL; without one, the
 * address the reader reached this server at (behind a proxy, as it forwarded it when TRUST_PROXY
 * is on), never the port the process happens to listen on.
 */
export function documentedServerUrl(
  configuredPublicUrl: string | undefined,
  request: FastifyRequest,
): string {
  return configuredPublicUrl ?? `${request.protocol}://${request.host}`;
}

/** OpenAPI generated from the zod contracts; the reference UI at /api/docs, the document at /api/docs/json. */
export async function registerOpenApi(
  app: FastifyInstance,
  configuredPublicUrl: string | undefined,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parley API',
        description:
          'Build, run and measure chatbots. Errors answer `{ error: { name, message, details? } }`.',
        version: '1',
      },
      // Filled in for each reader (see transformSpecification below).
      servers: [],
      components: {
        securitySchemes: {
          jwt: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`JWT <token>` or `Bearer <token>`, the token from sign-in',
          },
        },
      },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    logo: { type: 'image/svg+xml', content: Buffer.from(logoSvg), href: '/', target: '_self' },
    theme: { title: 'Parley API reference' },
    // Only the top level changes, so the generated document need not be deep-copied per request.
    transformSpecificationClone: false,
    transformSpecification: (document, request) => ({
      ...document,
      servers: [{ url: documentedServerUrl(configuredPublicUrl, request) }],
    }),
  });
}
