import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
 * Security headers on every answer (helmet): a content security policy, nosniff, no referrer, and
 * no framing of the app by other sites (`frame-ancestors 'none'`, X-Frame-Options DENY). The
 * tester and the API reference may be framed by the app itself; the widget's files and the chat
 * API may be loaded by any site. Both header sets are built once: @fastify/helmet built them
 * again for every request, a sixth of the chat API's own cost per message.
 */
export async function registerSecurityHeaders(app: FastifyInstance, agentsApiUrl: string): Promise<void> {
  const appHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives("'none'", agentsApiUrl) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const framedByTheAppHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives("'self'", agentsApiUrl) },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = FRAMED_BY_THE_APP.test(request.url) ? framedByTheAppHeaders : appHeaders;
    headers(request.raw, reply.raw, (error?: unknown) => {
      // Replaces helmet's same-origin default.
      if (LOADED_BY_ANY_SITE.test(request.url))
        reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      done(error as Error | undefined);
    });
  });
}
