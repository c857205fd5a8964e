import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, queryString, routeUrl } from './define-route';

const getBot = defineRoute({
  method: 'GET',
  path: '/api/bots/:id/versions/:version',
  tags: ['bots'],
  summary: 'A version of a bot',
  params: z.strictObject({ id: z.string(), version: z.coerce.number() }),
  query: z.strictObject({ mode: z.string().optional(), tag: z.array(z.string()).optional() }),
  response: z.object({ ok: z.boolean() }),
  errors: [404],
});

describe('route contracts', () => {
  it('build their URL with every parameter encoded', () => {
    expect(routeUrl(getBot, { params: { id: 'a/b c', version: 3 } })).toBe('/api/bots/a%2Fb%20c/versions/3');
  });

  it('add the query, leaving absent values out and repeating lists', () => {
    expect(
      routeUrl(getBot, { params: { id: 'b', version: 1 }, query: { mode: undefined, tag: ['x', 'y'] } }),
    ).toBe('/api/bots/b/versions/1?tag=x&tag=y');
    expect(queryString({})).toBe('');
    expect(queryString({ page: 2, on: true, none: null })).toBe('?page=2&on=true');
  });

  it('refuse a params schema that does not name the path’s parameters', () => {
    const declare = () =>
      defineRoute({
        method: 'GET',
        path: '/api/bots/:id',
        tags: [],
        summary: 'A bot',
        params: z.strictObject({ botId: z.string() }),
        response: z.null(),
        errors: [],
      });
    expect(declare).toThrow('GET /api/bots/:id: params schema names [botId] but the path has [id]');
  });
});
