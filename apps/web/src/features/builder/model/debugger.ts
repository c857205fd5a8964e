import type { ChatMessage, DebugTurn, SendMessageRequest, TraceEntry } from '@parley/contracts';
import { createContext, useContext } from 'react';
import { createStore } from 'zustand/vanilla';
import { sendDebugMessage, startDebugConversation } from '../api/builder-api';
import { whenSaved } from './autosave';
import type { BuilderStore } from './builder-store';

/** One turn as the debugger lists it: what the tester said (null for the start) and the steps. */
export interface DebugTurnLog {
  id: number;
  said: string | null;
  steps: TraceEntry[];
}

export interface DebuggerState {
  conversation: { id: string; token: string } | null;
  /** Where the conversation started (null: the start module). */
  startedAt: string | null;
  messages: ChatMessage[];
  turns: DebugTurnLog[];
  /** The module the conversation is at: highlighted on the canvas. */
  currentModuleId: string | null;
  /** Connections (module and global) the last turn went through: drawn as travelled. */
  travelled: string[];
  status: DebugTurn['status'] | null;
  variables: DebugTurn['variables'];
  pending: boolean;
  error: string | null;
  start(startModuleId?: string): Promise<void>;
  send(body: SendMessageRequest): Promise<void>;
  /** Messages that came later, on the conversation's events stream (delays, streamed answers). */
  received(messages: ChatMessage[]): void;
}

export type DebuggerStore = ReturnType<typeof createDebugger>;

const idle = {
  conversation: null,
  startedAt: null,
  messages: [],
  turns: [],
  currentModuleId: null,
  travelled: [],
  status: null,
  variables: {},
  pending: false,
  error: null,
} satisfies Partial<DebuggerState>;

/** Messages by seq, each once, in order (a turn's answer and the events stream both bring them). */
export function mergeMessages(known: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const fresh = incoming.filter((message) => !known.some((old) => old.seq === message.seq));
  if (fresh.length === 0) return known;
  return [...known, ...fresh].sort((a, b) => a.seq - b.seq);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The builder's test conversation: runs the saved draft through the bot's test deployment and keeps
 * each turn's steps. A restart makes answers still on their way for the old conversation stale.
 */
export function createDebugger(
  builder: BuilderStore,
  api = { start: startDebugConversation, send: sendDebugMessage },
) {
  return createStore<DebuggerState>()((set, get) => {
    let run = 0;
    const took = (turn: DebugTurn, said: string | null) =>
      set((state) => ({
        messages: mergeMessages(state.messages, turn.messages),
        turns: [...state.turns, { id: state.turns.length + 1, said, steps: turn.steps }],
        currentModuleId: turn.currentModuleId,
        travelled: turn.steps.flatMap((step) => (step.connectionId ? [step.connectionId] : [])),
        status: turn.status,
        variables: turn.variables,
        pending: false,
        error: null,
      }));
    return {
      ...idle,
      async start(startModuleId) {
        const mine = ++run;
        set({ ...idle, startedAt: startModuleId ?? null, pending: true });
        try {
          await whenSaved(builder);
          const { botId } = builder.getState();
          const started = await api.start(botId, startModuleId);
          if (mine !== run) return;
          set({ conversation: { id: started.conversationId, token: started.token } });
          took(started, null);
        } catch (error) {
          if (mine === run) set({ pending: false, error: messageOf(error) });
        }
      },
      async send(body) {
        const { conversation } = get();
        if (!conversation) return;
        const mine = run;
        set({ pending: true, error: null });
        try {
          await whenSaved(builder);
          const turn = await api.send(builder.getState().botId, conversation.id, body);
          if (mine !== run) return;
          took(turn, 'text' in body ? body.text : (body.label ?? body.postback));
        } catch (error) {
          if (mine === run) set({ pending: false, error: messageOf(error) });
        }
      },
      received: (messages) => set((state) => ({ messages: mergeMessages(state.messages, messages) })),
    };
  });
}

/** The builder's one debugger, for the panel, the canvas (highlights) and module editors (test from here). */
export const DebuggerContext = createContext<DebuggerStore | null>(null);

export function useDebugger(): DebuggerStore {
  const store = useContext(DebuggerContext);
  if (!store) throw new Error('useDebugger needs the builder’s DebuggerContext');
  return store;
}
