import { type Flow, type FlowModule, modulesById, targetOf } from '@parley/flow';
import {
  type BotMessage,
  type ConversationEventData,
  type ConversationEventName,
  EVENT,
  parseEventData,
} from '@parley/kit';
import {
  callFailureOf,
  DEFAULT_GENERATIVE_SETTINGS,
  type ExecutionContext,
  type KnowledgeAnswer,
  knowledgeRequestOf,
  runtimeOf,
  type UserInput,
} from '@parley/modules';
import { baseDimensions, type EngineEvent, type EventDimensions, type TraceEntry } from './events';
import { globalMatches, orderedGlobals } from './globals';
import type { NluEngine, NluModelNotice, NluResult } from './nlu/nlu';
import type { EngineServices, TurnMeta } from './services';
import { type ConversationState, MAX_TRANSCRIPT } from './state';
import { TurnTemplates, templateVariables } from './template-context';
import { TemplateBudgetExceeded, TemplateError } from './templating';
import { cleanTranscript, messageText } from './transcript';

/** What arrives at the bot in one turn. */
export type TurnInput =
  /** A conversation starts: at the start module, or at `moduleId` (the debugger starts anywhere). */
  | { type: 'start'; moduleId?: string }
  | { type: 'text'; text: string }
  | { type: 'postback'; payload: string; label?: string }
  /** The host delivers a delayed move (spec §4) when it falls due. */
  | { type: 'delayed_move'; moduleId: string; requested?: boolean }
  /** A human agent handed control back to the bot. */
  | { type: 'resume'; agent?: string }
  /** A human agent takes control: the bot stays quiet until `resume`. */
  | { type: 'handoff'; agent?: string }
  /** A human agent with control wrote to the user (kept in the transcript, as the bot's side). */
  | { type: 'agent_message'; text: string; agent: string }
  | { type: 'expire' };

export interface TurnResult {
  state: ConversationState;
  outputs: BotMessage[];
  events: EngineEvent[];
  trace: TraceEntry[];
}

/** Module executions allowed in one turn: a loop in a flow is reported, it never hangs the host. */
export const MAX_STEPS_PER_TURN = 100;
/** The port a module that can fail (webhook, LLM, AI agent, store modules) follows when it does. */
const FAILURE_PORT = 'failure';
/** NLU predictions under this confidence are logged as low-confidence (spec §9). */
export const LOW_CONFIDENCE = 0.5;

/**
 * The turn's own copy of the state. Shallow is enough: the turn replaces fields and variables and
 * appends to the transcript, but never changes a value in place (variables are stored as fresh JSON).
 */
function cloneState(state: ConversationState): ConversationState {
  return { ...state, variables: { ...state.variables }, transcript: [...state.transcript] };
}

class Turn {
  readonly outputs: BotMessage[] = [];
  readonly events: EngineEvent[] = [];
  readonly trace: TraceEntry[] = [];
  private readonly byId: Map<string, FlowModule>;
  private readonly templates: TurnTemplates;
  private nluResult: Promise<NluResult> | undefined;
  private lastUserText = '';
  private readonly dimensions: EventDimensions;

  constructor(
    private readonly flow: Flow,
    readonly state: ConversationState,
    private readonly services: EngineServices,
    private readonly meta: TurnMeta,
    private readonly nlu: NluEngine,
  ) {
    this.byId = modulesById(flow);
    this.dimensions = baseDimensions(meta);
    this.templates = new TurnTemplates(
      templateVariables(flow, state, meta),
      services.random,
      () => cleanTranscript(state.transcript, state.conversation),
      () => services.clock.now(),
    );
  }

  private now(): number {
    return this.services.clock.now();
  }

  /** Logs an event of the catalogue (`EVENT` in contracts), with the data its schema gives it. */
  emit<N extends ConversationEventName>(
    name: N,
    data: ConversationEventData<N>,
    dimensions: Partial<EventDimensions> = {},
  ): void {
    this.events.push({
      name,
      at: this.now(),
      afterOutputs: this.outputs.length,
      dimensions: { ...this.dimensions, ...dimensions },
      data,
    });
  }

