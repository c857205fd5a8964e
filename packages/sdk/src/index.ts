import type {
  ChatMessage,
  SendMessageRequest,
  StartConversationRequest,
  StartConversationResponse,
} from '@parley/contracts';

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

/** What the chat API answered when it refused a call. */
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
export interface Draft {
  moduleId: string;
  text: string;
}

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

  private async call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const response = await this.fetcher(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as {
      error?: { name: string; message: string };
    } | null;
    if (!response.ok) {
      throw new ParleyChatError(
        data?.error?.name ?? 'InternalException',
        data?.error?.message ?? `Parley answered ${response.status}`,
        response.status,
      );
    }
    return data as T;
  }

  /** Starts a conversation; the answer holds the bot's first messages. */
  start(extra: Omit<StartConversationRequest, 'deploymentKey'> = {}): Promise<StartConversationResponse> {
    return this.call('POST', '/api/chat/conversations', {
      deploymentKey: this.options.deploymentKey,
      ...extra,
    });
  }

  /** Sends text or a button's postback; answers what the bot says right away. */
  async send(conversation: ConversationHandle, message: SendMessageRequest): Promise<ChatMessage[]> {
    const result = await this.call<{ messages: ChatMessage[] }>(
      'POST',
      `/api/chat/conversations/${conversation.conversationId}/messages`,
      message,
      conversation.token,
    );
    return result.messages;
  }

  /** Every message so far, in order. */
  async history(conversation: ConversationHandle): Promise<ChatMessage[]> {
    const result = await this.call<{ messages: ChatMessage[] }>(
      'GET',
      `/api/chat/v3/conversations/${conversation.conversationId}/history`,
      undefined,
      conversation.token,
    );
    return result.messages;
  }

  /**
   * Receives what happens after `afterSeq` as it happens (Server-Sent Events): stored messages
   * (delays, human agents, AI answers), and drafts of an AI answer while it is written. The
   * browser reconnects by itself and resumes from the last stored message it saw.
   */
  subscribe(conversation: ConversationHandle, handlers: SubscribeHandlers): Subscription {
    const query = new URLSearchParams({ token: conversation.token, after: String(handlers.afterSeq ?? 0) });
    const source = new EventSource(
      `${this.baseUrl}/api/chat/conversations/${conversation.conversationId}/events?${query}`,
    );
    source.addEventListener('message', (event) =>
      handlers.onMessage(JSON.parse((event as MessageEvent<string>).data) as ChatMessage),
    );
    source.addEventListener('draft', (event) =>
      handlers.onDraft?.(JSON.parse((event as MessageEvent<string>).data) as Draft),
    );
    source.addEventListener('open', () => handlers.onConnectionChange?.(true));
    source.addEventListener('error', () => handlers.onConnectionChange?.(false));
    return { close: () => source.close() };
  }
}
