import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyAllowList, parseAllowList } from './address-policy';
import {
  checkedAddresses,
  type GuardedHttpOptions,
  guardedRequest,
  type ResolvedAddress,
  type Resolver,
} from './guarded-http';

interface Seen {
  method: string;
  path: string;
  host: string;
  authorization: string | undefined;
  body: string;
}

/** A receiver on this machine: the place a guarded call must not reach unless allowed. */
function receiver() {
  const seen: Seen[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const path = request.url ?? '/';
    seen.push({
      method: request.method ?? '',
      path,
      host: request.headers.host ?? '',
      authorization: request.headers.authorization,
      body,
    });
    const [, route, query] = /^\/([^?]*)\??(.*)$/.exec(path) ?? [];
    const params = new URLSearchParams(query);
    if (route === 'redirect') {
      response.writeHead(Number(params.get('status') ?? 302), { location: params.get('to') ?? '/' });
      response.end();
    } else if (route === 'loop') {
      response.writeHead(302, { location: '/loop' });
      response.end();
    } else if (route === 'silent') {
      // Never answers: the call's time limit ends it.
    } else if (route === 'trickle') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part…');
    } else if (route === 'huge') {
      const size = Number(params.get('size'));
      if (params.has('announce')) response.setHeader('content-length', size);
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let sent = 0; sent < size; sent += 100) response.write('x'.repeat(Math.min(100, size - sent)));
      response.end();
    } else {
      response.writeHead(200, { 'content-type': 'application/json', 'x-order': '17' });
      response.end(JSON.stringify({ status: 'shipped' }));
    }
  });
  return { server, seen };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** Simulated DNS: names to addresses, counting the questions. */