  /** Records a step of the turn (with a copy of the variables when the host debugs it). */
  step(entry: TraceEntry): void {
    this.trace.push(this.meta.traceVariables ? { ...entry, variables: { ...this.state.variables } } : entry);
  }

  /** Adds to the transcript the state keeps (capped: the messages table keeps everything). */
  record(role: 'user' | 'bot', utterance: string): void {
    this.state.transcript.push({ role, utterance, conversation: this.state.conversation, at: this.now() });
    if (this.state.transcript.length > MAX_TRANSCRIPT)
      this.state.transcript.splice(0, this.state.transcript.length - MAX_TRANSCRIPT);
  }

  /** Predictions for the user's text, computed at most once per turn. */
  private understand(text: string): Promise<NluResult> {
    this.nluResult ??= this.nlu
      .predict(this.flow.settings.language, this.flow.intents, text, this.meta.botId)
      .then((result) => {
        if (result.model) this.modelNotReady(result.model);
        return result;
      });
    return this.nluResult;
  }

  /** The model of the current intents did not answer: the debugger and the logs say why. */
  private modelNotReady(notice: NluModelNotice): void {
    const why =
      notice.status === 'training'
        ? 'The intent model is still training'
        : `The intent model cannot be trained: ${notice.reason ?? 'training failed'}`;
    const answered = notice.previous
      ? 'the previous model answered'
      : 'no model answered (keywords and fallback only)';
    this.emit(EVENT.NluModelNotReady, {
      status: notice.status,
      previousModel: notice.previous,
      ...(notice.reason ? { reason: notice.reason } : {}),
    });
    const waiting = this.state.waitingFor?.moduleId ?? null;
    this.step({
      kind: 'nlu',
      from: waiting,
      to: null,
      detail: `${why}; ${answered}`,
      nlu: {
        status: notice.status,
        previous: notice.previous,
        ...(notice.reason ? { reason: notice.reason } : {}),
      },
    });
  }

  private contextFor(module: FlowModule, sent: BotMessage[]): ExecutionContext {
    return {
      moduleId: module.id,
      render: (template) => this.templates.render(template),
      evaluate: (expression) => this.templates.evaluate(expression),
      isTruthy: (expression) => this.templates.isTruthy(expression),
      getVariable: (name) => this.state.variables[name],
      setVariable: (name, value) => {
        this.state.variables[name] = toJson(value);
      },
      send: (message) => {
        sent.push(message);
        this.outputs.push(message);
        this.record('bot', messageText(message));
      },
      emit: (name, data) => {
        this.emit(name, data, { 'Bot Module ID': module.id });
        // An agent's turn is a step of the conversation's own: the debugger shows what it did there.
        const agent = name === EVENT.AgentTurn ? parseEventData(EVENT.AgentTurn, data) : undefined;
        if (agent) this.step({ kind: 'agent', from: module.id, to: null, agent });
      },
      transcript: () => this.templates.transcript(),
      http: (request) => this.services.http.request(request),
      deliver: (call) =>
        this.services.webhooks.deliver({
          ...call,
          variables: this.state.variables,
          companyId: this.meta.companyId,
          botId: this.meta.botId,
          conversationId: this.meta.conversationId,
          moduleId: module.id,
        }),
      // Tokens stream to the host as they come (web chat shows the answer while it is written).
      llm: (request, onToken) =>
        this.services.llm.complete(request, (token) => {
          onToken?.(token);
          this.meta.onLlmToken?.(token, module.id);
        }),
      nlu: (text) => this.understand(text),
      knowledge: (question) => this.askKnowledge(question),
      store: (request) => this.services.store.call(request),
      agent: (call) =>
        this.services.agents.run({
          ...call,
          companyId: this.meta.companyId,
          botId: this.meta.botId,
          conversationId: this.meta.conversationId,
          moduleId: module.id,
        }),
    };
  }

