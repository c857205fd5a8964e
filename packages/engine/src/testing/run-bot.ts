import { type Flow, flowSchema } from '@parley/flow';
import { type BotMessage, conversationEventDataSchemas, messageButtons } from '@parley/kit';
import type {
  HttpRequest,
  HttpResponse,
  KnowledgeAnswer,
  KnowledgeRequest,
  LlmRequest,
  StorePort,
} from '@parley/modules';
import { expect } from 'vitest';
import type { EngineEvent, TraceEntry } from '../events';
import { memoryModelStore } from '../nlu/model-store';
import { NluEngine } from '../nlu/nlu';
import { runTurn, type TurnInput, type TurnResult } from '../run-turn';
import type { EngineServices, TurnMeta } from '../services';
import { type ConversationState, conversationStateSchema, newConversationState } from '../state';
import { messageText } from '../transcript';

export interface TestServiceOptions {
  http?: (request: HttpRequest) => Promise<HttpResponse>;
  deliver?: EngineServices['webhooks']['deliver'];
  llm?: (request: LlmRequest, onToken?: (token: string) => void) => Promise<{ text: string }>;
  knowledge?: (request: KnowledgeRequest) => Promise<KnowledgeAnswer>;
  store?: StorePort;
  agents?: EngineServices['agents']['run'];
  startAt?: number;
}

