import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets: a conversation's token (EventSource cannot send headers)
 * and a recovery link's token (the page load of `/v2/recover?token=…`).
 */
const SECRET_PARAMETER = /([?&](?:token|access_token)=)[^&#]*/gi;

/** The URL with its secret query parameters blanked, as logs may show it. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1[redacted]');
}

/** Fastify's request log fields, with the URL's secrets redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