  /** The bot's knowledge asked under its generative settings (instructions rendered here). */
  private askKnowledge(question: string): Promise<KnowledgeAnswer> {
    const settings = this.flow.settings.generative ?? DEFAULT_GENERATIVE_SETTINGS;
    const instructions = this.templates.render(settings.instructions);
    return this.services.knowledge.answer(
      knowledgeRequestOf(
        settings,
        { question, language: this.flow.settings.language.split('-')[0] ?? 'en' },
        instructions,
      ),
    );
  }

  /**
   * The fallback answered from knowledge (the generative response tab): true when it answered;
   * false when nothing scored the minimum or the model failed (the fallback then answers).
   */
  private async answerFromKnowledge(
    waiting: FlowModule | undefined,
    intent: { name: string; confidence: number } | null,
  ): Promise<boolean> {
    const question = this.lastUserText;
    let answer: KnowledgeAnswer;
    try {
      answer = await this.askKnowledge(question);
    } catch (error) {
      const failure = callFailureOf(error);
      this.emit(EVENT.KnowledgeAnswer, {
        question,
        outcome: 'failed',
        intent,
        sources: [],
        error: failure.message,
      });
      this.step({
        kind: 'generative',
        from: waiting?.id ?? null,
        to: null,
        failure,
        knowledge: { outcome: 'failed', intent, sources: [] },
      });
      return false;
    }
    const { outcome, sources, model, tokens } = answer;
    this.emit(EVENT.KnowledgeAnswer, {
      question,
      outcome,
      intent,
      sources,
      model,
      ...(tokens === undefined ? {} : { tokens }),
    });
    this.step({
      kind: 'generative',
      from: waiting?.id ?? null,
      to: null,
      knowledge: { outcome, intent, sources },
    });
    const text = answer.text.trim();
    if (outcome !== 'answered' || !text) return false;
    const message: BotMessage = {
      type: 'text',
      text,
      ...(answer.citations.length > 0 ? { citations: answer.citations } : {}),
    };
    this.outputs.push(message);
    this.record('bot', text);
    this.emit(
      EVENT.MessageSent,
      { count: 1 },
      { 'Bot Original Message': [message], ...(waiting ? { 'Bot Module ID': waiting.id } : {}) },
    );
    return true;
  }

  /** Runs modules from `moduleId` until one waits, the conversation ends, or nothing follows. */
  async walk(moduleId: string | undefined): Promise<void> {
    let current = moduleId;
    let steps = 0;
    this.state.waitingFor = null;
    this.state.status = 'idle';
    while (current !== undefined) {
      if (++steps > MAX_STEPS_PER_TURN) {
        this.emit(EVENT.LoopDetected, { steps: MAX_STEPS_PER_TURN }, { 'Bot Module ID': current });
        return;
      }
      const module = this.byId.get(current);
      if (!module) {
        this.emit(EVENT.ModuleMissing, { moduleId: current });
        return;
      }
      const sent: BotMessage[] = [];
      const runtime = runtimeOf(module.type);
      let result: Awaited<ReturnType<typeof runtime.enter>>;
      try {
        result = await runtime.enter(module.content, this.contextFor(module, sent));
      } catch (error) {
        // A template that cannot render (Jinja2 refuses it too) goes on by the module's failure
        // connection where it has one, as any other failure of the module does; else the turn stops.
        const recovery = error instanceof TemplateError ? targetOf(module, FAILURE_PORT) : undefined;
        this.failed(module, error, sent, recovery);
        if (recovery === undefined) return;
        current = recovery;
        continue;
      }
      const next =
        result.kind === 'continue'
          ? targetOf(module, result.port)
          : result.kind === 'delay'
            ? targetOf(module, result.port)
            : undefined;
      this.executed(module, sent, next);
      switch (result.kind) {
        case 'continue':
          this.step({
            kind: 'module',
            from: module.id,
            to: next ?? null,
            port: result.port,
            connectionId: connectionId(module, result.port),
            ...(result.failure ? { failure: result.failure } : {}),
            ...(result.call ? { call: result.call } : {}),
          });
          current = next;
          break;
        case 'wait':
          this.state.status = 'waiting';
          this.state.waitingFor = { moduleId: module.id, attempts: 0 };
          return;
        case 'end':
          this.end(module.id);
          return;
        case 'handoff':
          this.state.status = 'human';
          this.state.resumeModuleId = targetOf(module, result.resumePort) ?? null;
          return;
        case 'delay': {
          if (next === undefined) return;
          const dueAt = this.now() + result.seconds * 1000;
          this.state.delayedMove = { moduleId: next, dueAt };
          this.emit(
            EVENT.DelayedMoveRequested,
            { moduleId: next, seconds: result.seconds, dueAt },
            { 'Bot Module ID': module.id, 'Bot Next Module ID': next },
          );
          return;
        }
      }
    }
  }

