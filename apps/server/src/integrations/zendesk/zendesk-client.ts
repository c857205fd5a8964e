import { z } from 'zod';
import { type GuardedHttpOptions, guardedRequest, OutgoingCallError } from '../http/guarded-http';

/** Where and how Parley calls Zendesk Support (from config: tests point it at a local fake). */
export interface ZendeskSettings {
  /** An account's address, `{subdomain}` standing for its subdomain (`https://{subdomain}.zendesk.com`). */
  apiUrl: string;
  timeoutMs: number;
}

/** A connected account: its subdomain and an agent's email with an API token (opened, in memory only). */
export interface ZendeskAccount {
  subdomain: string;
  email: string;
  token: string;
}

export type ZendeskFailure = 'token_rejected' | 'rate_limited' | 'unavailable' | 'refused' | 'unreachable';

/** A Zendesk call that failed, named: whether another try may cure it, and Zendesk's own words. */
export class ZendeskError extends Error {
  override name = 'ZendeskError';
  constructor(
    readonly kind: ZendeskFailure,
    message: string,
    readonly status?: number,
    /** Zendesk's `Retry-After` (seconds) on a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  /** A rate limit, Zendesk's own trouble (5xx) or the network: another try may work. */
  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'unreachable';
  }
}

const userSchema = z.object({
  id: z.number().nullable(),
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  role: z.string().nullable().optional(),
});
const ticketSchema = z.object({
  id: z.number(),
  status: z.string(),
  requester_id: z.number().nullable().optional(),
  external_id: z.string().nullable().optional(),
});
export type ZendeskTicket = z.infer<typeof ticketSchema>;
const commentSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  public: z.boolean(),
  body: z.string().optional(),
  plain_body: z.string().optional(),
  created_at: z.string().optional(),
});
export type ZendeskComment = z.infer<typeof commentSchema>;
const commentsPageSchema = z.object({
  comments: z.array(commentSchema),
  users: z.array(userSchema).optional(),
  next_page: z.string().nullable().optional(),
});

/** What Parley asks Zendesk to open for a handoff (the Tickets API's `ticket`). */
export interface NewTicket {
  subject: string;
  /** The internal note: `public: false`, seen by agents only. */
  comment: { body: string; public: false };
  requester: { name: string; email?: string };
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  tags: string[];
  external_id: string;
}

/** At most this many pages of a ticket's comments are read (100 each): a bound on one sync. */
const MAX_COMMENT_PAGES = 10;

/**
 * A thin client of Zendesk Support's REST API for one account, through the guarded HTTP client:
 * `{email}/token:{token}` Basic authentication, JSON in and out. Failures as ZendeskError: 401 the
 * token refused, 429 rate limited (with Retry-After), 5xx unavailable, other 4xx refused, no
 * answer unreachable.
 */
export function zendeskClient(
  settings: ZendeskSettings,
  account: ZendeskAccount,
  outgoing: GuardedHttpOptions,
) {
  const base = settings.apiUrl.replace('{subdomain}', account.subdomain);
  const authorization = `Basic ${Buffer.from(`${account.email}/token:${account.token}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    let response: Awaited<ReturnType<typeof guardedRequest>>;
    try {
      response = await guardedRequest(
        {
          method,
          url: path.startsWith('http') ? path : `${base}${path}`,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          timeoutMs: settings.timeoutMs,
        },
        outgoing,
      );
    } catch (error) {
      const message = error instanceof OutgoingCallError ? error.message : String(error);
      throw new ZendeskError('unreachable', `Zendesk did not answer: ${message}`);
    }
    let parsed: unknown = null;
    try {
      parsed = response.body ? JSON.parse(response.body) : null;
    } catch {
      parsed = null;
    }
    if (response.status >= 200 && response.status < 300) return parsed;
    const said = describeError(parsed);
    const status = response.status;
    if (status === 401 || status === 403)
      throw new ZendeskError(
        'token_rejected',
        `Zendesk refused the email and API token (${status}${said})`,
        status,
      );
    if (status === 429) {
      const after = Number(response.headers['retry-after']);
      throw new ZendeskError(
        'rate_limited',
        `Zendesk's rate limit was reached (429${said})`,
        status,
        Number.isFinite(after) && after >= 0 ? after : undefined,
      );
    }
    if (status >= 500) throw new ZendeskError('unavailable', `Zendesk answered ${status}${said}`, status);
    throw new ZendeskError('refused', `Zendesk answered ${status}${said}`, status);
  }

  return {
    /** The account's agent link to a ticket. */
    ticketUrl: (ticketId: number | string) => `${base}/agent/tickets/${ticketId}`,
    /**
     * Who the token is (checks it). Zendesk answers an unauthenticated call with an anonymous user
     * (id null), not a 401: that is a refused token too, and so is an end user's.
     */
    async me() {
      const { user } = z.object({ user: userSchema }).parse(await call('GET', '/api/v2/users/me.json'));
      if (user.id === null || !['agent', 'admin'].includes(user.role ?? ''))
        throw new ZendeskError(
          'token_rejected',
          'Zendesk did not accept the email and API token as an agent’s',
        );
      return { id: user.id, name: user.name ?? account.email, email: user.email ?? account.email };
    },
    /** The ticket opened with this external id, if any (a retried handoff finds its own). */
    async ticketByExternalId(externalId: string): Promise<ZendeskTicket | undefined> {
      const answer = z
        .object({ tickets: z.array(ticketSchema) })
        .parse(await call('GET', `/api/v2/tickets.json?external_id=${encodeURIComponent(externalId)}`));
      return answer.tickets.find((ticket) => ticket.external_id === externalId);
    },
    async createTicket(ticket: NewTicket): Promise<ZendeskTicket> {
      return z.object({ ticket: ticketSchema }).parse(await call('POST', '/api/v2/tickets.json', { ticket }))
        .ticket;
    },
    async ticket(ticketId: number | string): Promise<ZendeskTicket> {
      return z.object({ ticket: ticketSchema }).parse(await call('GET', `/api/v2/tickets/${ticketId}.json`))
        .ticket;
    },
    /** Adds a public comment to a ticket as `authorId` (the requester: the visitor's own words). */
    async addComment(ticketId: number | string, comment: { body: string; authorId: number | string }) {
      await call('PUT', `/api/v2/tickets/${ticketId}.json`, {
        ticket: { comment: { body: comment.body, public: true, author_id: Number(comment.authorId) } },
      });
    },
    /** A ticket's comments, oldest first, with their authors' names (a bounded number of pages). */
    async comments(ticketId: number | string) {
      const comments: ZendeskComment[] = [];
      const names = new Map<number, string>();
      let next: string | null | undefined = `/api/v2/tickets/${ticketId}/comments.json?include=users`;
      for (let page = 0; next && page < MAX_COMMENT_PAGES; page++) {
        // Zendesk's next page is a full address: only one on the account's own host is followed.
        if (next.startsWith('http') && !next.startsWith(base)) break;
        const answer = commentsPageSchema.parse(await call('GET', next));
        comments.push(...answer.comments);
        for (const user of answer.users ?? [])
          if (user.id !== null && user.name) names.set(user.id, user.name);
        next = answer.next_page;
      }
      return { comments, names };
    },
  };
}
export type ZendeskClient = ReturnType<typeof zendeskClient>;

function describeError(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { error, description } = body as { error?: unknown; description?: unknown };
  const words = [error, description].filter((part) => typeof part === 'string' && part).join(': ');
  return words ? `: ${words.slice(0, 300)}` : '';
}
