import type { SendMessageRequest } from '@parley/contracts';
import {
  type BotMessage,
  type ChatMessage,
  type ConversationHandle,
  mergeMessages,
  newClientMessageId,
  ParleyChat,
  ParleyChatError,
} from '@parley/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { previewMessages } from './preview';

/** A message on screen: stored ones have their seq; the visitor's unsent ones are pending or failed. */
export interface ShownMessage extends ChatMessage {
  delivery?: 'pending' | 'failed';
  /** What to send again when a failed message is retried (with its id: it is answered once). */
  retry?: SendMessageRequest;
}

/** Stored messages in order, each once, then the visitor's unsent ones. */
export function mergeShown(current: ShownMessage[], incoming: ChatMessage[]): ShownMessage[] {
  const stored = current.filter((message) => message.delivery === undefined);
  const unsent = current.filter((message) => message.delivery !== undefined);
  return [...mergeMessages<ShownMessage>(stored, incoming), ...unsent];
}

function storageKey(deploymentKey: string): string {
  return `parley:conversation:${deploymentKey}`;
}

function loadHandle(deploymentKey: string): ConversationHandle | null {
  try {
    const stored = JSON.parse(
      localStorage.getItem(storageKey(deploymentKey)) ?? 'null',
    ) as ConversationHandle | null;
    return stored?.conversationId && stored.token ? stored : null;
  } catch {
    return null;
  }
}

export interface Conversation {
  messages: ShownMessage[];
  draft: string | null;
  waiting: boolean;
  connected: boolean;
  error: string | null;
  send(body: SendMessageRequest): void;
  /** The bot speaks this language from the next message on (the next conversation starts in it). */
  setLanguage(language: string): void;
  retry(message: ShownMessage): void;
  restart(): void;
}

/**
 * The visitor's conversation: resumed from localStorage across page loads (or started), kept live
 * through the event stream, and filled in from the history whenever the stream comes back.
 */
