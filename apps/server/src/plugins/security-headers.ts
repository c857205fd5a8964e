import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Pages the app frames itself: the tester (standalone, for the Lite screens) and the API reference (a company section). */
const FRAMED_BY_THE_APP = /^\/(v2\/lite\/bots\/[^/?]+\/tester|api\/docs)(\/|\?|$)/;

/** What pages on any site load: the widget, the SDK, the chat API and the widget's telemetry. */
const LOADED_BY_ANY_SITE = /^\/(webchat\.js|webchat\/|sdk\/|api\/chat\/|telemetry(\?|$))/;

/** The origin of an absolute URL (the agents API may live on its own host), else nothing. */
function originOf(url: string): string[] {
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The app's content security policy. MUI's emotion inserts style tags ('unsafe-inline' styles);
 * scripts only from this server. Images come from anywhere (bot avatars, pictures in messages),
 * frames from https (company sections).
 */
function appDirectives(frameAncestors: string, agentsApiUrl: string) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...originOf(agentsApiUrl)],
    frameSrc: ["'self'", 'https:'],
    formAction: ["'self'"],
    frameAncestors: [frameAncestors],
  };
}

/**
 * Security headers on every answer (@fastify/helmet): a content security policy, nosniff, no
 * referrer, and no framing of the app by other sites (`frame-ancestors 'none'`, X-Frame-Options
 * DENY). The tester and the API reference may be framed by the app itself; the widget's files
 * and the chat API may be loaded by any site.
 */
export async function registerSecurityHeaders(app: FastifyInstance, agentsApiUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives("'none'", agentsApiUrl) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // After helmet's own hook, so these answers' headers replace its defaults.
  app.addHook('onRequest', async (request, reply) => {
    if (FRAMED_BY_THE_APP.test(request.url)) {
      reply.helmet({
        contentSecurityPolicy: { useDefaults: false, directives: appDirectives("'self'", agentsApiUrl) },
        frameguard: { action: 'sameorigin' },
      });
    }
    if (LOADED_BY_ANY_SITE.test(request.url))
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
  });
}
