import { z } from 'zod';
import { type GuardedHttpOptions, guardedRequest } from '../http/guarded-http';

/** Where each region's API lives (a Zendesk account may also give its own `…/sc` address). */
export const SUNSHINE_REGIONS = {
  us: 'https://api.smooch.io',
  eu: 'https://api.eu-1.smooch.io',
} as const;

/** How long one call to the suite may take. */
export const SUNSHINE_TIMEOUT_MS = 10_000;

/** The webhook triggers Parley's integration subscribes to. */
export const SUNSHINE_TRIGGERS = [
  'conversation:message',
  'conversation:postback',
  'conversation:create',
  // The user read the conversation: a broadcast sent into it counts as opened.
  'conversation:read',
  'switchboard:passControl',
  'switchboard:acceptControl',
  'switchboard:releaseControl',
  'switchboard:offerControl',
] as const;

/** The suite answered, but not with success: its status and what its `errors[0]` says. */
export class SunshineApiError extends Error {
  override name = 'SunshineApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
  /** Rate limited or failing on its side: another attempt may succeed. */
  get transient(): boolean {
    return this.status === 429 || this.status === 408 || this.status >= 500;
  }
}

const errorBodySchema = z.object({ errors: z.array(z.object({ code: z.string(), title: z.string() })) });

const integrationSchema = z.object({
  integration: z.object({
    id: z.string(),
    webhooks: z.array(z.object({ id: z.string(), secret: z.string() })).min(1),
  }),
});
const switchboardSchema = z.object({ id: z.string(), defaultSwitchboardIntegrationId: z.string().nullish() });
const switchboardIntegrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  integrationId: z.string().nullish(),
  integrationType: z.string(),
  nextSwitchboardIntegrationId: z.string().nullish(),
});
export type SunshineSwitchboardIntegration = z.infer<typeof switchboardIntegrationSchema>;
/** A conversation as `GET …/conversations/{id}` answers it: here, who has control of it. */
const conversationSchema = z.object({
  conversation: z
    .object({
      id: z.string(),
      activeSwitchboardIntegration: z.object({ id: z.string() }).loose().optional(),
    })
    .loose(),
});

/** An app and the API key Parley calls it with. */
export interface SunshineCredentials {
  apiUrl: string;
  appId: string;
  keyId: string;
  keySecret: string;
}

/** A message as the suite's messages API takes it (author `business`). */
export type SunshineContent = Record<string, unknown> & { type: string };

/**
 * A thin client of Sunshine Conversations' API v2 (HTTP Basic with the app's key), through the
 * guarded HTTP client. Answers parsed with the wire's schemas; failures as SunshineApiError (the
 * suite's status and title) or the guarded client's OutgoingCallError (unreachable, timeout).
 */
export function sunshineClient(credentials: SunshineCredentials, outgoing: GuardedHttpOptions) {
  const base = `${credentials.apiUrl.replace(/\/+$/, '')}/v2/apps/${encodeURIComponent(credentials.appId)}`;
  const authorization = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await guardedRequest(
      {
        method,
        url: `${base}${path}`,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: SUNSHINE_TIMEOUT_MS,
      },
      outgoing,
    );
    let parsed: unknown = null;
    try {
      parsed = response.body ? JSON.parse(response.body) : null;
    } catch {
      parsed = null;
    }
    if (response.status < 200 || response.status >= 300) {
      const title = errorBodySchema.safeParse(parsed).data?.errors[0]?.title;
      const retryAfter = Number(response.headers['retry-after']);
      throw new SunshineApiError(
        response.status,
        `The messaging suite answered ${response.status}${title ? `: ${title}` : ''}`,
        Number.isFinite(retryAfter) ? retryAfter : null,
      );
    }
    return parsed;
  }
  const conversation = (id: string) => `/conversations/${encodeURIComponent(id)}`;
  const board = (id: string) => `/switchboards/${encodeURIComponent(id)}`;

  return {
    /** Creates Parley's custom integration with its webhook; answers its id and shared secret. */
    async createWebhookIntegration(target: string, displayName: string) {
      const { integration } = integrationSchema.parse(
        await call('POST', '/integrations', {
          type: 'custom',
          displayName,
          webhooks: [{ target, triggers: SUNSHINE_TRIGGERS, includeFullUser: true, includeFullSource: true }],
        }),
      );
      return { integrationId: integration.id, secret: integration.webhooks[0]?.secret ?? '' };
    },
    deleteIntegration: (id: string) => call('DELETE', `/integrations/${encodeURIComponent(id)}`),
    /** The app's switchboard, created when it has none. */
    async switchboard() {
      const { switchboards } = z
        .object({ switchboards: z.array(switchboardSchema) })
        .parse(await call('GET', '/switchboards'));
      if (switchboards[0]) return switchboards[0];
      return z.object({ switchboard: switchboardSchema }).parse(await call('POST', '/switchboards', {}))
        .switchboard;
    },
    async switchboardIntegrations(switchboardId: string) {
      return z
        .object({ switchboardIntegrations: z.array(switchboardIntegrationSchema) })
        .parse(await call('GET', `${board(switchboardId)}/switchboardIntegrations`)).switchboardIntegrations;
    },
    async createSwitchboardIntegration(
      switchboardId: string,
      body: { name: string; integrationId: string; nextSwitchboardIntegrationId?: string },
    ) {
      return z.object({ switchboardIntegration: switchboardIntegrationSchema }).parse(
        await call('POST', `${board(switchboardId)}/switchboardIntegrations`, {
          ...body,
          deliverStandbyEvents: false,
          messageHistoryCount: 10,
        }),
      ).switchboardIntegration;
    },
    updateSwitchboardIntegration: (switchboardId: string, id: string, body: Record<string, unknown>) =>
      call('PATCH', `${board(switchboardId)}/switchboardIntegrations/${encodeURIComponent(id)}`, body),
    deleteSwitchboardIntegration: (switchboardId: string, id: string) =>
      call('DELETE', `${board(switchboardId)}/switchboardIntegrations/${encodeURIComponent(id)}`),
    updateSwitchboard: (
      switchboardId: string,
      body: { enabled?: boolean; defaultSwitchboardIntegrationId?: string },
    ) => call('PATCH', board(switchboardId), body),
    /** The id of the switchboard integration in control of a conversation now (null: none). */
    async activeSwitchboardIntegration(conversationId: string): Promise<string | null> {
      const { conversation: found } = conversationSchema.parse(
        await call('GET', conversation(conversationId)),
      );
      return found.activeSwitchboardIntegration?.id ?? null;
    },
    /** Posts a message to a conversation as the business. */
    postMessage: (conversationId: string, content: SunshineContent) =>
      call('POST', `${conversation(conversationId)}/messages`, { author: { type: 'business' }, content }),
    /** Passes control to `next` or a switchboard integration, with metadata for who takes over. */
    passControl: (conversationId: string, to: string, metadata: Record<string, string | number | boolean>) =>
      call('POST', `${conversation(conversationId)}/passControl`, { switchboardIntegration: to, metadata }),
    /** Takes control offered to Parley's switchboard integration (it is the conversation's pending one). */
    acceptControl: (conversationId: string, metadata: Record<string, string | number | boolean>) =>
      call('POST', `${conversation(conversationId)}/acceptControl`, { metadata }),
  };
}
export type SunshineClient = ReturnType<typeof sunshineClient>;