export function useConversation(
  baseUrl: string,
  deploymentKey: string,
  /** The styling preview's opening (no network), or null for a real conversation. */
  opening: BotMessage[] | null,
  language: string,
  /** The chat is open on the page: what arrives now is seen (a broadcast among it counts as opened). */
  visible = true,
): Conversation {
  const preview = opening !== null;
  const chat = useMemo(() => new ParleyChat({ baseUrl, deploymentKey }), [baseUrl, deploymentKey]);
  const [messages, setMessages] = useState<ShownMessage[]>(() => (opening ? previewMessages(opening) : []));
  const [waiting, setWaiting] = useState(!preview);
  const [connected, setConnected] = useState(true);
  const [error, setError] = useState<string | null>(null);
  /** An AI answer while it is written. */
  const [draft, setDraft] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const handle = useRef<ConversationHandle | null>(null);
  const pendingId = useRef(0);
  // Read when a conversation starts; a change does not start another one.
  const startLanguage = useRef(language);
  startLanguage.current = language;
  // Messages written before the conversation started: sent once it has (never left pending).
  const queued = useRef<{ message: SendMessageRequest; seq: number }[]>([]);
  const sendQueued = useRef<() => void>(() => undefined);
  // The latest message that came from the history or the stream (a broadcast comes that way, never
  // as the answer to a send), and the latest the server was told the visitor saw.
  const [arrivedSeq, setArrivedSeq] = useState(0);
  const toldSeq = useRef(0);
  // Sends in flight, and the latest seq a send answered: the stream brings those replies too, and
  // they need no notice (the visitor is typing in the open chat).
  const sending = useRef(0);
  const answeredSeq = useRef(0);

  useEffect(() => {
    if (preview) return;
    let closed = false;
    let subscription: { close(): void } | undefined;
    let dropped = false;
    const merge = (incoming: ChatMessage[], arrived = true) => {
      if (closed) return;
      const latest =
        incoming.filter((message) => message.role !== 'user' && message.seq > answeredSeq.current).at(-1)
          ?.seq ?? 0;
      if (arrived && sending.current === 0 && latest > 0) setArrivedSeq((seq) => Math.max(seq, latest));
      // A stored bot message replaces the draft it was written from.
      if (incoming.some((message) => message.role !== 'user')) setDraft(null);
      setMessages((current) => mergeShown(current, incoming));
    };

    async function open(): Promise<void> {
      let current = generation === 0 ? loadHandle(deploymentKey) : null;
      let lastSeq = 0;
      if (current) {
        try {
          const history = await chat.history(current);
          merge(history);
          lastSeq = history.at(-1)?.seq ?? 0;
        } catch (failure) {
          // A conversation that is gone (or not ours any more) starts over; a network error does not.
          if (!(failure instanceof ParleyChatError) || failure.status >= 500) throw failure;
          current = null;
        }
      }
      if (!current) {
        const started = await chat.start({
          page: { url: location.href.slice(0, 2048), domain: location.hostname },
          language: startLanguage.current,
        });
        current = { conversationId: started.conversationId, token: started.token };
        localStorage.setItem(storageKey(deploymentKey), JSON.stringify(current));
        // The bot's first words: no broadcast among them.
        merge(started.messages, false);
        lastSeq = started.messages.at(-1)?.seq ?? 0;
      }
      if (closed) return;
      handle.current = current;
      setWaiting(false);
      sendQueued.current();
      const live = current;
      subscription = chat.subscribe(live, {
        afterSeq: lastSeq,
        onMessage: (message) => merge([message]),
        onDraft: (next) => !closed && setDraft(next.text),
        onConnectionChange: (isConnected) => {
          setConnected(isConnected);
          // Back after a drop: whatever was stored meanwhile comes from the history.
          if (isConnected && dropped) void chat.history(live).then(merge, () => undefined);
          dropped ||= !isConnected;
        },
      });
    }

    open().catch((failure: Error) => {
      if (closed) return;
      setWaiting(false);
      setError(failure.message);
    });
    return () => {
      closed = true;
      subscription?.close();
    };
  }, [chat, deploymentKey, preview, generation]);

  useEffect(() => {
    const current = handle.current;
    if (preview || !visible || !current || arrivedSeq <= toldSeq.current) return;
    toldSeq.current = arrivedSeq;
    // Best effort: a lost notice leaves a broadcast counted as sent, not opened.
    chat.seen(current, arrivedSeq).catch(() => undefined);
  }, [chat, preview, visible, arrivedSeq]);

  const deliver = useCallback(
    (message: SendMessageRequest, replacing?: number) => {
      // Named once: the SDK's own retries and the visitor's retry all send this id.
      const body = { ...message, clientMessageId: message.clientMessageId ?? newClientMessageId() };
      const text = 'text' in body ? body.text : (body.label ?? body.postback);
      const seq = replacing ?? --pendingId.current;
      const shown: ShownMessage = {
        seq,
        role: 'user',
        message: { type: 'text', text },
        created_at: new Date().toISOString(),
      };
      if (preview) {
        setMessages((current) => [...current, { ...shown, seq: current.length + 1 }]);
        return;
      }
      setMessages((current) => [
        ...current.filter((message) => message.seq !== seq),
        { ...shown, delivery: 'pending', retry: body },
      ]);
      const current = handle.current;
      if (!current) {
        queued.current.push({ message: body, seq });
        return;
      }
      setWaiting(true);
      sending.current += 1;
      chat
        .send(current, body)
        .then((answer) => {
          answeredSeq.current = Math.max(answeredSeq.current, answer.at(-1)?.seq ?? 0);
          setError(null);
          setDraft(null);
          setMessages((messages) =>
            mergeShown(
              messages.filter((message) => message.seq !== seq),
              answer,
            ),
          );
        })
        .catch((failure: Error) => {
          setMessages((messages) =>
            messages.map((message) => (message.seq === seq ? { ...message, delivery: 'failed' } : message)),
          );
          if (failure instanceof ParleyChatError && failure.status < 500) setError(failure.message);
        })
        .finally(() => {
          sending.current -= 1;
          setWaiting(false);
        });
    },
    [chat, preview],
  );
  sendQueued.current = () => {
    for (const { message, seq } of queued.current.splice(0)) deliver(message, seq);
  };

  return {
    messages,
    draft,
    waiting,
    connected,
    error,
    send: (body) => deliver(body),
    retry: (message) => message.retry && deliver(message.retry, message.seq),
    setLanguage: (next) => {
      const current = handle.current;
      if (preview || !current) return;
      chat.setLanguage(current, next).then(
        () => setError(null),
        (failure: Error) => setError(failure.message),
      );
    },
    restart: () => {
      localStorage.removeItem(storageKey(deploymentKey));
      handle.current = null;
      toldSeq.current = 0;
      setArrivedSeq(0);
      setMessages(opening ? previewMessages(opening) : []);
      setError(null);
      setWaiting(!preview);
      setGeneration((value) => value + 1);
    },
  };
}
