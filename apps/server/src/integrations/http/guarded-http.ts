import { lookup as systemLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { CallFailureReason } from '@parley/contracts';
import { callFailure, OutsideCallFailed } from '@parley/engine';
import { Agent, request as undiciRequest } from 'undici';
import { type AllowList, bareHost, isAddressAllowed, isLocalhostName } from './address-policy';

/** An outgoing call a user configured (a webhook, later knowledge URLs, tools, channels). */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call: resolving, connecting, every redirect and reading the answer. */
  timeoutMs: number;
}

export interface OutgoingResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name to addresses; the system resolver unless a test supplies one. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardedHttpOptions {
  allow: AllowList;
  /** Answers longer than this are not read (a huge answer must not fill the server's memory). */
  maxResponseBytes: number;
  resolve?: Resolver;
}

/** What the caller (and so the bot builder) is told, named; the cause stays for the server's eyes. */
export class OutgoingCallError extends OutsideCallFailed {
  override name = 'OutgoingCallError';
  constructor(reason: CallFailureReason, message: string, options?: ErrorOptions) {
    super(callFailure(reason, message), options);
  }
}

/** Why a destination was not tried; never shown, so private and closed look the same. */
class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

class ResponseTooLarge extends Error {
  override name = 'ResponseTooLarge';
}

const MAX_REDIRECTS = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const loopback: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];
const defaultResolver: Resolver = (hostname) => systemLookup(hostname, { all: true });

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * Makes an HTTP call to a user-configured address, guarded against reaching Parley's own network:
 * each hop's host is resolved first, every address is checked (see isAddressAllowed), and the
 * socket connects to exactly the checked addresses, so DNS cannot answer differently in between.
 * Redirects are followed by hand (at most 5), each checked the same way. Every refused or failed
 * destination gives the same error, so the answer does not tell a private address from a closed
 * port; running out of time gives its own.
 */
