import type {
  ChatMessage,
  SendMessageRequest,
  StartConversationRequest,
  StartConversationResponse,
} from '@parley/contracts';
// Subpaths, not the package root: the widget bundles this client and must not carry every contract.
import { type ChatDraft, chatApi } from '@parley/contracts/chat-api';
import { type RouteContract, type RouteInput, routeUrl } from '@parley/contracts/define-route';
import { errorEnvelopeSchema } from '@parley/contracts/errors';
import type { z } from 'zod';

export type { BotMessage, ChatMessage, MessageButton, MessageCard } from '@parley/contracts';

/**
 * Messages in order, each once: the send answer, the event stream and the history can all bring
 * the same message, and `seq` says which it is.
 */
export function mergeMessages<M extends ChatMessage>(current: M[], incoming: M[]): M[] {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * What the chat API answered when it refused a call; `InvalidAnswerException` when its answer did
 * not have the shape of the chat API's contract (a proxy's page, or a server of another version).
 */
export class ParleyChatError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ParleyChatOptions {
  /** Where Parley runs, e.g. `https://chat.example.com` (no trailing path). */
  baseUrl: string;
  /** The deployment's public key, as in the embed snippet. */
  deploymentKey: string;
  fetch?: typeof fetch;
  /**
   * How sending a message retries when the network fails or no server answers (502, 503, 504):
   * up to `attempts` tries in all, waiting `firstDelayMs`, then twice as long each time.
   */
  retry?: { attempts: number; firstDelayMs: number };
}

const DEFAULT_RETRY = { attempts: 5, firstDelayMs: 300 };

/** A load balancer's answers when the server behind it died or is restarting: worth a retry. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** A random id for a message (8+ letters, digits, - or _), in any browser, secure page or not. */
export function newClientMessageId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A conversation that can be resumed later (the widget keeps it in localStorage). */
export interface ConversationHandle {
  conversationId: string;
  token: string;
}

export interface Subscription {
  close(): void;
}

/** An AI answer while it is written: the text so far (its stored message follows). */
export type Draft = ChatDraft;

export interface SubscribeHandlers {
  onMessage(message: ChatMessage): void;
  /** Receive what is stored after this seq (the last message you have). */
  afterSeq?: number;
  onDraft?(draft: Draft): void;
  /** The stream dropped (false) or is back (true); a widget shows "reconnecting" meanwhile. */
  onConnectionChange?(connected: boolean): void;
}

/**
 * The typed client of Parley's public chat API: start a conversation, send messages and button
 * presses, receive later messages (delays, human agents) as they happen, and read the history.
 */
export class ParleyChat {
  private readonly baseUrl: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ParleyChatOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Calls a route of the chat API and parses its answer with the route's contract. */
  private async call<C extends RouteContract & { response: S }, S extends z.ZodType>(
    contract: C & { response: S },
    input: RouteInput<C> & { token?: string },
  ): Promise<z.output<S>> {
    const response = await this.fetcher(`${this.baseUrl}${routeUrl(contract, input)}`, {
      method: contract.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(input.token ? { Authorization: `Bearer ${input.token}` } : {}),
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const refusal = errorEnvelopeSchema.safeParse(data);
      throw new ParleyChatError(
        refusal.success ? refusal.data.error.name : 'InternalException',
        refusal.success ? refusal.data.error.message : `Parley answered ${response.status}`,
        response.status,
      );
    }
    try {
      return contract.response.parse(data);
    } catch (error) {
      throw new ParleyChatError(
        'InvalidAnswerException',
        `Parley's answer to ${contract.method} ${contract.path} is not the chat API's: ${String(error)}`,
        response.status,
      );
    }
  }

  /** Starts a conversation; the answer holds the bot's first messages. */
  start(extra: Omit<StartConversationRequest, 'deploymentKey'> = {}): Promise<StartConversationResponse> {
    return this.call(chatApi.startConversation, {
      body: { deploymentKey: this.options.deploymentKey, ...extra },
    });
  }

  /**
   * Sends text or a button's postback; answers what the bot says right away. The message carries
   * a client message id (`message.clientMessageId`, or a new one), and a network failure or a
   * server that did not answer is retried with it, waiting longer each time: the server runs the
   * message once however many tries reach it, and any try answers the first answer.
   */
  async send(conversation: ConversationHandle, message: SendMessageRequest): Promise<ChatMessage[]> {
    const body = { ...message, clientMessageId: message.clientMessageId ?? newClientMessageId() };
    const { attempts, firstDelayMs } = this.options.retry ?? DEFAULT_RETRY;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.call(chatApi.sendMessage, {
          params: { id: conversation.conversationId },
          body,
          token: conversation.token,
        });
        return result.messages;
      } catch (failure) {
        const retried =
          !(failure instanceof ParleyChatError) ||
          (RETRIED_STATUSES.has(failure.status) && failure.name !== 'InvalidAnswerException');
        if (!retried || attempt >= attempts) throw failure;
        await new Promise((resolve) => setTimeout(resolve, firstDelayMs * 2 ** (attempt - 1)));
      }
    }
  }

  /**
   * Sets the language the bot speaks in this conversation from the next message on: one it offers
   * (machine-translated), or any other for its own. Start with `start({ language })` to set it first.
   */
  async setLanguage(conversation: ConversationHandle, language: string): Promise<string> {
    const result = await this.call(chatApi.setLanguage, {
      params: { id: conversation.conversationId },
      body: { language },
      token: conversation.token,
    });
    return result.language;
  }

  /** Tells that the visitor saw the messages up to `seq` (a broadcast among them counts as opened). */
  async seen(conversation: ConversationHandle, seq: number): Promise<void> {
    await this.call(chatApi.seen, {
      params: { id: conversation.conversationId },
      body: { seq },
      token: conversation.token,
    });
  }

  /** Every message so far, in order. */
  async history(conversation: ConversationHandle): Promise<ChatMessage[]> {
    const result = await this.call(chatApi.history, {
      params: { id: conversation.conversationId },
      query: { mode: 'messages' },
      token: conversation.token,
    });
    return 'messages' in result ? result.messages : [];
  }

  /**
   * Receives what happens after `afterSeq` as it happens (Server-Sent Events): stored messages
   * (delays, human agents, AI answers), and drafts of an AI answer while it is written. The
   * browser reconnects by itself and resumes from the last stored message it saw.
   */
  subscribe(conversation: ConversationHandle, handlers: SubscribeHandlers): Subscription {
    const url = routeUrl(chatApi.events, {
      params: { id: conversation.conversationId },
      query: { token: conversation.token, after: handlers.afterSeq ?? 0 },
    });
    const source = new EventSource(`${this.baseUrl}${url}`);
    const { message, draft } = chatApi.events.events;
    // An event that is not the contract's shape throws here, reported like any listener's error.
    source.addEventListener('message', (event) => handlers.onMessage(message.parse(eventData(event))));
    source.addEventListener('draft', (event) => handlers.onDraft?.(draft.parse(eventData(event))));
    source.addEventListener('open', () => handlers.onConnectionChange?.(true));
    source.addEventListener('error', () => handlers.onConnectionChange?.(false));
    return { close: () => source.close() };
  }
}

/** The JSON data of a Server-Sent Event. */
function eventData(event: Event): unknown {
  return event instanceof MessageEvent && typeof event.data === 'string' ? JSON.parse(event.data) : null;
}