  private executed(module: FlowModule, sent: BotMessage[], next: string | undefined): void {
    const dimensions: Partial<EventDimensions> = {
      'Bot Module ID': module.id,
      ...(next ? { 'Bot Next Module ID': next } : {}),
    };
    this.emit(EVENT.ModuleExecuted, { type: module.type }, dimensions);
    if (sent.length > 0) {
      this.emit(
        EVENT.MessageSent,
        { count: sent.length },
        {
          ...dimensions,
          'Bot Original Message': sent,
          ...(this.meta.pageDomain ? { 'Page Domain': this.meta.pageDomain } : {}),
          ...(this.meta.url ? { URL: this.meta.url } : {}),
        },
      );
    }
    if (module.isGoal)
      this.emit(EVENT.GoalReached, { value: module.goalValue ?? null }, { 'Bot Module ID': module.id });
  }

  private failed(module: FlowModule, error: unknown, sent: BotMessage[], recovery?: string): void {
    this.executed(module, sent, recovery);
    if (error instanceof TemplateError) {
      this.emit(EVENT.TemplateError, templateErrorData(error), { 'Bot Module ID': module.id });
      // The debugger shows where the turn stopped or turned to the failure connection, and why.
      this.step({
        kind: 'module',
        from: module.id,
        to: recovery ?? null,
        ...(recovery !== undefined
          ? { port: FAILURE_PORT, connectionId: connectionId(module, FAILURE_PORT) }
          : {}),
        error: { name: error.name, message: error.message, line: error.line ?? null },
      });
    } else {
      this.emit(
        EVENT.ModuleFailed,
        { message: error instanceof Error ? error.message : String(error) },
        { 'Bot Module ID': module.id },
      );
    }
  }

  end(moduleId: string | null): void {
    this.state.status = 'ended';
    this.state.waitingFor = null;
    this.state.delayedMove = null;
    this.emit(EVENT.ConversationEnded, {}, moduleId ? { 'Bot Module ID': moduleId } : {});
  }

  private heard(input: UserInput): void {
    this.lastUserText = input.kind === 'text' ? input.text : (input.label ?? input.payload);
    this.record('user', this.lastUserText);
  }

  /** The first message of a conversation: a matching global connection, or the start module. */
  async startWith(input: UserInput): Promise<void> {
    this.heard(input);
    this.emit(EVENT.MessageReceived, { kind: input.kind, text: this.lastUserText });
    if (await this.tryGlobals(input, undefined)) return;
    this.step({ kind: 'start', from: null, to: this.flow.startModuleId });
    await this.walk(this.flow.startModuleId);
  }

