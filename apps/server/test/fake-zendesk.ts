import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Zendesk user: agents (with an API token) and end users (requesters). */
export interface FakeZendeskUser {
  id: number;
  name: string;
  email: string | null;
  role: 'end-user' | 'agent' | 'admin';
  /** An agent's API token (Admin Center, Zendesk API). */
  token?: string;
}
export interface FakeZendeskComment {
  id: number;
  type: 'Comment';
  author_id: number;
  body: string;
  html_body: string;
  plain_body: string;
  public: boolean;
  created_at: string;
}
export interface FakeZendeskTicket {
  id: number;
  url: string;
  external_id: string | null;
  subject: string;
  status: 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';
  priority: string | null;
  requester_id: number;
  submitter_id: number;
  tags: string[];
  created_at: string;
  updated_at: string;
  comments: FakeZendeskComment[];
}
export interface FakeZendeskCall {
  method: string;
  path: string;
  subdomain: string;
  /** Who the Basic credentials name (`email/token`), null without them. */
  email: string | null;
  body: Record<string, unknown> | null;
  status: number;
}
/** A webhook call as Zendesk makes it: the signed headers and the raw body. */
export interface FakeZendeskDelivery {
  headers: Record<string, string>;
  body: string;
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
};

/**
 * A local Zendesk Support account server speaking its REST wire format (`/api/v2/…` under
 * `/{subdomain}`, so the base URL is `{origin}/{subdomain}`): Basic `{email}/token:{token}`
 * authentication (an unauthenticated `users/me` answers the anonymous user, as Zendesk does;
 * other calls 401), tickets with comments, `external_id` lookups, `include=users` side-loading,
 * 429 with `Retry-After` and 5xx on demand, and its webhooks signed as Zendesk signs them
 * (HMAC-SHA256 of timestamp + body, base64).
 */
