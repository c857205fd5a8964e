import { type RouteBase, type RouteContract, type RouteInput, routeUrl } from '@parley/contracts';
import type { z } from 'zod';
import { clearAuthRecord, readAuthRecord } from '../auth/auth-record';
import { ApiError } from './api-error';

let agentsApiBaseUrl = '/agents-api';
let onSignedOut: (() => void) | undefined;

/** Set once the deployment's settings are known (see shared/config). */
export function configureRequests(options: { agentsApiBaseUrl: string; onSignedOut?: () => void }): void {
  agentsApiBaseUrl = options.agentsApiBaseUrl;
  onSignedOut = options.onSignedOut;
}

/** Requests to the agents API authenticate with `Bearer`, every other one with `JWT` (spec §7). */
export function authorizationScheme(url: string, base = window.location.origin): 'Bearer' | 'JWT' {
  const target = new URL(url, base);
  const agents = new URL(agentsApiBaseUrl, base);
  const agentsPath = agents.pathname.replace(/\/+$/, '');
  const sameHost = target.origin === agents.origin;
  const underAgents = target.pathname === agentsPath || target.pathname.startsWith(`${agentsPath}/`);
  return sameHost && (agentsPath === '' || underAgents) ? 'Bearer' : 'JWT';
}

export interface RequestOptions<S extends z.ZodType> {
  body?: unknown;
  /** A file sent as the body itself (an upload), instead of `body` as JSON. */
  file?: Blob;
  /** The answer's contract; the parsed value is returned. */
  schema?: S;
  /** Overrides the stored session (the two-factor setup step has its own token). */
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * Where the server's database log was after this tab's latest write (`Parley-Written-At`). Reads
 * send it back, so one served from a read replica sees what this person just did.
 */
let readAfter: { position: string; order: bigint } | undefined;

function rememberWrite(response: Response): void {
  const position = response.headers.get('parley-written-at');
  const match = position ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(position) : null;
  if (!position || !match) return;
  const order = (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
  if (!readAfter || order > readAfter.order) readAfter = { position, order };
}

async function send<S extends z.ZodType>(
  method: string,
  url: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const token = options.token !== undefined ? options.token : (readAuthRecord()?.token ?? null);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // A file goes as itself: CSV named so, anything else (a PDF, a Markdown file) as bytes.
    'Content-Type': options.file
      ? options.file.type === 'text/csv'
        ? 'text/csv'
        : 'application/octet-stream'
      : 'application/json',
  };
  if (token) headers.Authorization = `${authorizationScheme(url)} ${token}`;
  if (readAfter) headers['Parley-Read-After'] = readAfter.position;
  const response = await fetch(url, {
    method,
    headers,
    body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  rememberWrite(response);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const error = ApiError.fromResponse(response.status, body);
    // A refused session signs the user out everywhere in the app (spec: 401 returns to sign-in).
    if (response.status === 401 && token && options.token === undefined) {
      clearAuthRecord();
      onSignedOut?.();
    }
    throw error;
  }
  return options.schema ? options.schema.parse(body) : (body as z.infer<S>);
}

/** The request helpers every feature's api/ file uses. */
export const http = {
  get: <S extends z.ZodType>(url: string, options?: RequestOptions<S>) => send('GET', url, options),
  post: <S extends z.ZodType>(url: string, options?: RequestOptions<S>) => send('POST', url, options),
  put: <S extends z.ZodType>(url: string, options?: RequestOptions<S>) => send('PUT', url, options),
  patch: <S extends z.ZodType>(url: string, options?: RequestOptions<S>) => send('PATCH', url, options),
  delete: <S extends z.ZodType>(url: string, options?: RequestOptions<S>) => send('DELETE', url, options),
};

/**
 * Calls a route by its contract: the URL from its params and query, the body its contract types,
 * the answer parsed by its response schema.
 */
export function callRoute<C extends RouteContract & { response: S }, S extends z.ZodType>(
  contract: C & { response: S },
  input: RouteInput<C> & Pick<RequestOptions<S>, 'token' | 'signal'>,
): Promise<z.output<S>> {
  return send(contract.method, routeUrl(contract, input), {
    body: input.body,
    schema: contract.response,
    token: input.token,
    signal: input.signal,
  });
}

/**
 * Calls a route of the agents API by its contract: its path is relative to the agents base URL
 * (the deployment's `agentsApiBaseUrl`), and so it carries `Bearer` (see authorizationScheme).
 */
/** The full URL of an agents API route (for a stream read with fetch). */
export function agentsRouteUrl<C extends RouteBase>(contract: C, input: RouteInput<C>): string {
  return `${agentsApiBaseUrl.replace(/\/+$/, '')}${routeUrl(contract, input)}`;
}

export function callAgentsRoute<C extends RouteContract & { response: S }, S extends z.ZodType>(
  contract: C & { response: S },
  input: RouteInput<C> & Pick<RequestOptions<S>, 'signal'>,
): Promise<z.output<S>> {
  return send(contract.method, `${agentsApiBaseUrl.replace(/\/+$/, '')}${routeUrl(contract, input)}`, {
    body: input.body,
    schema: contract.response,
    signal: input.signal,
  });
}

/** Calls an upload route by its contract: the file is the body, the answer parsed by the contract. */
export function uploadToRoute<C extends RouteContract & { response: S }, S extends z.ZodType>(
  contract: C & { response: S },
  input: RouteInput<C> & { file: Blob },
): Promise<z.output<S>> {
  return send(contract.method, routeUrl(contract, input), { file: input.file, schema: contract.response });
}
