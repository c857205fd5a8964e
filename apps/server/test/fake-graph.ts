import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const digits = (length: number) =>
  Array.from(randomBytes(length), (byte) => String(byte % 10))
    .join('')
    .replace(/^0/, '1');
const traceId = () => randomBytes(8).toString('base64url');

export interface FakeGraphUser {
  psid: string;
  first_name: string;
  last_name: string;
  profile_pic: string;
}

/** A Send API call the fake accepted: who to, and the message or sender action. */
export interface FakeGraphSend {
  psid: string;
  messagingType: string | undefined;
  /** The message tag of a `MESSAGE_TAG` send (`HUMAN_AGENT`…). */
  tag: string | null;
  message: Record<string, unknown> | null;
  senderAction: string | null;
  messageId: string | null;
}

export interface FakeGraphCall {
  method: string;
  path: string;
  accessToken: string | null;
  body: Record<string, unknown> | null;
  status: number;
  /** Graph's error code when it answered one. */
  code: number | null;
}

/** A webhook post as Meta makes it: the callback URL, the signed headers, the raw body. */
export interface FakeGraphDelivery {
  target: string;
  headers: Record<string, string>;
  body: string;
}

/** The Page inbox's app id in the handover protocol (Meta's, the same for every Page). */
export const PAGE_INBOX_APP_ID = '263902037430900';

/** An error Graph answers with, in its envelope. */
export interface FakeGraphError {
  status: number;
  code: number;
  subcode?: number;
  type?: string;
  message: string;
}

/** The errors the Send API answers, as Graph words them. */
export const GRAPH_ERRORS = {
  rateLimited: {
    status: 400,
    code: 613,
    type: 'OAuthException',
    message: 'Calls to this api have exceeded the rate limit.',
  },
  pageLimit: { status: 400, code: 32, type: 'OAuthException', message: '(#32) Page request limit reached' },
  unavailable: {
    status: 400,
    code: 551,
    subcode: 1545041,
    type: 'OAuthException',
    message: "(#551) This person isn't available right now.",
  },
  expired: {
    status: 400,
    code: 190,
    subcode: 463,
    type: 'OAuthException',
    message: 'Error validating access token: Session has expired on Saturday, 28-Nov-26 10:00:00 PST.',
  },
  invalidToken: {
    status: 400,
    code: 190,
    type: 'OAuthException',
    message: 'Invalid OAuth access token - Cannot parse access token',
  },
  /** A send outside the window its messaging type allows (24 hours; 7 days with `HUMAN_AGENT`). */
  outsideWindow: {
    status: 400,
    code: 10,
    subcode: 2018278,
    type: 'OAuthException',
    message:
      '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview',
  },
  unknown: {
    status: 500,
    code: 2,
    type: 'OAuthException',
    message: 'An unexpected error has occurred. Please retry your request later.',
  },
} as const satisfies Record<string, FakeGraphError>;

/**
 * A local server speaking Meta's Graph API (the configured version, v17.0 by default) for one
 * Facebook Page and its Page access token (`access_token` in the query; Graph's error envelope
 * `{ error: { message, type, code, error_subcode, fbtrace_id } }` otherwise):
 *
 * - `GET /{version}/{page-id}?fields=name` and `GET /{version}/me`: the Page (`{ name, id }`).
 * - `GET /{version}/{psid}?fields=first_name,last_name,profile_pic`: the User Profile API.
 * - `POST /{version}/me/messages`: the Send API, checked as Graph checks it (recipient,
 *   `messaging_type` with a message, text ≤ 2000, quick replies ≤ 13 with titles ≤ 20, templates'
 *   buttons ≤ 3 and elements ≤ 10), and its windows: `RESPONSE` within 24 hours of the person's
 *   last message, `MESSAGE_TAG` with `HUMAN_AGENT` within 7 days and only while the Page has the
 *   Human Agent permission (`state.humanAgentPermission`), else 10/2018278 (the last message is
 *   the last one `post` carried, or `wroteAt`'s); answers `{ recipient_id, message_id }`. `failNext` makes the
 *   next sends answer an error; `block(psid)` makes the person unavailable (551/1545041);
 *   `expireToken()` makes every call answer 190.
 *
 * - `POST /{version}/me/pass_thread_control` (`{ recipient, target_app_id, metadata }`) and
 *   `POST /{version}/me/take_thread_control` (`{ recipient, metadata }`): the handover protocol;
 *   answer `{ success: true }` and move the thread (`state.threadOwners`; Parley's app is `appId`).
 *
 * It also plays Meta's side of the webhook: the verification handshake, and messaging events
 * (`{ object: 'page', entry: [{ id, time, messaging: [...] }] }`) signed with the app secret
 * (`X-Hub-Signature-256: sha256=<hex HMAC of the raw body>`), carried by `deliverWith`'s handler
 * (by default a real HTTP post to the callback URL).
 */