export function fakeZendesk(accounts: Record<string, { agents: Omit<FakeZendeskUser, 'id' | 'role'>[] }>) {
  let nextUser = 360_000_000_001;
  let nextTicket = 101;
  let nextComment = 9_000_000_001;
  const users = new Map<string, FakeZendeskUser[]>();
  const tickets = new Map<string, FakeZendeskTicket[]>();
  for (const [subdomain, account] of Object.entries(accounts)) {
    users.set(
      subdomain,
      account.agents.map((agent) => ({ ...agent, id: nextUser++, role: 'admin' as const })),
    );
    tickets.set(subdomain, []);
  }
  const calls: FakeZendeskCall[] = [];
  const failures: { status: number; retryAfter?: number }[] = [];
  const webhook = { secret: randomBytes(32).toString('base64'), target: null as string | null };
  let origin = '';

  function authenticated(subdomain: string, request: IncomingMessage): FakeZendeskUser | null {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return null;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const match = /^(.+)\/token:(.+)$/.exec(decoded);
    if (!match) return null;
    return (
      users
        .get(subdomain)
        ?.find((user) => user.role !== 'end-user' && user.email === match[1] && user.token === match[2]) ??
      null
    );
  }

  const userView = ({ token: _token, ...user }: FakeZendeskUser) => ({
    ...user,
    url: `${origin}/api/v2/users/${user.id}.json`,
    active: true,
  });
  const ticketView = ({ comments: _comments, ...ticket }: FakeZendeskTicket) => ticket;

  function requesterOf(subdomain: string, given: { name?: unknown; email?: unknown }): FakeZendeskUser {
    const list = users.get(subdomain) ?? [];
    const email = typeof given.email === 'string' ? given.email.toLowerCase() : null;
    const known = email ? list.find((user) => user.email === email) : undefined;
    if (known) return known;
    const created: FakeZendeskUser = {
      id: nextUser++,
      name: typeof given.name === 'string' ? given.name : (email ?? 'Unknown'),
      email,
      role: 'end-user',
    };
    list.push(created);
    return created;
  }

  function comment(author: number, body: string, isPublic: boolean): FakeZendeskComment {
    return {
      id: nextComment++,
      type: 'Comment',
      author_id: author,
      body,
      html_body: `<div class="zd-comment"><p>${body}</p></div>`,
      plain_body: body,
      public: isPublic,
      created_at: now(),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const [, subdomain = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const agent = authenticated(subdomain, request);
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      calls.push({
        method: request.method ?? 'GET',
        path: `${path}${url.search}`,
        subdomain,
        email: agent?.email ?? null,
        body,
        status,
      });
      json(response, status, payload, headers);
    };
    if (!users.has(subdomain)) return answer(404, { error: 'InvalidEndpoint', description: 'Not found' });
    const failure = failures.shift();
    if (failure)
      return answer(
        failure.status,
        failure.status === 429
          ? {
              error: 'APIRateLimitExceeded',
              description: 'Number of allowed API requests per minute exceeded',
            }
          : { error: 'ServiceUnavailable', description: 'Server Error' },
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      );
    if (request.method === 'GET' && path === '/api/v2/users/me.json') {
      // Zendesk answers an unauthenticated caller with the anonymous user, not 401.
      return answer(200, {
        user: agent
          ? userView(agent)
          : { id: null, url: null, name: 'Anonymous user', email: 'invalid@example.com', role: 'end-user' },
      });
    }
    if (!agent) return answer(401, { error: "Couldn't authenticate you" });
    const list = tickets.get(subdomain) ?? [];
    if (request.method === 'POST' && path === '/api/v2/tickets.json') {
      const ticket = body?.ticket as Record<string, unknown> | undefined;
      const first = ticket?.comment as { body?: unknown; public?: unknown } | undefined;
      if (!ticket || typeof first?.body !== 'string' || first.body === '')
        return answer(422, {
          error: 'RecordInvalid',
          description: 'Record validation errors',
          details: { base: [{ description: 'Description: cannot be blank', error: 'BlankValue' }] },
        });
      const requester = requesterOf(subdomain, (ticket.requester ?? {}) as Record<string, unknown>);
      const created: FakeZendeskTicket = {
        id: nextTicket++,
        url: '',
        external_id: typeof ticket.external_id === 'string' ? ticket.external_id : null,
        subject: typeof ticket.subject === 'string' ? ticket.subject : '',
        status: 'new',
        priority: typeof ticket.priority === 'string' ? ticket.priority : null,
        requester_id: requester.id,
        submitter_id: agent.id,
        tags: Array.isArray(ticket.tags) ? ticket.tags.map(String) : [],
        created_at: now(),
        updated_at: now(),
        comments: [comment(agent.id, first.body, first.public !== false)],
      };
      created.url = `${origin}/${subdomain}/api/v2/tickets/${created.id}.json`;
      list.push(created);
      return answer(201, { ticket: ticketView(created) }, { location: created.url });
    }
    if (request.method === 'GET' && path === '/api/v2/tickets.json') {
      const externalId = url.searchParams.get('external_id');
      const found = list.filter((ticket) => externalId === null || ticket.external_id === externalId);
      return answer(200, {
        tickets: found.map(ticketView),
        next_page: null,
        previous_page: null,
        count: found.length,
      });
    }
    const one = /^\/api\/v2\/tickets\/(\d+)(\/comments)?\.json$/.exec(path);
    const ticket = one && list.find((candidate) => candidate.id === Number(one[1]));
    if (request.method === 'PUT' && one && !one[2]) {
      if (!ticket) return answer(404, { error: 'RecordNotFound', description: 'Not found' });
      const update = (body?.ticket ?? {}) as {
        comment?: { body?: unknown; public?: unknown; author_id?: unknown };
      };
      const added = update.comment;
      if (added) {
        if (typeof added.body !== 'string' || added.body === '')
          return answer(422, { error: 'RecordInvalid', description: 'Record validation errors' });
        const author = typeof added.author_id === 'number' ? added.author_id : agent.id;
        ticket.comments.push(comment(author, added.body, added.public !== false));
        // A requester's comment reopens a ticket waiting on them, as Zendesk does.
        if (author === ticket.requester_id && ticket.status !== 'closed') ticket.status = 'open';
        ticket.updated_at = now();
      }
      return answer(200, { ticket: ticketView(ticket) });
    }
    if (request.method === 'GET' && one) {
      if (!ticket) return answer(404, { error: 'RecordNotFound', description: 'Not found' });
      if (!one[2]) return answer(200, { ticket: ticketView(ticket) });
      const authors = new Set(ticket.comments.map((item) => item.author_id));
      return answer(200, {
        comments: ticket.comments,
        ...(url.searchParams.get('include') === 'users'
          ? { users: (users.get(subdomain) ?? []).filter((user) => authors.has(user.id)).map(userView) }
          : {}),
        next_page: null,
        previous_page: null,
        count: ticket.comments.length,
      });
    }
    return answer(404, { error: 'InvalidEndpoint', description: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, response, Buffer.concat(chunks).toString('utf8')).catch((error) =>
        json(response, 500, { error: String(error) }),
      );
    });
  });

  function ticketOf(id: number | string): { subdomain: string; ticket: FakeZendeskTicket } {
    for (const [subdomain, list] of tickets) {
      const ticket = list.find((candidate) => candidate.id === Number(id));
      if (ticket) return { subdomain, ticket };
    }
    throw new Error(`No ticket ${id}`);
  }

  /** The webhook call Zendesk makes for a trigger whose body is `{ "ticket_id": "{{ticket.id}}", … }`. */
  function delivery(ticketId: number | string, options: { secret?: string; timestamp?: string } = {}) {
    const { ticket } = ticketOf(ticketId);
    const body = JSON.stringify({ ticket_id: String(ticket.id), status: ticket.status });
    const timestamp = options.timestamp ?? now();
    const signature = createHmac('sha256', options.secret ?? webhook.secret)
      .update(timestamp + body)
      .digest('base64');
    return {
      headers: {
        'content-type': 'application/json',
        'x-zendesk-webhook-id': '01GZ8M4X5Z2Q7N6J3K1H0F9E8D',
        'x-zendesk-webhook-invocation-id': String(nextComment),
        'x-zendesk-webhook-signature': signature,
        'x-zendesk-webhook-signature-timestamp': timestamp,
      },
      body,
    } satisfies FakeZendeskDelivery;
  }

  /** Calls the webhook's endpoint (when one is set), as a trigger on ticket updates does. */
  async function notify(ticketId: number) {
    if (!webhook.target) return null;
    const { headers, body } = delivery(ticketId);
    const response = await fetch(webhook.target, { method: 'POST', headers, body });
    return response.status;
  }

  return {
    calls,
    webhook,
    tickets: (subdomain: string) => tickets.get(subdomain) ?? [],
    userById: (subdomain: string, id: number) => users.get(subdomain)?.find((user) => user.id === id),
    /** The next calls answer these statuses (429 with its Retry-After) instead. */
    failNext(...statuses: { status: number; retryAfter?: number }[]) {
      failures.push(...statuses);
    },
    delivery,
    /** An agent writes on the ticket (public unless said), then the trigger calls the webhook. */
    async agentComments(ticketId: number, text: string, options: { agent?: string; public?: boolean } = {}) {
      const { subdomain, ticket } = ticketOf(ticketId);
      const agents = (users.get(subdomain) ?? []).filter((user) => user.role !== 'end-user');
      const author = agents.find((user) => user.name === options.agent) ?? agents[0];
      if (!author) throw new Error('No agent');
      ticket.comments.push(comment(author.id, text, options.public !== false));
      ticket.status = 'open';
      ticket.updated_at = now();
      return notify(ticketId);
    },
    /** The requester writes on the ticket (by mail, say), then the trigger calls the webhook. */
    async requesterComments(ticketId: number, text: string) {
      const { ticket } = ticketOf(ticketId);
      ticket.comments.push(comment(ticket.requester_id, text, true));
      return notify(ticketId);
    },
    async solve(ticketId: number) {
      const { ticket } = ticketOf(ticketId);
      ticket.status = 'solved';
      ticket.updated_at = now();
      return notify(ticketId);
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return origin;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeZendesk = ReturnType<typeof fakeZendesk>;