export async function guardedRequest(
  request: OutgoingRequest,
  options: GuardedHttpOptions,
): Promise<OutgoingResponse> {
  const started = performance.now();
  const first = URL.parse(request.url);
  if (!first) throw new OutgoingCallError('invalid_address', `not a web address: ${request.url}`);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  let hop: Hop = {
    url: first,
    method: request.method.toUpperCase(),
    headers: withDefaults(request.headers ?? {}),
    body: request.body,
  };
  try {
    for (let redirects = 0; ; redirects++) {
      const answer = await exchange(hop, options, deadline.signal);
      if (answer.kind === 'response')
        return { ...answer.response, durationMs: Math.round(performance.now() - started) };
      if (redirects === MAX_REDIRECTS) throw new DestinationRefused('too many redirects');
      hop = redirected(hop, answer.status, answer.location);
    }
  } catch (error) {
    if (deadline.signal.aborted)
      throw new OutgoingCallError('timeout', `timed out after ${request.timeoutMs} ms`);
    if (error instanceof ResponseTooLarge)
      throw new OutgoingCallError(
        'too_large',
        `the answer from ${first.hostname} is larger than ${options.maxResponseBytes} bytes`,
      );
    throw new OutgoingCallError('unreachable', `could not reach ${first.hostname}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** What fetch would send when the caller does not say. */
function withDefaults(headers: Record<string, string>): Record<string, string> {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const defaults = Object.entries({ 'user-agent': 'Parley', accept: '*/*' }).filter(
    ([name]) => !given.has(name),
  );
  return { ...Object.fromEntries(defaults), ...headers };
}

type Exchange =
  | { kind: 'response'; response: Omit<OutgoingResponse, 'durationMs'> }
  | { kind: 'redirect'; status: number; location: string };

/** One request to one checked destination, over a connection pinned to its addresses. */
async function exchange(hop: Hop, options: GuardedHttpOptions, signal: AbortSignal): Promise<Exchange> {
  if (hop.url.protocol !== 'http:' && hop.url.protocol !== 'https:')
    throw new DestinationRefused(`scheme ${hop.url.protocol}`);
  const addresses = await checkedAddresses(hop.url, options, signal);
  const agent = pinnedPool(hop.url, addresses);
  const { statusCode, headers, body } = await undiciRequest(hop.url, {
    dispatcher: agent,
    method: hop.method,
    headers: hop.headers,
    body: hop.body,
    signal,
  });
  // Reading reports the body's errors; one left unread (a redirect, an oversized answer) is
  // destroyed, and its abort must not surface as an uncaught error.
  body.on('error', () => {});
  const location = headers.location;
  if (redirectStatuses.has(statusCode) && typeof location === 'string') {
    body.destroy();
    return { kind: 'redirect', status: statusCode, location };
  }
  const flat = Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );
  const text = await readCapped(body, options.maxResponseBytes, Number(flat['content-length']));
  return { kind: 'response', response: { status: statusCode, headers: flat, body: text } };
}

/** How many destinations keep their connections open between calls (the least recently used go). */
const MAX_POOLS = 200;
/**
 * How long an unused connection is kept (a receiver may say less in its `Keep-Alive` header): well
 * under the usual servers' own 5 s and more, so a call does not meet a socket its receiver is closing.
 */
const KEEP_ALIVE_MS = 2_000;
const pools = new Map<string, Agent>();

/**
 * The connections to one destination as checked: its origin and the addresses it resolved to now.
 * A webhook's next call reuses an open socket instead of connecting (and shaking hands for https)
 * again, which was most of the client's own time. A pool connects only to the addresses it was made
 * for, so a host that resolves elsewhere later gets another pool, checked again.
 */
function pinnedPool(url: URL, addresses: ResolvedAddress[]): Agent {
  const key = `${url.origin} ${addresses.map(({ address }) => address).join(' ')}`;
  let agent = pools.get(key);
  if (agent) pools.delete(key);
  else
    agent = new Agent({
      connect: { lookup: pinnedLookup(addresses) },
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
    });
  pools.set(key, agent);
  for (const [oldest, pool] of pools) {
    if (pools.size <= MAX_POOLS) break;
    pools.delete(oldest);
    // Calls still running on it finish; its idle sockets close.
    void pool.close().catch(() => {});
  }
  return agent;
}

/**
 * The addresses a hop may connect to, or a refusal. A host name the operator allowed is trusted
 * whatever it resolves to; otherwise every address must be public or in an allowed range (one
 * private answer among public ones is a rebinding trick, not a reason to pick the public one).
 */
export async function checkedAddresses(
  url: URL,
  options: Pick<GuardedHttpOptions, 'allow' | 'resolve'>,
  signal?: AbortSignal,
): Promise<ResolvedAddress[]> {
  const host = bareHost(url.hostname);
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : isLocalhostName(host)
      ? loopback
      : await untilAborted((options.resolve ?? defaultResolver)(host), signal);
  if (addresses.length === 0) throw new DestinationRefused(`${host} has no address`);
  if (options.allow.hostNames.has(host)) return addresses;
  const refused = addresses.find(({ address }) => !isAddressAllowed(address, options.allow));
  if (refused) throw new DestinationRefused(`${host} is ${refused.address}`);
  return addresses;
}

/**
 * A connection pool for a client that speaks its own protocol (a model's streamed answers) to a
 * user-configured address: it connects only to the addresses of `url`'s host checked now, as
 * guardedRequest does. undici's `request` follows no redirect, so no call leaves those addresses.
 */
export async function guardedDispatcher(
  url: string,
  options: Pick<GuardedHttpOptions, 'allow' | 'resolve'>,
): Promise<Agent> {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new OutgoingCallError('invalid_address', `not a web address: ${url}`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await checkedAddresses(parsed, options);
  } catch (error) {
    throw new OutgoingCallError('unreachable', `could not reach ${parsed.hostname}`, { cause: error });
  }
  return new Agent({
    keepAliveTimeout: 30_000,
    connections: 64,
    connect: { lookup: pinnedLookup(addresses) },
  });
}

/** A `lookup` for the socket that answers only the addresses already checked. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const matching = addresses.filter(
      ({ family }) => !lookupOptions.family || family === lookupOptions.family,
    );
    const [first] = matching;
    if (!first) callback(new DestinationRefused('no address of the asked family'), '', 0);
    else if (lookupOptions.all) callback(null, matching);
    else callback(null, first.address, first.family);
  };
}

/** The next hop as fetch would make it: 303 (and 301/302 after POST) become GET without a body. */
function redirected(hop: Hop, status: number, location: string): Hop {
  const url = new URL(location, hop.url);
  const toGet =
    status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  const dropped = new Set<string>();
  if (toGet) for (const name of ['content-type', 'content-length', 'content-encoding']) dropped.add(name);
  // Credentials meant for one site are not handed to the site it redirects to.
  if (url.origin !== hop.url.origin)
    for (const name of ['authorization', 'cookie', 'proxy-authorization']) dropped.add(name);
  const headers = Object.fromEntries(
    Object.entries(hop.headers).filter(([name]) => !dropped.has(name.toLowerCase())),
  );
  return { url, method: toGet ? 'GET' : hop.method, headers, body: toGet ? undefined : hop.body };
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  limit: number,
  announced: number,
): Promise<string> {
  if (announced > limit) {
    body.destroy();
    throw new ResponseTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new ResponseTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