export function fakeGraph(options: { version?: string; pageName?: string } = {}) {
  const version = options.version ?? 'v17.0';
  const page = {
    id: digits(15),
    name: options.pageName ?? 'Acme Outdoor',
    accessToken: `EAAG${randomBytes(30).toString('base64url')}`,
    appSecret: randomBytes(16).toString('hex'),
  };
  /** The app the Page token is Parley's through (the handover protocol's primary receiver). */
  const appId = digits(15);
  const state = {
    users: new Map<string, FakeGraphUser>(),
    sends: [] as FakeGraphSend[],
    failures: [] as FakeGraphError[],
    blocked: new Set<string>(),
    tokenExpired: false,
    /** Whether the Page's app was granted the Human Agent permission (the `HUMAN_AGENT` tag). */
    humanAgentPermission: true,
    /** When each person last wrote to the Page (ms), for the messaging windows. */
    lastWrote: new Map<string, number>(),
    /** Who holds each person's thread (an app id); absent: idle, or Parley's app. */
    threadOwners: new Map<string, string>(),
    webhook: null as { target: string; verifyToken: string } | null,
  };
  const calls: FakeGraphCall[] = [];
  const deliveries: FakeGraphDelivery[] = [];
  let deliver = async (delivery: FakeGraphDelivery): Promise<number> => {
    const response = await fetch(delivery.target, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    return response.status;
  };
  let handshake = async (url: string): Promise<{ status: number; body: string }> => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  };

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-graph');
      const method = request.method ?? 'GET';
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const accessToken = url.searchParams.get('access_token');
      const send = (status: number, payload: unknown, code: number | null = null) => {
        calls.push({ method, path: url.pathname, accessToken, body, status, code });
        response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify(payload));
      };
      const fail = (error: FakeGraphError) =>
        send(
          error.status,
          {
            error: {
              message: error.message,
              type: error.type ?? 'OAuthException',
              code: error.code,
              ...(error.subcode ? { error_subcode: error.subcode } : {}),
              fbtrace_id: traceId(),
            },
          },
          error.code,
        );
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] !== version)
        return fail({
          status: 400,
          code: 2635,
          message: `(#2635) You are calling a deprecated version of the Graph API (${parts[0]}).`,
        });
      if (!accessToken || accessToken !== page.accessToken) return fail(GRAPH_ERRORS.invalidToken);
      if (state.tokenExpired) return fail(GRAPH_ERRORS.expired);
      const [, node, edge] = parts;

      if (method === 'GET' && !edge && (node === 'me' || node === page.id))
        return send(200, { name: page.name, id: page.id });
      if (method === 'GET' && node && !edge) {
        const user = state.users.get(node);
        if (!user)
          return fail({
            status: 400,
            code: 100,
            subcode: 33,
            type: 'GraphMethodException',
            message: `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          });
        const fields = (url.searchParams.get('fields') ?? 'first_name,last_name').split(',');
        const answer: Record<string, string> = { id: user.psid };
        for (const field of fields) {
          const value = user[field as keyof FakeGraphUser];
          if (value !== undefined) answer[field] = value;
        }
        return send(200, answer);
      }
      if (
        method === 'POST' &&
        node === 'me' &&
        (edge === 'pass_thread_control' || edge === 'take_thread_control')
      ) {
        const recipient = (body?.recipient as { id?: string } | undefined)?.id;
        if (!recipient || !state.users.has(recipient))
          return fail({ status: 400, code: 100, message: '(#100) The parameter recipient is required' });
        const target = edge === 'pass_thread_control' ? body?.target_app_id : appId;
        if (typeof target !== 'string' && typeof target !== 'number')
          return fail({ status: 400, code: 100, message: '(#100) The parameter target_app_id is required' });
        state.threadOwners.set(recipient, String(target));
        return send(200, { success: true });
      }
      if (method === 'POST' && node === 'me' && edge === 'messages') {
        const recipient = (body?.recipient as { id?: string } | undefined)?.id;
        if (!recipient)
          return fail({ status: 400, code: 100, message: '(#100) The parameter recipient is required' });
        const failure = state.failures.shift();
        if (failure) return fail(failure);
        if (state.blocked.has(recipient) || !state.users.has(recipient))
          return fail(GRAPH_ERRORS.unavailable);
        const senderAction = typeof body?.sender_action === 'string' ? body.sender_action : null;
        const message = (body?.message as Record<string, unknown> | undefined) ?? null;
        if (!senderAction && !message)
          return fail({ status: 400, code: 100, message: '(#100) Must send either message or state' });
        const tag = typeof body?.tag === 'string' ? body.tag : null;
        if (message) {
          const problem = checkMessage(body?.messaging_type, tag, message);
          if (problem) return fail({ status: 400, code: 100, message: `(#100) ${problem}` });
          const wrote = state.lastWrote.get(recipient);
          const age = wrote === undefined ? 0 : Date.now() - wrote;
          const allowed =
            body?.messaging_type !== 'MESSAGE_TAG'
              ? age <= DAY
              : tag !== 'HUMAN_AGENT' || (state.humanAgentPermission && age <= 7 * DAY);
          if (!allowed) return fail(GRAPH_ERRORS.outsideWindow);
        }
        const messageId = message ? `m_${randomBytes(24).toString('base64url')}` : null;
        state.sends.push({
          psid: recipient,
          messagingType: typeof body?.messaging_type === 'string' ? body.messaging_type : undefined,
          tag,
          message,
          senderAction,
          messageId,
        });
        return send(200, { recipient_id: recipient, ...(messageId ? { message_id: messageId } : {}) });
      }
      return fail({ status: 400, code: 100, message: '(#100) Unknown path components' });
    });
  });

  const sign = (body: string) => `sha256=${createHmac('sha256', page.appSecret).update(body).digest('hex')}`;

  /** Posts messaging events for the Page to the subscribed callback URL, signed. */
  async function post(
    messaging: Record<string, unknown>[],
    signature?: string,
    field: 'messaging' | 'standby' = 'messaging',
  ): Promise<number> {
    if (!state.webhook) throw new Error('No webhook is subscribed: call subscribe() first');
    for (const one of messaging) {
      const sender = (one.sender as { id?: string } | undefined)?.id;
      if (sender && (one.message || one.postback) && typeof one.timestamp === 'number')
        state.lastWrote.set(sender, Math.max(state.lastWrote.get(sender) ?? 0, one.timestamp));
    }
    const body = JSON.stringify({
      object: 'page',
      entry: [{ id: page.id, time: Date.now(), [field]: messaging }],
    });
    const delivery = {
      target: state.webhook.target,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(body) },
      body,
    };
    deliveries.push(delivery);
    return deliver(delivery);
  }
  const event = (psid: string, rest: Record<string, unknown>) => ({
    sender: { id: psid },
    recipient: { id: page.id },
    timestamp: Date.now(),
    ...rest,
  });
  const mid = () => `m_${randomBytes(24).toString('base64url')}`;

  return {
    version,
    appId,
    page,
    state,
    calls,
    deliveries,
    server,
    sign,
    /** Where webhook posts go (tests hand them to `app.inject`); answers the status Parley gave. */
    deliverWith(handler: (delivery: FakeGraphDelivery) => Promise<number>) {
      deliver = handler;
    },
    handshakeWith(handler: (url: string) => Promise<{ status: number; body: string }>) {
      handshake = handler;
    },
    /** A person who can write to the Page (their profile answers the User Profile API). */
    addUser(first: string, last: string, psid = digits(16)): FakeGraphUser {
      const user = {
        psid,
        first_name: first,
        last_name: last,
        profile_pic: `https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=${psid}`,
      };
      state.users.set(psid, user);
      return user;
    },
    /**
     * The app dashboard's "Verify and save": Meta calls the callback URL with the handshake and
     * keeps the subscription only when the challenge comes back.
     */
    async subscribe(target: string, verifyToken: string) {
      const challenge = digits(10);
      const query = new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.verify_token': verifyToken,
        'hub.challenge': challenge,
      });
      const answer = await handshake(`${target}?${query}`);
      const verified = answer.status === 200 && answer.body === challenge;
      if (verified) state.webhook = { target, verifyToken };
      return { verified, ...answer };
    },
    /**
     * The person writes text: on the `messaging` channel while Parley's app holds the thread (or
     * nobody does), on `standby` while another app holds it.
     */
    userSays: (psid: string, text: string, messageId = mid()) => {
      const holder = state.threadOwners.get(psid);
      return post(
        [event(psid, { message: { mid: messageId, text } })],
        undefined,
        holder && holder !== appId ? 'standby' : 'messaging',
      );
    },
    /** A Page admin answers in the Page inbox: it takes the thread (`take_thread_control` to Parley). */
    inboxTakes: (psid: string, metadata = '') => {
      state.threadOwners.set(psid, PAGE_INBOX_APP_ID);
      return post([
        event(psid, {
          take_thread_control: {
            previous_owner_app_id: appId,
            new_owner_app_id: PAGE_INBOX_APP_ID,
            metadata,
          },
        }),
      ]);
    },
    /** The Page inbox marks the conversation done: the thread passes back (`pass_thread_control`). */
    inboxPasses: (psid: string, metadata = '') => {
      state.threadOwners.set(psid, appId);
      return post([
        event(psid, {
          pass_thread_control: {
            previous_owner_app_id: PAGE_INBOX_APP_ID,
            new_owner_app_id: appId,
            metadata,
          },
        }),
      ]);
    },
    /** The Page inbox asks Parley, the primary receiver, for the thread (`request_thread_control`). */
    inboxRequests: (psid: string, metadata = '') =>
      post([
        event(psid, { request_thread_control: { requested_owner_app_id: PAGE_INBOX_APP_ID, metadata } }),
      ]),
    /** The person taps a quick reply: its title comes as text, with its payload. */
    userTapsQuickReply: (psid: string, title: string, payload: string, messageId = mid()) =>
      post([event(psid, { message: { mid: messageId, text: title, quick_reply: { payload } } })]),
    /** The person taps a template's postback button (or Get Started). */
    userTapsPostback: (psid: string, title: string, payload: string, messageId = mid()) =>
      post([event(psid, { postback: { mid: messageId, title, payload } })]),
    /** The person's Messenger says it has every message up to `watermark` (`message_deliveries`). */
    delivered: (psid: string, watermark = Date.now()) =>
      post([
        event(psid, {
          delivery: {
            mids: state.sends.filter((one) => one.psid === psid && one.messageId).map((one) => one.messageId),
            watermark,
          },
        }),
      ]),
    /** The person saw every message up to `watermark` (`message_reads`). */
    reads: (psid: string, watermark = Date.now()) => post([event(psid, { read: { watermark } })]),
    /** Any messaging events, as given, optionally with a signature of the caller's (forgeries). */
    post,
    /** The next sends answer these errors, in order. */
    failNext(...errors: FakeGraphError[]) {
      state.failures.push(...errors);
    },
    block: (psid: string) => state.blocked.add(psid),
    /** The person last wrote at `at` (ms), as far as the messaging windows go. */
    wroteAt: (psid: string, at: number) => {
      state.lastWrote.set(psid, at);
    },
    expireToken: () => {
      state.tokenExpired = true;
    },
    /** The messages (not sender actions) sent to a person, in order. */
    messagesTo: (psid: string) =>
      state.sends.filter((one) => one.psid === psid && one.message !== null).map((one) => one.message ?? {}),
    /** The texts sent to a person (a template's text, or its kind). */
    textsTo: (psid: string) =>
      state.sends
        .filter((one) => one.psid === psid && one.message !== null)
        .map((one) => {
          const message = one.message ?? {};
          if (typeof message.text === 'string') return message.text;
          const payload = (message.attachment as { payload?: { text?: string; template_type?: string } })
            ?.payload;
          return payload?.text ?? `[${payload?.template_type ?? 'attachment'}]`;
        }),
    listen: async (): Promise<string> => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeGraph = ReturnType<typeof fakeGraph>;