  private async tryGlobals(input: UserInput, waiting: FlowModule | undefined): Promise<boolean> {
    const globals = orderedGlobals(this.flow);
    const needsIntents = globals.some((global) => global.trigger.type === 'intent') && input.kind === 'text';
    const predictions = needsIntents ? (await this.understand(this.lastUserText)).predictions : [];
    const global = globals.find((candidate) =>
      globalMatches(candidate, input, predictions, (reason) =>
        this.emit(EVENT.PatternRefused, { globalConnectionId: candidate.id, reason }),
      ),
    );
    if (!global) return false;
    try {
      for (const action of global.actions)
        this.state.variables[action.variable] = toJson(this.templates.evaluate(action.value));
    } catch (error) {
      this.emit(EVENT.TemplateError, {
        ...(error instanceof TemplateError
          ? templateErrorData(error)
          : { message: error instanceof Error ? error.message : String(error) }),
        globalConnection: global.id,
      });
    }
    this.emit(
      EVENT.GlobalConnectionMatched,
      { globalConnectionId: global.id, name: global.name },
      { 'Bot Next Module ID': global.target },
    );
    this.step({
      kind: 'global',
      from: waiting?.id ?? null,
      to: global.target,
      connectionId: global.id,
      detail: global.name || global.trigger.type,
    });
    await this.walk(global.target);
    return true;
  }

  /** A message from the user: global connections, then the waiting module, then fallback. */
  async receive(raw: UserInput): Promise<void> {
    this.heard(raw);
    const waiting = this.state.waitingFor ? this.byId.get(this.state.waitingFor.moduleId) : undefined;
    const waitingRuntime = waiting ? runtimeOf(waiting.type) : undefined;
    let input = raw;
    let skipped = false;
    try {
      if (waiting && waitingRuntime?.acknowledge)
        input = waitingRuntime.acknowledge(waiting.content, raw, this.contextFor(waiting, []));
    } catch (error) {
      if (waiting) this.failed(waiting, error, []);
    }
    this.emit(
      EVENT.MessageReceived,
      { kind: input.kind, text: this.lastUserText },
      waiting ? { 'Bot Module ID': waiting.id } : {},
    );

    if (await this.tryGlobals(input, waiting)) return;

    if (waiting && waitingRuntime?.receive && this.state.waitingFor) {
      const attempt = this.state.waitingFor.attempts + 1;
      let result: Awaited<ReturnType<NonNullable<typeof waitingRuntime.receive>>>;
      const sent: BotMessage[] = [];
      try {
        result = await waitingRuntime.receive(
          waiting.content,
          input,
          this.contextFor(waiting, sent),
          attempt,
        );
      } catch (error) {
        this.failed(waiting, error, sent);
        return;
      }
      if (result.kind === 'reprompt') {
        this.state.waitingFor = { moduleId: waiting.id, attempts: attempt };
        if (sent.length)
          this.emit(
            EVENT.MessageSent,
            { count: sent.length },
            { 'Bot Module ID': waiting.id, 'Bot Original Message': sent },
          );
        return;
      }
      if (result.kind === 'continue') {
        skipped = result.skipped === true;
        const next = targetOf(waiting, result.port);
        if (skipped)
          this.emit(EVENT.InputSkipped, {}, { 'Bot Module ID': waiting.id, 'Bot User Input Skipped': true });
        this.emit(
          EVENT.ModuleAnswered,
          { port: result.port },
          {
            'Bot Module ID': waiting.id,
            ...(next ? { 'Bot Next Module ID': next } : {}),
            'Bot User Input Skipped': skipped,
          },
        );
        this.step({
          kind: 'module',
          from: waiting.id,
          to: next ?? null,
          port: result.port,
          connectionId: connectionId(waiting, result.port),
        });
        await this.walk(next);
        return;
      }
    }
    await this.fallback(waiting);
  }