function fakeDns(names: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const entry = names[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

/** The one error a caller sees, its message exact, its reason named (the debugger shows it). */
const failure = (message: string) => ({
  name: 'OutgoingCallError',
  message,
  failure: {
    reason: message.startsWith('timed out')
      ? 'timeout'
      : message.startsWith('the answer')
        ? 'too_large'
        : 'unreachable',
    message,
  },
});

const get = (url: string, options: GuardedHttpOptions, extra: { timeoutMs?: number } = {}) =>
  guardedRequest({ method: 'GET', url, headers: {}, timeoutMs: extra.timeoutMs ?? 2_000 }, options);

describe('the guarded HTTP client for user-configured calls', () => {
  const { server, seen } = receiver();
  let port = 0;
  let closedPort = 0;
  beforeAll(async () => {
    port = await listen(server);
    const closed = createServer();
    closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    seen.length = 0;
  });

  describe('with the default configuration', () => {
    const dns = fakeDns({
      'intranet.example': ['10.0.0.5'],
      'metadata.example': ['169.254.169.254'],
      'rebind.example': ['93.184.215.14', '127.0.0.1'],
      'hooks.example.com': ['93.184.215.14'],
    });
    const options: GuardedHttpOptions = {
      allow: emptyAllowList,
      maxResponseBytes: 1_000_000,
      resolve: dns.resolve,
    };

    it.each([
      ['127.1', '127.0.0.1'],
      ['2130706433', '127.0.0.1'],
      ['0x7f000001', '127.0.0.1'],
      ['017700000001', '127.0.0.1'],
      ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
      ['[::1]', '[::1]'],
      ['0.0.0.0', '0.0.0.0'],
      ['localhost', 'localhost'],
    ])('refuses this machine spelt %s, saying only that it could not reach it', async (spelling, shown) => {
      await expect(get(`http://${spelling}:${port}/orders`, options)).rejects.toMatchObject(
        failure(`could not reach ${shown}`),
      );
      expect(seen).toEqual([]);
      expect(dns.asked).toEqual([]);
    });

    it.each(['intranet.example', 'metadata.example', 'rebind.example'])(
      'refuses %s, a name that resolves to a private address',
      async (name) => {
        await expect(get(`https://${name}/hook`, options)).rejects.toMatchObject(
          failure(`could not reach ${name}`),
        );
      },
    );

    it('answers the same for a private address with an open port as for an allowed one with a closed port', async () => {
      const refused = await get(`http://127.0.0.1:${port}/orders`, options).catch((error: Error) => error);
      const allowed = { ...options, allow: parseAllowList(['127.0.0.1']) };
      const closed = await get(`http://127.0.0.1:${closedPort}/orders`, allowed).catch(
        (error: Error) => error,
      );
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toBe('could not reach 127.0.0.1');
      expect((closed as Error).message).toBe((refused as Error).message);
      expect(seen).toEqual([]);
    });

    it('tries a destination whose every address is public', async () => {
      expect(await checkedAddresses(new URL('https://hooks.example.com/orders'), options)).toEqual([
        { address: '93.184.215.14', family: 4 },
      ]);
      expect(await checkedAddresses(new URL('https://8.8.8.8/'), options)).toEqual([
        { address: '8.8.8.8', family: 4 },
      ]);
    });

    it('refuses schemes other than http and https', async () => {
      await expect(get('ftp://hooks.example.com/file', options)).rejects.toThrow(
        'could not reach hooks.example.com',
      );
    });
  });

  describe('with an intranet host the operator allowed', () => {
    let answers = 0;
    const dns = fakeDns({
      'hooks.test': ['127.0.0.1'],
      'other.test': ['127.0.0.1'],
      // Rebinding: DNS answers the allowed address once, then one the call must never go to.
      'rebinding.test': () => (answers++ === 0 ? ['127.0.0.1'] : ['10.9.9.9']),
    });
    const options: GuardedHttpOptions = {
      allow: parseAllowList(['hooks.test', 'other.test', 'rebinding.test']),
      maxResponseBytes: 1_000,
      resolve: dns.resolve,
    };
    beforeEach(() => {
      answers = 0;
      dns.asked.length = 0;
    });

    it('connects to exactly the address it checked, asking DNS once', async () => {
      const response = await get(`http://rebinding.test:${port}/orders/17`, options);
      expect(response).toMatchObject({
        status: 200,
        body: '{"status":"shipped"}',
        headers: { 'content-type': 'application/json', 'x-order': '17' },
        durationMs: expect.any(Number),
      });
      expect(seen).toMatchObject([{ method: 'GET', path: '/orders/17', host: `rebinding.test:${port}` }]);
      expect(dns.asked).toEqual(['rebinding.test']);
    });

    it('refuses a redirect to a private address it was not allowed to reach, with the same message', async () => {
      const to = encodeURIComponent(`http://127.0.0.1:${port}/secret`);
      await expect(get(`http://hooks.test:${port}/redirect?to=${to}`, options)).rejects.toMatchObject(
        failure('could not reach hooks.test'),
      );
      expect(seen.map((request) => request.path)).toEqual([`/redirect?to=${to}`]);
    });

    it('follows redirects as fetch does, checking each hop', async () => {
      const to = encodeURIComponent(`http://other.test:${port}/final`);
      const response = await guardedRequest(
        {
          method: 'POST',
          url: `http://hooks.test:${port}/redirect?status=303&to=${to}`,
          headers: { authorization: 'Bearer secret', 'content-type': 'application/json' },
          body: '{"order":17}',
          timeoutMs: 2_000,
        },
        options,
      );
      expect(response.status).toBe(200);
      expect(seen).toMatchObject([
        { method: 'POST', authorization: 'Bearer secret', body: '{"order":17}' },
        { method: 'GET', path: '/final', host: `other.test:${port}`, authorization: undefined, body: '' },
      ]);
      expect(dns.asked).toEqual(['hooks.test', 'other.test']);
    });

    it('keeps the method and body on a 307 redirect', async () => {
      const response = await guardedRequest(
        {
          method: 'PUT',
          url: `http://hooks.test:${port}/redirect?status=307&to=/again`,
          body: 'same',
          timeoutMs: 2_000,
        },
        options,
      );
      expect(response.status).toBe(200);
      expect(seen.map(({ method, body }) => [method, body])).toEqual([
        ['PUT', 'same'],
        ['PUT', 'same'],
      ]);
    });

    it('gives up after five redirects', async () => {
      await expect(get(`http://hooks.test:${port}/loop`, options)).rejects.toThrow(
        'could not reach hooks.test',
      );
      expect(seen).toHaveLength(6);
    });

    it('refuses a redirect to another scheme', async () => {
      const to = encodeURIComponent('file:///etc/passwd');
      await expect(get(`http://hooks.test:${port}/redirect?to=${to}`, options)).rejects.toThrow(
        'could not reach hooks.test',
      );
    });

    it('ends the whole call at its time limit, waiting for an answer or for its end', async () => {
      const started = Date.now();
      await expect(
        get(`http://hooks.test:${port}/silent`, options, { timeoutMs: 300 }),
      ).rejects.toMatchObject(failure('timed out after 300 ms'));
      await expect(
        get(`http://hooks.test:${port}/trickle`, options, { timeoutMs: 300 }),
      ).rejects.toMatchObject(failure('timed out after 300 ms'));
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('reads no more of an answer than the configured size', async () => {
      expect((await get(`http://hooks.test:${port}/huge?size=1000`, options)).body).toHaveLength(1_000);
      for (const query of ['size=5000', 'size=5000&announce'])
        await expect(get(`http://hooks.test:${port}/huge?${query}`, options)).rejects.toMatchObject(
          failure('the answer from hooks.test is larger than 1000 bytes'),
        );
    });

    it('keeps its connection for the next call to the address it checked, and connects anew when the name moves', async () => {
      let moved = false;
      const moving = fakeDns({ 'moving.test': () => [moved ? '127.0.0.2' : '127.0.0.1'] });
      const allowed = { ...options, allow: parseAllowList(['moving.test']), resolve: moving.resolve };
      const { server: own, seen: got } = receiver();
      const sockets: string[] = [];
      own.on('connection', (socket) => sockets.push(socket.localAddress ?? ''));
      // Every loopback address, so the name can move from one to another.
      const ownPort = await new Promise<number>((resolve) =>
        own.listen(0, '0.0.0.0', () => resolve((own.address() as AddressInfo).port)),
      );
      try {
        for (const path of ['/a', '/b', '/c']) {
          await get(`http://moving.test:${ownPort}${path}`, allowed);
          // A turn's own work between its calls: the finished call's socket is free again by then.
          await sleep(20);
        }
        expect(got.map(({ path }) => path)).toEqual(['/a', '/b', '/c']);
        expect(sockets).toEqual(['127.0.0.1']);
        // Each call still asks DNS and checks the answer; a new address is a new connection.
        expect(moving.asked).toEqual(['moving.test', 'moving.test', 'moving.test']);
        moved = true;
        await get(`http://moving.test:${ownPort}/d`, allowed);
        expect(sockets).toEqual(['127.0.0.1', '127.0.0.2']);
      } finally {
        own.closeAllConnections();
        await new Promise((resolve) => own.close(resolve));
      }
    });
  });
});
