import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const hexId = () => randomBytes(12).toString('hex');

interface FakeWebhook {
  id: string;
  version: 'v2';
  target: string;
  triggers: string[];
  secret: string;
  includeFullUser: boolean;
  includeFullSource: boolean;
}
interface FakeIntegration {
  id: string;
  type: string;
  displayName?: string;
  webhooks: FakeWebhook[];
}
interface FakeSwitchboardIntegration {
  id: string;
  name: string;
  integrationId: string | null;
  integrationType: string;
  deliverStandbyEvents: boolean;
  nextSwitchboardIntegrationId: string | null;
  messageHistoryCount: number;
}
interface FakeSwitchboard {
  id: string;
  enabled: boolean;
  defaultSwitchboardIntegrationId: string | null;
  integrations: FakeSwitchboardIntegration[];
}
export interface FakeSunshineCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
  /** The status the fake answered. */
  status: number;
  /** When it answered (Date.now()). */
  at: number;
}
/** A webhook post the fake made, as Sunshine makes it: the target, the `X-API-Key`, the JSON body. */
export interface FakeSunshineDelivery {
  target: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeSunshineUser {
  id: string;
  externalId?: string;
  signedUpAt?: string;
  profile?: { givenName?: string; surname?: string; email?: string; locale?: string };
}

/** A user the business knows: signed up, with the id of its CRM and a full profile. */
export const ana: FakeSunshineUser = {
  id: 'user-ana',
  externalId: 'crm-42',
  signedUpAt: '2026-01-02T03:04:05.000Z',
  profile: { givenName: 'Ana', surname: 'Ruiz', email: 'ana@example.com' },
};

/**
 * A local server speaking Sunshine Conversations' API v2 wire format, for one app and one API key
 * (HTTP Basic `keyId:secret`; 401 with Sunshine's `{ errors: [{ code, title }] }` otherwise):
 *
 * - integrations: `POST/GET /v2/apps/{appId}/integrations`, `DELETE …/integrations/{id}`; a
 *   custom integration's webhook gets its shared `secret`, which the fake sends as `X-API-Key`.
 * - switchboards: `GET/POST /v2/apps/{appId}/switchboards`, `PATCH/DELETE …/switchboards/{id}`;
 *   switchboard integrations under `…/switchboards/{id}/switchboardIntegrations` (GET, POST,
 *   PATCH, DELETE). The app starts with the Zendesk agent workspace on an enabled switchboard,
 *   as a Zendesk account has it.
 * - conversations: `GET …/conversations/{id}` answers it as events carry it (who is active).
 * - control: `POST …/conversations/{id}/passControl | offerControl | acceptControl |
 *   releaseControl` change which switchboard integration is active (`next` resolves through the
 *   active one's `nextSwitchboardIntegrationId`) and send the `switchboard:*` event; an offer
 *   only makes its target the conversation's `pendingSwitchboardIntegration` until it accepts.
 * - messages: `POST …/conversations/{id}/messages` (author `business`); `failNext(status, n)`
 *   makes the next n posts fail (429 carries `Retry-After`).
 *
 * Webhook posts are `{ app: { id }, webhook: { id, version }, events: [...] }` with
 * `conversation:message`, `conversation:postback`, `conversation:create` and the switchboard
 * events; `deliver` carries them to Parley (tests plug `app.inject` in).
 */
export function fakeSunshine(options: { appId?: string; keyId?: string; secret?: string } = {}) {
  const appId = options.appId ?? `app_${hexId()}`;
  const keyId = options.keyId ?? `app_key_${hexId()}`;
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const agentWorkspace: FakeSwitchboardIntegration = {
    id: hexId(),
    name: 'zd-agentWorkspace',
    integrationId: hexId(),
    integrationType: 'zd:agentWorkspace',
    deliverStandbyEvents: false,
    nextSwitchboardIntegrationId: null,
    messageHistoryCount: 10,
  };
  const state = {
    integrations: [] as FakeIntegration[],
    switchboards: [
      {
        id: hexId(),
        enabled: true,
        defaultSwitchboardIntegrationId: agentWorkspace.id,
        integrations: [agentWorkspace],
      },
    ] as FakeSwitchboard[],
    /** Conversation id → the active switchboard integration's id. */
    active: new Map<string, string>(),
    /** Conversation id → the switchboard integration control was offered to (until it accepts). */
    pending: new Map<string, string>(),
    messages: [] as { conversationId: string; author: unknown; content: Record<string, unknown> }[],
    failures: [] as { status: number; conversationId: string | undefined; retryAfter: string }[],
  };
  const calls: FakeSunshineCall[] = [];
  const deliveries: FakeSunshineDelivery[] = [];
  let deliver: (delivery: FakeSunshineDelivery) => Promise<number> = async () => 0;

  const switchboard = () => state.switchboards[0];
  const switchboardIntegration = (id: string) => switchboard()?.integrations.find((one) => one.id === id);
  const reference = (one: FakeSwitchboardIntegration) => ({
    id: one.id,
    name: one.name,
    integrationId: one.integrationId,
    integrationType: one.integrationType,
  });
  /**
   * The conversation as an event carries it: who is active and pending now, or, for an event
   * written earlier, `activeId` (who was active when it was written).
   */
  const truncated = (conversationId: string, activeId?: string) => {
    const active = switchboardIntegration(activeId ?? state.active.get(conversationId) ?? '');
    const pending = switchboardIntegration(state.pending.get(conversationId) ?? '');
    return {
      id: conversationId,
      type: 'personal',
      brandId: '360004166971',
      metadata: { plan: 'gold' },
      ...(active ? { activeSwitchboardIntegration: reference(active) } : {}),
      ...(pending ? { pendingSwitchboardIntegration: reference(pending) } : {}),
    };
  };

  /**
   * An event as the suite posts it: its id (new unless given), when it happened (now unless
   * given: a retry of an earlier delivery carries its original time), its type and payload.
   */
  interface FakeEvent {
    type: string;
    payload: unknown;
    id?: string;
    createdAt?: string;
  }

  /**
   * The webhook posts that events make, one per custom integration's webhook subscribed to their
   * types, recorded in `deliveries`; not sent (tests hand them to one server process or another).
   */
  function prepare(events: FakeEvent[]): FakeSunshineDelivery[] {
    const prepared: FakeSunshineDelivery[] = [];
    for (const integration of state.integrations) {
      for (const webhook of integration.webhooks) {
        const wanted = events.filter((event) => webhook.triggers.includes(event.type));
        if (wanted.length === 0) continue;
        const body = JSON.stringify({
          app: { id: appId },
          webhook: { id: webhook.id, version: webhook.version },
          events: wanted.map((event) => ({
            id: event.id ?? hexId(),
            createdAt: event.createdAt ?? new Date().toISOString(),
            type: event.type,
            payload: event.payload,
          })),
        });
        const delivery = {
          target: webhook.target,
          headers: { 'content-type': 'application/json', 'x-api-key': webhook.secret },
          body,
        };
        deliveries.push(delivery);
        prepared.push(delivery);
      }
    }
    return prepared;
  }

  /** Posts events to every custom integration's webhook subscribed to their types. */
  function emit(events: FakeEvent[]): Promise<number[]> {
    const posting = (async () => {
      const statuses: number[] = [];
      for (const delivery of prepare(events)) statuses.push(await deliver(delivery));
      return statuses;
    })();
    posting.finally(() => postsUnderWay.delete(posting)).catch(() => {});
    postsUnderWay.add(posting);
    return posting;
  }
  /** Posts under way (a change of control emits its event without waiting for Parley's answer). */
  const postsUnderWay = new Set<Promise<unknown>>();

  /**
   * A user's text message as a `conversation:message` event: a new event id unless `eventId`, now
   * unless `createdAt`, the conversation as it is unless `activeId` says who had control then.
   */
  function messageEvent(
    conversationId: string,
    user: FakeSunshineUser,
    text: string,
    options: { eventId?: string; createdAt?: string; activeId?: string } = {},
  ): FakeEvent {
    const at = options.createdAt ?? new Date().toISOString();
    return {
      type: 'conversation:message',
      ...(options.eventId ? { id: options.eventId } : {}),
      createdAt: at,
      payload: {
        conversation: truncated(conversationId, options.activeId),
        message: {
          id: hexId(),
          received: at,
          author: {
            userId: user.id,
            displayName: user.profile?.givenName ?? 'User',
            type: 'user',
            user: userOf(user),
          },
          content: { type: 'text', text },
          source: { type: 'web', integrationId: hexId() },
        },
      },
    };
  }

  const userOf = (user: FakeSunshineUser) => ({
    id: user.id,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    ...(user.signedUpAt ? { signedUpAt: user.signedUpAt } : {}),
    profile: { locale: 'en-US', ...user.profile },
  });

  /**
   * A change of control, as the suite makes it: `passControl` and `releaseControl` make their
   * target active at once (`releaseControl`: the switchboard's default); `offerControl` makes it
   * pending while the active one keeps control, until the pending one calls `acceptControl`.
   * Answers false when there is no such target (or nothing pending to accept).
   */
  function changeControl(conversationId: string, type: string, to: string | null, metadata?: unknown) {
    const current = switchboardIntegration(state.active.get(conversationId) ?? '');
    const target =
      type === 'acceptControl'
        ? switchboardIntegration(state.pending.get(conversationId) ?? '')
        : to === 'next'
          ? switchboardIntegration(current?.nextSwitchboardIntegrationId ?? '')
          : to === null
            ? switchboardIntegration(switchboard()?.defaultSwitchboardIntegrationId ?? '')
            : (switchboardIntegration(to) ?? switchboard()?.integrations.find((one) => one.name === to));
    if (!target) return false;
    if (type === 'offerControl') {
      if (target.id === current?.id) return false;
      state.pending.set(conversationId, target.id);
    } else {
      state.pending.delete(conversationId);
      state.active.set(conversationId, target.id);
    }
    void emit([
      {
        type: `switchboard:${type}`,
        payload: { conversation: truncated(conversationId), ...(metadata ? { metadata } : {}) },
      },
    ]);
    return true;
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-sunshine');
      const method = request.method ?? 'GET';
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        calls.push({
          method,
          path: url.pathname,
          authorization: request.headers.authorization,
          body,
          status,
          at: Date.now(),
        });
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(payload === null ? '' : JSON.stringify(payload));
      };
      const error = (status: number, code: string, title: string) =>
        send(status, { errors: [{ code, title }] });
      const expected = `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected)
        return error(401, 'unauthorized', 'Authorization is required');
      const prefix = `/v2/apps/${appId}`;
      if (!url.pathname.startsWith(prefix)) return error(404, 'app_not_found', 'App not found');
      const parts = url.pathname.slice(prefix.length).split('/').filter(Boolean);
      const sb = switchboard();

      if (parts[0] === 'integrations') {
        if (parts.length === 1 && method === 'GET') return send(200, { integrations: state.integrations });
        if (parts.length === 1 && method === 'POST') {
          if (body?.type !== 'custom' || !Array.isArray(body.webhooks))
            return error(400, 'bad_request', 'type and webhooks are required');
          const integration: FakeIntegration = {
            id: hexId(),
            type: 'custom',
            displayName: typeof body.displayName === 'string' ? body.displayName : undefined,
            webhooks: (body.webhooks as Record<string, unknown>[]).map((webhook) => ({
              id: hexId(),
              version: 'v2',
              target: String(webhook.target),
              triggers: (webhook.triggers as string[]) ?? [],
              secret: randomBytes(24).toString('hex'),
              includeFullUser: webhook.includeFullUser === true,
              includeFullSource: webhook.includeFullSource === true,
            })),
          };
          state.integrations.push(integration);
          return send(201, { integration });
        }
        if (parts.length === 2 && method === 'DELETE') {
          const before = state.integrations.length;
          state.integrations = state.integrations.filter((one) => one.id !== parts[1]);
          if (state.integrations.length === before)
            return error(404, 'integration_not_found', 'Integration not found');
          return send(200, {});
        }
      }

      if (parts[0] === 'switchboards' && sb) {
        if (parts.length === 1 && method === 'GET')
          return send(200, { switchboards: state.switchboards.map(({ integrations, ...rest }) => rest) });
        const board = state.switchboards.find((one) => one.id === parts[1]);
        if (!board) return error(404, 'switchboard_not_found', 'Switchboard not found');
        if (parts.length === 2 && method === 'PATCH') {
          if (typeof body?.enabled === 'boolean') board.enabled = body.enabled;
          if (typeof body?.defaultSwitchboardIntegrationId === 'string')
            board.defaultSwitchboardIntegrationId = body.defaultSwitchboardIntegrationId;
          const { integrations, ...rest } = board;
          return send(200, { switchboard: rest });
        }
        if (parts[2] === 'switchboardIntegrations') {
          if (parts.length === 3 && method === 'GET')
            return send(200, { switchboardIntegrations: board.integrations });
          if (parts.length === 3 && method === 'POST') {
            if (typeof body?.name !== 'string' || typeof body.integrationId !== 'string')
              return error(400, 'bad_request', 'name and integrationId are required');
            if (board.integrations.some((one) => one.name === body?.name))
              return error(409, 'conflict', 'A switchboard integration with this name exists');
            const created: FakeSwitchboardIntegration = {
              id: hexId(),
              name: body.name,
              integrationId: body.integrationId,
              integrationType: 'custom',
              deliverStandbyEvents: body.deliverStandbyEvents === true,
              nextSwitchboardIntegrationId:
                typeof body.nextSwitchboardIntegrationId === 'string'
                  ? body.nextSwitchboardIntegrationId
                  : null,
              messageHistoryCount:
                typeof body.messageHistoryCount === 'number' ? body.messageHistoryCount : 0,
            };
            board.integrations.push(created);
            return send(201, { switchboardIntegration: created });
          }
          const found = board.integrations.find((one) => one.id === parts[3]);
          if (!found)
            return error(404, 'switchboard_integration_not_found', 'Switchboard integration not found');
          if (parts.length === 4 && method === 'PATCH') {
            if (typeof body?.nextSwitchboardIntegrationId === 'string')
              found.nextSwitchboardIntegrationId = body.nextSwitchboardIntegrationId;
            return send(200, { switchboardIntegration: found });
          }
          if (parts.length === 4 && method === 'DELETE') {
            board.integrations = board.integrations.filter((one) => one !== found);
            return send(200, {});
          }
        }
      }

      if (parts[0] === 'conversations' && parts[1] && parts.length === 2 && method === 'GET') {
        if (!state.active.has(parts[1]))
          return error(404, 'conversation_not_found', 'Conversation not found');
        return send(200, { conversation: truncated(parts[1]) });
      }
      if (parts[0] === 'conversations' && parts[1] && method === 'POST') {
        const conversationId = parts[1];
        if (parts[2] === 'messages') {
          const at = state.failures.findIndex(
            (one) => one.conversationId === undefined || one.conversationId === conversationId,
          );
          const failed = at < 0 ? undefined : state.failures.splice(at, 1)[0];
          const failure = failed?.status;
          if (failure === 429) {
            return send(
              429,
              { errors: [{ code: 'too_many_requests', title: 'Rate limit' }] },
              failed?.retryAfter ? { 'retry-after': failed.retryAfter } : {},
            );
          }
          if (failure !== undefined) return error(failure, 'internal_server_error', 'Something broke');
          const author = body?.author as { type?: string } | undefined;
          const content = body?.content as Record<string, unknown> | undefined;
          if (author?.type !== 'business' || !content?.type)
            return error(400, 'bad_request', 'author.type business and content are required');
          if (content.type === 'text' && String(content.text ?? '').length > 4096)
            return error(400, 'bad_request', 'text is limited to 4096 characters');
          state.messages.push({ conversationId, author, content });
          return send(201, {
            messages: [{ id: hexId(), received: new Date().toISOString(), author, content }],
          });
        }
        const control: Record<string, string> = {
          passControl: 'passControl',
          offerControl: 'offerControl',
          acceptControl: 'acceptControl',
          releaseControl: 'releaseControl',
        };
        const action = control[parts[2] ?? ''];
        if (action) {
          const to =
            action === 'releaseControl' || action === 'acceptControl'
              ? null
              : typeof body?.switchboardIntegration === 'string'
                ? body.switchboardIntegration
                : '';
          if (!changeControl(conversationId, action, to, body?.metadata))
            return error(
              400,
              'bad_request',
              action === 'acceptControl'
                ? 'There is no pending switchboard integration'
                : 'Unknown switchboard integration',
            );
          return send(200, {});
        }
      }
      return error(404, 'not_found', 'Not found');
    });
  });

  return {
    appId,
    keyId,
    secret,
    agentWorkspace,
    state,
    calls,
    deliveries,
    server,
    /** Where webhook posts go (tests hand them to `app.inject`); answers the status Parley gave. */
    deliverWith(handler: (delivery: FakeSunshineDelivery) => Promise<number>) {
      deliver = handler;
    },
    /**
     * The next `count` message posts (to one conversation, or any) answer `status`; a 429 carries
     * `Retry-After: retryAfter` (seconds; '' for none).
     */
    failNext(status: number, count = 1, conversationId?: string, retryAfter = '1') {
      for (let i = 0; i < count; i++) state.failures.push({ status, conversationId, retryAfter });
    },
    /** Who is in control of a conversation: the active switchboard integration's name. */
    activeName: (conversationId: string) =>
      switchboardIntegration(state.active.get(conversationId) ?? '')?.name,
    /** A new conversation: the switchboard's default integration takes it. */
    openConversation(conversationId = hexId()) {
      state.active.set(conversationId, switchboard()?.defaultSwitchboardIntegrationId ?? '');
      return conversationId;
    },
    /** The user writes. */
    userSays(conversationId: string, user: FakeSunshineUser, text: string, eventId?: string) {
      return emit([messageEvent(conversationId, user, text, { ...(eventId ? { eventId } : {}) })]);
    },
    /**
     * A user's message event as the suite posts it (see `messageEvent`), not sent: `prepare` or
     * `emit` it. With `createdAt` and `activeId` it is a late one, such as the suite's retry of a
     * delivery that failed earlier: written then, when `activeId` had control.
     */
    messageEvent,
    /** The user taps a postback button. */
    userTaps(conversationId: string, user: FakeSunshineUser, payload: string, text: string) {
      return emit([
        {
          type: 'conversation:postback',
          payload: {
            conversation: truncated(conversationId),
            postback: { payload, text },
            user: userOf(user),
            source: { type: 'web' },
          },
        },
      ]);
    },
    /** The widget opens a conversation (`creationReason: startConversation`). */
    startConversation(conversationId: string, user: FakeSunshineUser) {
      return emit([
        {
          type: 'conversation:create',
          payload: {
            conversation: truncated(conversationId),
            creationReason: 'startConversation',
            source: { type: 'web' },
            user: userOf(user),
          },
        },
      ]);
    },
    /** Any event, as given (unknown types, batches, replays). */
    emit,
    /** The webhook posts of events, recorded but not sent (to hand to a process of the test's choice). */
    prepare,
    /** The agent workspace (or anyone) changes control through the API, as Zendesk does. */
    changeControl,
    /** Resolves once every event posted so far has been answered by Parley. */
    async posted(): Promise<void> {
      while (postsUnderWay.size > 0) await Promise.allSettled([...postsUnderWay]);
    },
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
export type FakeSunshine = ReturnType<typeof fakeSunshine>;