/** Services for engine tests: a clock that moves only when told, counting ids, fixed randomness. */
export function testServices(options: TestServiceOptions = {}) {
  let now = options.startAt ?? Date.UTC(2026, 0, 1, 9);
  let id = 0;
  const services: EngineServices = {
    llm: { complete: options.llm ?? (() => Promise.reject(new Error('no LLM in this test'))) },
    http: { request: options.http ?? (() => Promise.reject(new Error('no HTTP in this test'))) },
    webhooks: {
      deliver: options.deliver ?? (() => Promise.reject(new Error('no webhooks in this test'))),
    },
    knowledge: {
      answer: options.knowledge ?? (() => Promise.reject(new Error('no knowledge in this test'))),
    },
    store: { call: options.store ?? (() => Promise.reject(new Error('no store in this test'))) },
    agents: { run: options.agents ?? (() => Promise.reject(new Error('no agents in this test'))) },
    nlu: memoryModelStore(),
    clock: { now: () => now },
    ids: { next: () => `id-${++id}` },
    random: () => 0.5,
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { services, advance };
}

export const testMeta: TurnMeta = {
  botId: 'bot-1',
  deploymentId: 'dep-1',
  conversationId: 'conv-1',
  companyId: 'company-1',
  pageDomain: 'shop.example.com',
  url: 'https://shop.example.com/cart',
};

const shared = new NluEngine(memoryModelStore());

/**
 * Bot conversations as readable transcripts:
 * `await runBot(flow).start().expectReply(/welcome/).say('hi').expectReply(/hello/)`.
 * Steps run in order when the chain is awaited; every turn's state must stay valid.
 */
export interface BotRun {
  state: ConversationState;
  last: TurnResult | undefined;
  turns: TurnResult[];
}

/**
 * Every event a scripted turn logs holds exactly the data its schema in the event catalogue
 * declares (contracts' conversation-events.ts): no field missing, none undeclared.
 */
function expectCatalogued(events: EngineEvent[]): void {
  for (const event of events) {
    const parsed = conversationEventDataSchemas[event.name].strict().safeParse(event.data);
    expect(parsed.error?.issues, `${event.name} data fits the event catalogue`).toBeUndefined();
  }
}

export class BotScript implements PromiseLike<BotRun> {
  private readonly steps: (() => Promise<void> | void)[] = [];
  state: ConversationState = newConversationState();
  last: TurnResult | undefined;
  readonly turns: TurnResult[] = [];
  readonly flow: Flow;

  constructor(
    flow: unknown,
    readonly services: EngineServices = testServices().services,
    readonly meta: TurnMeta = testMeta,
  ) {
    this.flow = flowSchema.parse(flow);
  }

  private step(fn: () => Promise<void> | void): this {
    this.steps.push(fn);
    return this;
  }

  send(input: TurnInput): this {
    return this.step(async () => {
      this.last = await runTurn(this.flow, this.state, input, this.services, this.meta, shared);
      expect(conversationStateSchema.safeParse(this.last.state).success).toBe(true);
      expectCatalogued(this.last.events);
      this.state = this.last.state;
      this.turns.push(this.last);
    });
  }

  start = () => this.send({ type: 'start' });
  say = (text: string) => this.send({ type: 'text', text });
  postback = (payload: string, label?: string) => this.send({ type: 'postback', payload, label });

  /** Presses the button labelled `label` among the last turn's messages. */
  press(label: string): this {
    return this.step(async () => {
      // The most recent message with that button (a fallback reply may have come after it).
      const messages = [...this.turns].reverse().flatMap((turn) => turn.outputs);
      const buttons = messages.flatMap(messageButtons);
      const button = buttons.find((candidate) => candidate.label === label);
      if (!button?.payload)
        throw new Error(`No reply button "${label}" in: ${JSON.stringify(this.last?.outputs)}`);
      this.last = await runTurn(
        this.flow,
        this.state,
        { type: 'postback', payload: button.payload, label },
        this.services,
        this.meta,
        shared,
      );
      expectCatalogued(this.last.events);
      this.state = this.last.state;
      this.turns.push(this.last);
    });
  }

  /** The last turn's messages, as text, match these in order. */
  expectReply(...expected: (string | RegExp)[]): this {
    return this.step(() => {
      const texts = (this.last?.outputs ?? []).map(messageText);
      expect(texts).toHaveLength(expected.length);
      for (const [index, pattern] of expected.entries()) expect(texts[index]).toMatch(pattern);
    });
  }

  expectNoReply(): this {
    return this.step(() => expect(this.last?.outputs ?? []).toEqual([]));
  }

  expectMessages(check: (messages: BotMessage[]) => void): this {
    return this.step(() => check(this.last?.outputs ?? []));
  }

  /** The kinds of the last turn's trace entries (`global`, `module`, `fallback`, …). */
  expectTrace(...kinds: TraceEntry['kind'][]): this {
    return this.step(() => expect((this.last?.trace ?? []).map((entry) => entry.kind)).toEqual(kinds));
  }

  expectEvent(name: string, match: Partial<EngineEvent> | Record<string, unknown> = {}): this {
    return this.step(() =>
      expect(this.last?.events ?? []).toContainEqual(expect.objectContaining({ name, ...match })),
    );
  }

  expectState(match: Partial<ConversationState> | Record<string, unknown>): this {
    return this.step(() => expect(this.state).toMatchObject(match));
  }

  expectVariable(name: string, value: unknown): this {
    return this.step(() => expect(this.state.variables[name]).toEqual(value));
  }

  // The script is awaited like a promise: that is what lets a conversation read as one chain.
  // biome-ignore lint/suspicious/noThenProperty: intentional thenable (see above)
  then<T = BotRun, E = never>(
    onFulfilled?: ((value: BotRun) => T | PromiseLike<T>) | null,
    onRejected?: ((reason: unknown) => E | PromiseLike<E>) | null,
  ): PromiseLike<T | E> {
    const run = async (): Promise<BotRun> => {
      for (const step of this.steps.splice(0)) await step();
      return { state: this.state, last: this.last, turns: this.turns };
    };
    return run().then(onFulfilled, onRejected);
  }
}

export function runBot(flow: unknown, services?: EngineServices, meta?: TurnMeta): BotScript {
  return new BotScript(flow, services, meta);
}

/** A flow from short module specs: [id, type, content, { port: target }, extra]. */
export function flowOf(
  modules: [
    id: string,
    type: string,
    content: unknown,
    connections?: Record<string, string>,
    extra?: Record<string, unknown>,
  ][],
  extra: Record<string, unknown> = {},
): Flow {
  return flowSchema.parse({
    schemaVersion: 1,
    startModuleId: modules[0]?.[0],
    modules: modules.map(([id, type, content, connections = {}, more = {}]) => ({
      id,
      type,
      content,
      connections: Object.entries(connections).map(([port, target], index) => ({
        id: `${id}-c${index}`,
        port,
        target,
      })),
      ...more,
    })),
    ...extra,
  });
}
