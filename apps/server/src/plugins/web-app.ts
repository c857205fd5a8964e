import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other
 * GET outside /api so the app's router (including its own not-found page) takes over. The web chat
 * widget (`/webchat.js`, `/webchat/app.js`) and the SDK (`/sdk/parley-chat.js`) are built into the same folder.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Pages on any origin load the web chat widget and import the SDK (ES modules need CORS).
        if (/[\\/](webchat\.js$|webchat[\\/]|sdk[\\/])/.test(path))
          reply.header('access-control-allow-origin', '*');
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWebApp && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendNotFound(reply, request.method, request.url);
  });
}
