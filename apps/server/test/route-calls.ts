import type { FastifyInstance, InjectOptions } from 'fastify';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A route table's method as `inject` takes it. */
export function methodOf(method: string): (typeof methods)[number] {
  const known = methods.find((each) => each === method);
  if (!known) throw new Error(`no test call for ${method}`);
  return known;
}

/**
 * `inject`, but an event stream answers as soon as it opens (it would never end): its status,
 * and no body.
 */
export async function callRoute(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ statusCode: number; body: string; name?: string }> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: response.statusCode, body: '(event stream)' };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, body, name: JSON.parse(body || 'null')?.error?.name };
}