  private async fallback(waiting: FlowModule | undefined): Promise<void> {
    let intent: { name: string; confidence: number } | null = null;
    if (this.flow.intents.length > 0 && this.lastUserText) {
      const { predictions } = await this.understand(this.lastUserText);
      const best = predictions[0];
      if (best) intent = { name: best.intent, confidence: best.confidence };
      if (best && best.confidence < LOW_CONFIDENCE) {
        this.emit(EVENT.LowConfidencePrediction, {
          intent: best.intent,
          confidence: best.confidence,
          text: this.lastUserText,
        });
      }
    }
    this.emit(EVENT.Fallback, { text: this.lastUserText }, waiting ? { 'Bot Module ID': waiting.id } : {});
    if (
      this.flow.settings.generative?.enabled &&
      this.lastUserText.trim() &&
      (await this.answerFromKnowledge(waiting, intent))
    )
      return;
    const fallbackModule = this.flow.settings.fallbackModuleId;
    if (fallbackModule && this.byId.has(fallbackModule)) {
      this.step({
        kind: 'fallback',
        from: waiting?.id ?? null,
        to: fallbackModule,
        detail: 'fallback connection',
      });
      await this.walk(fallbackModule);
      return;
    }
    this.step({ kind: 'fallback', from: waiting?.id ?? null, to: null, detail: 'fallback message' });
    const message = this.templates
      .renderOr(this.flow.settings.fallbackMessage, this.flow.settings.fallbackMessage)
      .trim();
    const replies = fallbackReplies(message, waiting && this.choicesAgain(waiting));
    if (replies.length > 0) {
      this.outputs.push(...replies);
      for (const reply of replies) this.record('bot', messageText(reply));
      this.emit(
        EVENT.MessageSent,
        { count: replies.length, fallback: true },
        { 'Bot Original Message': replies, ...(waiting ? { 'Bot Module ID': waiting.id } : {}) },
      );
    }
  }

  /** The choices of the module still waiting for the user, offered again after a fallback. */
  private choicesAgain(waiting: FlowModule): BotMessage | undefined {
    const offerAgain = runtimeOf(waiting.type).offerAgain;
    if (!offerAgain || this.state.waitingFor?.moduleId !== waiting.id) return undefined;
    try {
      return offerAgain(waiting.content, this.contextFor(waiting, []));
    } catch {
      // The same templates rendered when the module was reached; if they fail now, the fallback
      // message still goes out and the earlier choices stay in the chat.
      return undefined;
    }
  }
}

/**
 * What the bot says when it did not understand: its fallback message, with the choices on offer
 * again. Buttons join the message in one bubble; a card or carousel follows it.
 */
export function fallbackReplies(message: string, choices: BotMessage | undefined): BotMessage[] {
  if (!choices) return message ? [{ type: 'text', text: message }] : [];
  if (choices.type === 'buttons') return [{ ...choices, text: message || choices.text }];
  return message ? [{ type: 'text', text: message }, choices] : [choices];
}

/** What a Template Error event says: the error's name (e.g. TemplateBudgetExceeded), message and line. */
function templateErrorData(error: TemplateError): ConversationEventData<typeof EVENT.TemplateError> {
  return {
    error: error.name,
    message: error.message,
    line: error.line ?? null,
    ...(error instanceof TemplateBudgetExceeded ? { limit: error.limit } : {}),
  };
}

function connectionId(module: FlowModule, port: string): string | undefined {
  return module.connections.find((connection) => connection.port === port)?.id;
}

/** Variables hold JSON: what a template produced becomes plain data. */
function toJson(value: unknown): ConversationState['variables'][string] {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as ConversationState['variables'][string];
  } catch {
    return null;
  }
}

/**
 * One turn of a conversation: `(flow, state, input, services) → { state, outputs, events, trace }`.
 * Pure apart from the services it is handed; the state given is never modified.
 */
