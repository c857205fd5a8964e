import { z } from 'zod';
import { type GuardedHttpOptions, guardedRequest } from '../http/guarded-http';

/** How long one call to Graph may take. */
export const GRAPH_TIMEOUT_MS = 10_000;

/** Graph's error codes Parley acts on (developers.facebook.com/docs/graph-api/guides/error-handling). */
export const GRAPH_CODES = {
  /** Application, user or Page request limit reached: wait and try again. */
  rateLimits: [4, 17, 32, 613],
  /** Temporary: an unknown or service error. */
  temporary: [1, 2],
  /** The access token expired, was revoked or is not valid. */
  invalidToken: 190,
  /** This person isn't available right now (blocked the Page, deactivated). */
  unavailable: 551,
  /** Permission errors; with subcode 2018278, "This message is sent outside of allowed window". */
  permission: 10,
} as const;
/** The Send API's subcode for a message sent outside the window its type or tag allows. */
const OUTSIDE_WINDOW_SUBCODE = 2018278;
/** The Send API's subcode for "this person isn't available right now". */
const UNAVAILABLE_SUBCODE = 1545041;

/** Graph answered with its error envelope: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export class GraphApiError extends Error {
  override name = 'GraphApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | null,
    readonly subcode: number | null,
    readonly fbtraceId: string | null,
  ) {
    super(message);
  }
  /** What kind of failure it is, for deciding whether to try again. */
  get kind():
    | 'rate-limited'
    | 'temporary'
    | 'token-invalid'
    | 'recipient-unavailable'
    | 'outside-window'
    | 'refused' {
    if (this.code === GRAPH_CODES.invalidToken) return 'token-invalid';
    if (this.code === GRAPH_CODES.permission && this.subcode === OUTSIDE_WINDOW_SUBCODE)
      return 'outside-window';
    if (this.code === GRAPH_CODES.unavailable || this.subcode === UNAVAILABLE_SUBCODE)
      return 'recipient-unavailable';
    if (this.code !== null && (GRAPH_CODES.rateLimits as readonly number[]).includes(this.code))
      return 'rate-limited';
    if (
      this.status >= 500 ||
      (this.code !== null && (GRAPH_CODES.temporary as readonly number[]).includes(this.code))
    )
      return 'temporary';
    return 'refused';
  }
  get transient(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'temporary';
  }
}

const errorEnvelopeSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().int().optional(),
    error_subcode: z.number().int().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
const pageSchema = z.object({ id: z.string(), name: z.string() });
const profileSchema = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  profile_pic: z.string().optional(),
});
export type GraphProfile = z.infer<typeof profileSchema>;
const successSchema = z.object({ success: z.boolean() });
const sendResponseSchema = z.object({ recipient_id: z.string(), message_id: z.string().optional() });

/** A Send API message body's `message` (text, attachment, quick replies). */
export type GraphMessage = Record<string, unknown>;

/**
 * A thin client of Meta's Graph API for one Page (its Page access token, as `access_token`),
 * through the guarded HTTP client, at the configured version: the Page lookup, the user profile
 * and the Send API. Failures as GraphApiError (Graph's envelope) or the guarded client's
 * OutgoingCallError (unreachable, timeout).
 */
export function graphClient(
  graph: { baseUrl: string; version: string },
  pageAccessToken: string,
  outgoing: GuardedHttpOptions,
) {
  const base = `${graph.baseUrl.replace(/\/+$/, '')}/${graph.version}`;

  async function call(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown) {
    const search = new URLSearchParams({ ...query, access_token: pageAccessToken });
    const response = await guardedRequest(
      {
        method,
        url: `${base}${path}?${search}`,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: GRAPH_TIMEOUT_MS,
      },
      outgoing,
    );
    let parsed: unknown = null;
    try {
      parsed = response.body ? JSON.parse(response.body) : null;
    } catch {
      parsed = null;
    }
    const envelope = errorEnvelopeSchema.safeParse(parsed);
    if (response.status < 200 || response.status >= 300 || envelope.success) {
      const error = envelope.data?.error;
      throw new GraphApiError(
        response.status,
        error
          ? `Graph answered ${response.status} (code ${error.code ?? '?'}${error.error_subcode ? `/${error.error_subcode}` : ''}): ${error.message}`
          : `Graph answered ${response.status}`,
        error?.code ?? null,
        error?.error_subcode ?? null,
        error?.fbtrace_id ?? null,
      );
    }
    return parsed;
  }

  return {
    /** The Page the token is for: its id and name (checks the token). */
    page: async (pageId: string) =>
      pageSchema.parse(await call('GET', `/${encodeURIComponent(pageId)}`, { fields: 'name' })),
    /** A Page-scoped user's name and picture (the User Profile API). */
    profile: async (psid: string) =>
      profileSchema.parse(
        await call('GET', `/${encodeURIComponent(psid)}`, { fields: 'first_name,last_name,profile_pic' }),
      ),
    /**
     * Sends one message: inside the 24-hour window as `messaging_type: RESPONSE`; with a tag as
     * `MESSAGE_TAG` (`HUMAN_AGENT`: a person's reply, up to 7 days after the person's last message,
     * where the Page has the Human Agent permission).
     */
    send: async (psid: string, message: GraphMessage, tag?: 'HUMAN_AGENT') =>
      sendResponseSchema.parse(
        await call(
          'POST',
          '/me/messages',
          {},
          {
            recipient: { id: psid },
            ...(tag ? { messaging_type: 'MESSAGE_TAG', tag } : { messaging_type: 'RESPONSE' }),
            message,
          },
        ),
      ),
    /** The handover protocol: passes the person's thread to another app (the Page inbox: 263902037430900). */
    passThreadControl: async (psid: string, targetAppId: string, metadata: string) =>
      successSchema.parse(
        await call(
          'POST',
          '/me/pass_thread_control',
          {},
          { recipient: { id: psid }, target_app_id: targetAppId, metadata: metadata.slice(0, 1000) },
        ),
      ),
    /** The handover protocol: takes the person's thread back (Parley's app as the primary receiver). */
    takeThreadControl: async (psid: string, metadata: string) =>
      successSchema.parse(
        await call(
          'POST',
          '/me/take_thread_control',
          {},
          { recipient: { id: psid }, metadata: metadata.slice(0, 1000) },
        ),
      ),
    /** Shows the typing bubble (or hides it) while the bot works out its answer. */
    senderAction: async (psid: string, action: 'typing_on' | 'typing_off' | 'mark_seen') =>
      sendResponseSchema.parse(
        await call('POST', '/me/messages', {}, { recipient: { id: psid }, sender_action: action }),
      ),
  };
}
export type GraphClient = ReturnType<typeof graphClient>;