const DAY = 24 * 60 * 60 * 1000;
/** The Send API's message tags (a `MESSAGE_TAG` send names one). */
const MESSAGE_TAGS = ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT'];

/** What Graph refuses in a Send API message, as its `(#100)` error says; null when it is fine. */
function checkMessage(
  messagingType: unknown,
  tag: string | null,
  message: Record<string, unknown>,
): string | null {
  if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(String(messagingType)))
    return 'The parameter messaging_type is required';
  if (messagingType === 'MESSAGE_TAG' && !MESSAGE_TAGS.includes(String(tag)))
    return 'Param tag must be one of {CONFIRMED_EVENT_UPDATE, POST_PURCHASE_UPDATE, ACCOUNT_UPDATE, HUMAN_AGENT}';
  const text = message.text;
  const attachment = message.attachment as { type?: string; payload?: Record<string, unknown> } | undefined;
  if (typeof text !== 'string' && !attachment) return 'Must send either text or attachment';
  if (typeof text === 'string' && text.length > 2000)
    return 'Length of param message[text] must be less than or equal to 2000';
  const quickReplies = message.quick_replies as
    | { content_type?: string; title?: string; payload?: string }[]
    | undefined;
  if (quickReplies) {
    if (quickReplies.length > 13) return 'param message[quick_replies] must have a maximum of 13 elements';
    for (const reply of quickReplies) {
      if (reply.content_type !== 'text') return 'Quick reply content_type must be text here';
      if (!reply.title || reply.title.length > 20) return 'param title must be at most 20 characters';
      if (!reply.payload || reply.payload.length > 1000)
        return 'param payload must be at most 1000 characters';
    }
  }
  if (attachment?.type === 'template') {
    const payload = attachment.payload ?? {};
    const buttonsOk = (buttons: unknown) =>
      !Array.isArray(buttons) ||
      (buttons.length <= 3 &&
        buttons.every((button: { type?: string; title?: string; url?: string; payload?: string }) =>
          button.type === 'web_url'
            ? typeof button.url === 'string' && !!button.title && button.title.length <= 20
            : button.type === 'postback' && !!button.payload && !!button.title && button.title.length <= 20,
        ));
    if (payload.template_type === 'button') {
      if (typeof payload.text !== 'string' || payload.text.length === 0 || payload.text.length > 640)
        return 'param text must be 1 to 640 characters';
      if (!Array.isArray(payload.buttons) || payload.buttons.length === 0 || !buttonsOk(payload.buttons))
        return 'Template buttons: 1 to 3, titles of at most 20 characters';
    } else if (payload.template_type === 'generic') {
      const elements = payload.elements as
        | { title?: string; subtitle?: string; buttons?: unknown }[]
        | undefined;
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10)
        return 'param elements must have 1 to 10 elements';
      for (const element of elements) {
        if (!element.title || element.title.length > 80)
          return 'param elements[title] must be 1 to 80 characters';
        const { image_url: image } = element as { image_url?: string };
        if (!element.subtitle && !image && !(Array.isArray(element.buttons) && element.buttons.length > 0))
          return 'Incomplete element data: title and at least one other field (image url, subtitle or buttons) is required with non-empty value';
        if (element.subtitle && element.subtitle.length > 80)
          return 'param elements[subtitle] must be at most 80 characters';
        if (!buttonsOk(element.buttons))
          return 'Template buttons: at most 3, titles of at most 20 characters';
      }
    } else return 'Unsupported template_type';
  }
  return null;
}
