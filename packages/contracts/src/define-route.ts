import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses a route can document; each answers the one error envelope (see errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

/** What every route contract says, whatever it answers. */
export interface RouteBase {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/bots/:id`; every `:name` is a key of `params`. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  description?: string;
  /** The API reference's group. */
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** A route that answers one JSON body (or, with `z.null()`, none). */
export interface RouteContract extends RouteBase {
  /** The success status the answer is sent with; 200 unless said. */
  status?: 200 | 201 | 202 | 204;
  response: z.ZodType;
  /** Other non-error answers with their own shape (e.g. health's 503). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  errors: readonly ErrorStatus[];
}

/** A route that answers a stream of Server-Sent Events: each event name with the shape of its data. */
export interface EventStreamContract extends RouteBase {
  /** GET to follow something; POST for a stream that answers a request (a playground's turn). */
  method: 'GET' | 'POST';
  events: Readonly<Record<string, z.ZodType>>;
  /** The errors it answers instead of opening (a refused sign-in, company or conversation). */
  errors?: readonly ErrorStatus[];
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema || !('shape' in schema) || typeof schema.shape !== 'object' || schema.shape === null) return [];
  return Object.keys(schema.shape);
}

/** A path and its params schema must name the same parameters, or a client could not build the URL. */
function assertParamsMatchPath(route: RouteBase): void {
  const inPath = pathParamNames(route.path).sort();
  const inSchema = keysOf(route.params).sort();
  if (inPath.join() !== inSchema.join()) {
    throw new Error(
      `${route.method} ${route.path}: params schema names [${inSchema}] but the path has [${inPath}]`,
    );
  }
}

/**
 * Declares a route once, for the server (which registers and validates it), the web app and the
 * SDK (which build its URL and parse its answer) and the API reference.
 */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  assertParamsMatchPath(contract);
  return contract;
}

/** Declares a Server-Sent Events route and the events it sends. */
export function defineEventStream<const C extends EventStreamContract>(contract: C): C {
  assertParamsMatchPath(contract);
  return contract;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller supplies to call a route: params when its path has some, its query, its body. */
export type RouteInput<C extends RouteBase> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: InputOf<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: InputOf<C['body']> } : { body?: undefined });

/** What a route answers once parsed by its contract. */
export type RouteResponse<C extends RouteContract> = z.output<C['response']>;

/** The data of each event of a stream, parsed. */
export type StreamEvent<C extends EventStreamContract, Name extends keyof C['events']> = z.output<
  C['events'][Name]
>;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `?a=1&b=x` from a query object: absent values are left out, arrays repeat their key. */
export function queryString(query: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(isRecord(query) ? query : {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a route (without origin) with its params filled in, encoded, and its query. */
export function routeUrl<C extends RouteBase>(contract: C, input: RouteInput<C>): string {
  const params: unknown = input.params;
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = isRecord(params) ? params[name] : undefined;
    if (value === undefined || value === null)
      throw new Error(`${contract.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return path + queryString(input.query);
}