export async function runTurn(
  flow: Flow,
  state: ConversationState,
  input: TurnInput,
  services: EngineServices,
  meta: TurnMeta,
  nlu: NluEngine,
): Promise<TurnResult> {
  const turn = new Turn(flow, cloneState(state), services, meta, nlu);
  const next = turn.state;
  next.turns++;
  const now = services.clock.now();

  switch (input.type) {
    case 'start':
      if (next.status !== 'new') {
        next.conversation++;
        next.expiredAt = null;
        next.resumeModuleId = null;
      }
      next.delayedMove = null;
      turn.emit(EVENT.ConversationStarted, { conversation: next.conversation });
      turn.step({
        kind: 'start',
        from: null,
        to: input.moduleId ?? flow.startModuleId,
        ...(input.moduleId ? { detail: 'started here' } : {}),
      });
      await turn.walk(input.moduleId ?? flow.startModuleId);
      break;
    case 'text':
    case 'postback': {
      // NUL characters never reach variables, transcripts or the database (spec §5).
      const clean = (text: string) => text.replaceAll('\0', '');
      const userInput: UserInput =
        input.type === 'text'
          ? { kind: 'text', text: clean(input.text) }
          : {
              kind: 'postback',
              payload: clean(input.payload),
              ...(input.label === undefined ? {} : { label: clean(input.label) }),
            };
      if (next.status === 'human') {
        // An agent has control: the message is kept for the inbox; the bot stays silent.
        const text = userInput.kind === 'text' ? userInput.text : (userInput.label ?? userInput.payload);
        turn.record('user', text);
        turn.emit(EVENT.MessageReceived, { kind: userInput.kind, text, handledBy: 'human' });
        break;
      }
      if (next.status === 'ended' || next.status === 'new') {
        // A message after the end (or before any start) begins a new conversation: a global
        // connection it matches leads the way, otherwise the start module does.
        if (next.status === 'ended') next.conversation++;
        next.expiredAt = null;
        next.delayedMove = null;
        turn.emit(EVENT.ConversationStarted, { conversation: next.conversation, startedBy: 'message' });
        await turn.startWith(userInput);
        break;
      }
      next.delayedMove = null;
      await turn.receive(userInput);
      break;
    }
    case 'delayed_move':
      // A move the flow asked for must still be pending; one requested through the API (the
      // trigger-delayed-response endpoint) goes wherever it was asked to.
      if (
        next.status === 'human' ||
        next.status === 'ended' ||
        (!input.requested && next.delayedMove?.moduleId !== input.moduleId)
      ) {
        turn.emit(EVENT.DelayedMoveIgnored, { moduleId: input.moduleId, status: next.status });
        break;
      }
      next.delayedMove = null;
      turn.step({ kind: 'delayed', from: null, to: input.moduleId });
      await turn.walk(input.moduleId);
      break;
    case 'handoff':
      if (next.status === 'ended') break;
      // Taking over from the bot, or accepting a handoff the bot asked for (already silent).
      if (next.status !== 'human') {
        next.resumeModuleId = next.waitingFor?.moduleId ?? next.resumeModuleId;
        next.status = 'human';
        next.delayedMove = null;
      }
      turn.emit(EVENT.PassControl, { to: 'agent', ...(input.agent ? { agent: input.agent } : {}) });
      break;
    case 'agent_message':
      if (next.status === 'human') {
        const text = input.text.replaceAll('\0', '');
        turn.record('bot', text);
        turn.emit(EVENT.AgentMessageSent, { agent: input.agent, text });
      }
      break;
    case 'resume':
      if (next.status === 'human') {
        turn.emit(EVENT.PassControl, { to: 'bot', ...(input.agent ? { agent: input.agent } : {}) });
        const resumeAt = next.resumeModuleId;
        next.resumeModuleId = null;
        turn.step({ kind: 'resume', from: null, to: resumeAt });
        if (resumeAt) await turn.walk(resumeAt);
        else next.status = 'idle';
      }
      break;
    case 'expire':
      // Expiry fires once per conversation (spec §4).
      if (next.status !== 'ended' && next.expiredAt === null && next.status !== 'new') {
        next.expiredAt = now;
        turn.emit(EVENT.ConversationExpired, { lastActivityAt: next.lastActivityAt });
        turn.end(null);
      }
      break;
  }
  if (input.type !== 'expire' && input.type !== 'delayed_move') next.lastActivityAt = now;
  return { state: next, outputs: turn.outputs, events: turn.events, trace: turn.trace };
}
