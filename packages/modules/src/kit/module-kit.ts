import type { BotMessage, CallFailure, ConversationEventData, ConversationEventName } from '@parley/kit';
import type { z } from 'zod';
import type { KnowledgeAnswer } from './knowledge';
import type { StorePort } from './store';
import type { ModuleWords, Say } from './words';

/** An output of a module that a connection can start from (`next`, `button:<id>`, `branch:<id>`, …). */
export interface Port {
  id: string;
  label: string;
}

/** A text of a module that a visitor reads, by its field's path in the module's content. */
export interface VisitorText {
  field: string;
  text: string;
}

/** What a module's content reads and writes, so the flow validator can check variables. */
export interface VariableUse {
  /** Jinja templates (`Hello {{ name }}`). */
  templates: string[];
  /** Jinja expressions (`total > 10`). */
  expressions: string[];
  /** Variables the module sets. */
  writes: string[];
  /**
   * Of `writes`, those it may set to None (an answer's null, a skipped input, a Set Variable to
   * `none`): printed as they are, visitors read “None” (the validator warns where a message does).
   */
  nullable?: string[];
}

/** What a module type's own check may know of the flow around the module. */
export interface CheckContext {
  /** How messages name the module (“Greeting”, or module m1). */
  label: string;
  /** The intents the bot defines. */
  intents: ReadonlySet<string>;
  /** The bot's intents without training phrases: never predicted. */
  untrainedIntents: ReadonlySet<string>;
}

/**
 * The codes a module type's check reports; the flow validator's findings include them, and the
 * builder says each in the user's language.
 */
export type ModuleFindingCode = 'no-intents' | 'unknown-intent' | 'intent-without-phrases';

/** Something a module type's check finds wrong with one module (the validator adds the module's id). */
export interface ModuleFinding {
  severity: 'error' | 'warning';
  code: ModuleFindingCode;
  /** In English; the other fields let the builder say it in the user's language. */
  message: string;
  intent?: string;
}

/** What the installation tells a new module (the builder reads it from the frontend config). */
export interface NewModuleSetup {
  /** The language model this server is set up with (`OPENAI_DEFAULT_MODEL`). */
  defaultModel?: string;
}

/**
 * Everything the builder and the validator need to know about a module type, without running it.
 * What it says in words (`say`, English unless given) comes from its words: the builder passes
 * the user's language.
 */
export interface ModuleDefinition<C, W extends ModuleWords = ModuleWords> {
  /** The type's words, in English; its name is `words.type`. */
  words: W;
  /** The content at a glance, a line each, as the builder's node shows it (Markdown left as typed). */
  summary(content: C, say?: Say<W>): string[];
  content: z.ZodType<C>;
  /**
   * What a new module of the type holds, its texts in the language `say` speaks and its settings
   * from what the installation says (`setup`: its configured language model, …).
   */
  create(say?: Say<W>, setup?: NewModuleSetup): C;
  /** `create()` in English. */
  defaults: C;
  /** Its outputs; those the type names itself (`next`) are named in the language `say` speaks. */
  ports(content: C, say?: Say<W>): Port[];
  /** Reaching the module makes the conversation wait for the user's next message. */
  waitsForInput(content: C): boolean;
  /** The conversation ends here. */
  terminal: boolean;
  variables(content: C): VariableUse;
  /**
   * The words a visitor reads, each named by its field's path in the content (`text`,
   * `buttons.b1.label`): what the Translations view lists and a person may translate.
   */
  texts?(content: C): VisitorText[];
  /** Regular expressions the builder wrote in the content, so the validator can refuse bad ones. */
  patterns?(content: C): { pattern: string; flags: string }[];
  /** The type's own checks of a module, for the flow validator (which checks what all types share). */
  check?(content: C, context: CheckContext): ModuleFinding[];
}

/** A user's input as the engine hands it to the module that is waiting for it. */
export type UserInput =
  | { kind: 'text'; text: string }
  | { kind: 'postback'; payload: string; label?: string };

export interface NluPrediction {
  intent: string;
  confidence: number;
}

export interface NluEntity {
  entity: string;
  value: string;
  text: string;
}

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

/**
 * A call to one of the company's installed webhooks (an instance of a marketplace template): the
 * host renders the template's request with the instance's fields (secrets opened on the server),
 * signs it, makes it, logs the delivery and maps the answer into variables.
 */
export interface InstanceCall {
  instanceId: string;
  /** The template's `bot` fields, rendered over the conversation by the module. */
  fields: Record<string, string>;
  timeoutMs: number;
}

/** What became of an instance call, as the delivery log keeps it. */
export interface InstanceCallResult {
  deliveryId: string;
  /** An asynchronous instance: the delivery was queued (with retries); the bot does not wait. */
  queued: boolean;
  ok: boolean;
  method: string;
  /** The address called, secrets masked (empty when it did not render). */
  endpoint: string;
  status: number | null;
  durationMs: number;
  /** The answer's start, as the log keeps it. */
  responseBody: string;
  failure: CallFailure | null;
  /** The variables the template maps the answer to, with their values. */
  variables: Record<string, unknown>;
}

/** A turn of an AI agent inside a conversation: which agent version, the transcript, the variables it sees. */
export interface AgentCall {
  agentId: string;
  version: number;
  messages: { role: 'user' | 'assistant'; content: string }[];
  variables: Record<string, unknown>;
}

/** What the agent did in its turn: how it ended, what it said, the variables it set, its steps. */
export interface AgentCallResult {
  runId: string | null;
  agentName: string;
  outcome: 'answered' | 'done' | 'handoff' | 'failed';
  reply: string;
  failure: string | null;
  variables: Record<string, unknown>;
  steps: {
    kind: string;
    name?: string;
    status?: string;
    arguments?: unknown;
    result?: unknown;
    error?: string;
    durationMs?: number;
    text?: string;
    promptTokens?: number;
    completionTokens?: number;
  }[];
}

/** The tokens a model call used, as the provider counted them. */
export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A call the model asked for: the tool's name and its arguments as the JSON text it wrote. */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool offered to the model: its name, what it does, and its parameters as a JSON schema. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type LlmMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: LlmToolCall[] }
  /** A tool's result, answering the call of that id. */
  | { role: 'tool'; toolCallId: string; content: string };

export interface LlmRequest {
  model: string;
  system: string;
  messages: LlmMessage[];
  temperature: number;
  maxTokens: number;
  /** Tools the model may call instead of answering (agents); its calls come back in `toolCalls`. */
  tools?: LlmTool[];
}

/**
 * What a module may do while it runs: read and write variables, render templates, say things,
 * record events, and call the outside world only through the host's ports.
 */
export interface ExecutionContext {
  readonly moduleId: string;
  render(template: string): string;
  evaluate(expression: string): unknown;
  isTruthy(expression: string): boolean;
  getVariable(name: string): unknown;
  setVariable(name: string, value: unknown): void;
  send(message: BotMessage): void;
  /** Logs an event of the catalogue (`EVENT` in contracts), with the data its schema gives it. */
  emit<N extends ConversationEventName>(name: N, data: ConversationEventData<N>): void;
  /** The cleaned transcript of this conversation (`parley.transcript`). */
  transcript(): { role: 'user' | 'bot'; utterance: string }[];
  http(request: HttpRequest): Promise<HttpResponse>;
  /** Calls an installed webhook; its own failures come back in the result, named. */
  deliver(call: InstanceCall): Promise<InstanceCallResult>;
  llm(request: LlmRequest, onToken?: (token: string) => void): Promise<{ text: string }>;
  nlu(text: string): Promise<{ predictions: NluPrediction[]; entities: NluEntity[] }>;
  /** Runs one turn of an AI agent (the host loads it, calls its model and tools, keeps the run). */
  agent(call: AgentCall): Promise<AgentCallResult>;
  /** Answers a question from the bot's knowledge, as its generative settings say (a model call). */
  knowledge(question: string): Promise<KnowledgeAnswer>;
  /** Asks the company's connected store (products, an order, a cart link). */
  store: StorePort;
}

/** An outside call a module made, for the debugger's step: what was asked and what came back. */
export interface ModuleCall {
  service: 'shopify';
  request: string;
  result: string;
}

/** What happens when execution reaches a module. */
export type EnterResult =
  /** `failure` says why the module took its failure port (the debugger shows it). */
  | { kind: 'continue'; port: string; failure?: CallFailure; call?: ModuleCall }
  | { kind: 'wait' }
  | { kind: 'end' }
  /** Control passes to a human; the bot resumes from `resumePort` when it comes back. */
  | { kind: 'handoff'; resumePort: string }
  /** The host moves the conversation on through `port` after `seconds` (the delayed move). */
  | { kind: 'delay'; seconds: number; port: string };

/** What a waiting module makes of the user's input. */
export type ReceiveResult =
  | { kind: 'continue'; port: string; skipped?: boolean }
  /** Not acceptable yet: the module asked again and keeps waiting. */
  | { kind: 'reprompt' }
  /** Not for this module: the engine falls back. */
  | { kind: 'nomatch' };

/** How a module type runs. Pure apart from the context it is given. */
export interface ModuleRuntime<C> {
  enter(content: C, context: ExecutionContext): Promise<EnterResult> | EnterResult;
  /**
   * Sees the user's input first, before global connections: e.g. a pressed button's Set Variable
   * actions apply. May hand back a different input (a typed button label becomes its postback).
   */
  acknowledge?(content: C, input: UserInput, context: ExecutionContext): UserInput;
  receive?(
    content: C,
    input: UserInput,
    context: ExecutionContext,
    attempt: number,
  ): Promise<ReceiveResult> | ReceiveResult;
  /**
   * The choices the module is waiting on (its buttons, its card), offered again after the bot's
   * fallback answer so the user can go on: the message `enter` sent, rendered anew, nothing else.
   */
  offerAgain?(content: C, context: ExecutionContext): BotMessage;
}

export const noVariables = (): VariableUse => ({ templates: [], expressions: [], writes: [] });

// Registries hold one entry per type, each with its own content type; `any` lets one record hold them all.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyModuleDefinition = ModuleDefinition<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyModuleRuntime = ModuleRuntime<any>;
