import { z } from 'zod';
import { callFailureReasonSchema } from './call-failures';

/**
 * The names of the events a conversation logs. They are stored as written here (reports, the
 * inbox and older rows read them), so a name never changes without a migration of the stored
 * events. Code names them through these constants, SQL included, never by a string of its own.
 */
export const EVENT = {
  ConversationStarted: 'Conversation Started',
  ConversationEnded: 'Conversation Ended',
  ConversationExpired: 'Conversation Expired',
  MessageReceived: 'Message Received',
  MessageSent: 'Message Sent',
  AgentMessageSent: 'Agent Message Sent',
  ModuleExecuted: 'Module Executed',
  ModuleAnswered: 'Module Answered',
  ModuleFailed: 'Module Failed',
  ModuleMissing: 'Module Missing',
  InputRejected: 'Input Rejected',
  InputSkipped: 'Input Skipped',
  GlobalConnectionMatched: 'Global Connection Matched',
  PatternRefused: 'Pattern Refused',
  Fallback: 'Fallback',
  LowConfidencePrediction: 'Low Confidence Prediction',
  NluModelNotReady: 'NLU Model Not Ready',
  GoalReached: 'Goal Reached',
  HandoffRequested: 'Handoff Requested',
  PassControl: 'Pass Control',
  InternalNote: 'Internal Note',
  WebhookResult: 'Webhook Result',
  LlmCompletion: 'LLM Completion',
  LlmFailed: 'LLM Failed',
  KnowledgeAnswer: 'Knowledge Answer',
  TemplateError: 'Template Error',
  LoopDetected: 'Loop Detected',
  DelayedMoveRequested: 'Delayed Move Requested',
  DelayedMoveIgnored: 'Delayed Move Ignored',
  TranslationFailed: 'Translation Failed',
  MessageNotDelivered: 'Message Not Delivered',
  AgentTurn: 'Agent Turn',
  HelpdeskTicket: 'Helpdesk Ticket',
} as const;

export type ConversationEventName = (typeof EVENT)[keyof typeof EVENT];

// Rows stored by earlier versions may lack a field added since (optional here) or hold one dropped (ignored).
const templateErrorDataSchema = z.object({
  /** The template error's name (a syntax error, a budget exceeded…). */
  error: z.string().optional(),
  message: z.string(),
  line: z.number().int().nullable().optional(),
  /** The budget a template ran out of. */
  limit: z.enum(['output', 'characters', 'steps', 'time']).optional(),
  /** Set when a global connection's action failed, not a module. */
  globalConnection: z.string().optional(),
});

/** What each event's `data` holds: the catalogue every writer and reader of events goes through. */
export const conversationEventDataSchemas = {
  [EVENT.ConversationStarted]: z.object({
    /** The conversation's number in the session (a restart counts up). */
    conversation: z.number().int().optional(),
    /** `message`: a visitor's message started it again after it ended. */
    startedBy: z.literal('message').optional(),
  }),
  [EVENT.ConversationEnded]: z.object({}),
  [EVENT.ConversationExpired]: z.object({ lastActivityAt: z.number().nullable().optional() }),
  [EVENT.MessageReceived]: z.object({
    kind: z.enum(['text', 'postback']),
    text: z.string(),
    /** `human`: an agent had control, so the bot did not answer. */
    handledBy: z.literal('human').optional(),
  }),
  [EVENT.MessageSent]: z.object({ count: z.number().int(), fallback: z.literal(true).optional() }),
  [EVENT.AgentMessageSent]: z.object({ agent: z.string(), text: z.string() }),
  [EVENT.ModuleExecuted]: z.object({ type: z.string() }),
  [EVENT.ModuleAnswered]: z.object({ port: z.string() }),
  [EVENT.ModuleFailed]: z.object({ message: z.string() }),
  [EVENT.ModuleMissing]: z.object({ moduleId: z.string() }),
  [EVENT.InputRejected]: z.object({
    variable: z.string(),
    validator: z.string(),
    attempt: z.number().int(),
    reason: z.string().optional(),
  }),
  [EVENT.InputSkipped]: z.object({}),
  [EVENT.GlobalConnectionMatched]: z.object({ globalConnectionId: z.string(), name: z.string().optional() }),
  [EVENT.PatternRefused]: z.object({ globalConnectionId: z.string(), reason: z.string() }),
  [EVENT.Fallback]: z.object({ text: z.string() }),
  [EVENT.LowConfidencePrediction]: z.object({
    intent: z.string(),
    confidence: z.number(),
    text: z.string(),
  }),
  [EVENT.NluModelNotReady]: z.object({
    status: z.string(),
    previousModel: z.boolean().optional(),
    reason: z.string().optional(),
  }),
  [EVENT.GoalReached]: z.object({ value: z.number().nullable().optional() }),
  [EVENT.HandoffRequested]: z.object({
    /** The handoff module's reason, as the builder wrote it (rendered). */
    reason: z.string().optional(),
  }),
  [EVENT.PassControl]: z.object({ to: z.enum(['agent', 'bot']), agent: z.string().optional() }),
  [EVENT.InternalNote]: z.object({ text: z.string(), author: z.string(), authorId: z.string().optional() }),
  [EVENT.WebhookResult]: z.object({
    endpoint: z.string(),
    method: z.string().optional(),
    ok: z.boolean(),
    status: z.number().int().nullable(),
    durationMs: z.number(),
    /** The response body (its start), or the failure's message when there was none. */
    response: z.unknown().optional(),
    reason: callFailureReasonSchema.optional(),
    /** The delivery in the webhook log (calls to installed webhooks). */
    deliveryId: z.string().optional(),
    /** An asynchronous webhook's delivery was queued, not made during the turn. */
    queued: z.boolean().optional(),
  }),
  [EVENT.LlmCompletion]: z.object({ model: z.string().optional(), characters: z.number().int() }),
  [EVENT.LlmFailed]: z.object({
    model: z.string().optional(),
    error: z.string(),
    /** Events stored before failures were named carry only the message. */
    reason: callFailureReasonSchema.optional(),
    status: z.number().int().optional(),
  }),
  /** An answer from the bot's knowledge: what retrieval found (score, and whether it was sent), and what came of it. */
  [EVENT.KnowledgeAnswer]: z.object({
    question: z.string(),
    /** `answered`; `no-match`: nothing scored the minimum (the fallback answered); `failed`: the model failed. */
    outcome: z.enum(['answered', 'no-match', 'failed']),
    intent: z.object({ name: z.string(), confidence: z.number() }).nullable().optional(),
    sources: z.array(
      z.object({
        sourceName: z.string(),
        rowNumber: z.number().int().optional(),
        heading: z.string().optional(),
        score: z.number(),
        sent: z.boolean(),
      }),
    ),
    model: z.string().optional(),
    tokens: z.number().int().optional(),
    error: z.string().optional(),
  }),
  [EVENT.TemplateError]: templateErrorDataSchema,
  [EVENT.LoopDetected]: z.object({ steps: z.number().int() }),
  [EVENT.DelayedMoveRequested]: z.object({ moduleId: z.string(), seconds: z.number(), dueAt: z.number() }),
  [EVENT.DelayedMoveIgnored]: z.object({ moduleId: z.string(), status: z.string() }),
  [EVENT.TranslationFailed]: z.object({
    /**
     * `visitor`: the visitor's message reached the bot as written; `bot`: the bot's went out in its
     * own language; `agent`: an agent's reply went out in the language they wrote it in.
     */
    direction: z.enum(['visitor', 'bot', 'agent']),
    source: z.string(),
    target: z.string(),
    reason: callFailureReasonSchema,
    error: z.string(),
  }),
  /** A bot's or agent's message a channel did not deliver (Messenger's 24-hour window, a blocked Page…). */
  [EVENT.MessageNotDelivered]: z.object({
    channel: z.string(),
    /** The message's number in the conversation. */
    seq: z.number().int(),
    reason: z.enum(['outside-window', 'recipient-unavailable', 'token-invalid', 'refused']),
    /** What the channel answered, when it answered. */
    error: z.string().optional(),
  }),
  /**
   * The helpdesk ticket of a handoff: opened (its id and agents' link), solved (the conversation
   * went back to the bot), or not opened and why (the connection refused, Zendesk kept failing).
   */
  [EVENT.HelpdeskTicket]: z.object({
    provider: z.literal('zendesk'),
    /** not-added: a visitor's message written after the handoff did not reach the ticket. */
    status: z.enum(['opened', 'solved', 'failed', 'not-added']),
    ticketId: z.string().optional(),
    url: z.string().optional(),
    error: z.string().optional(),
  }),
  /**
   * One turn of an AI agent inside the conversation (the Agent module): how it ended, and its
   * steps (model calls, tool calls with their arguments, status and result) as its trace has them.
   */
  [EVENT.AgentTurn]: z.object({
    agentId: z.string(),
    agent: z.string(),
    version: z.number().int(),
    /** The run in the agents area, with its whole trace (null when the agent could not run). */
    runId: z.string().nullable(),
    outcome: z.enum(['answered', 'done', 'handoff', 'failed']),
    failure: z.string().nullable(),
    steps: z.array(
      z.object({
        kind: z.string(),
        name: z.string().optional(),
        status: z.string().optional(),
        arguments: z.unknown().optional(),
        result: z.unknown().optional(),
        error: z.string().optional(),
        durationMs: z.number().optional(),
        text: z.string().optional(),
        /** Of a model call: the tokens the provider counted. */
        promptTokens: z.number().int().optional(),
        completionTokens: z.number().int().optional(),
      }),
    ),
    reason: callFailureReasonSchema.optional(),
  }),
} as const satisfies Record<ConversationEventName, z.ZodType<Record<string, unknown>>>;

/** The `data` of the event named `N`. */
export type ConversationEventData<N extends ConversationEventName> = z.infer<
  (typeof conversationEventDataSchemas)[N]
>;

/** One event as written: its name and the data the catalogue gives it. */
export type ConversationEventOf<N extends ConversationEventName = ConversationEventName> = {
  [K in N]: { name: K; data: ConversationEventData<K> };
}[N];

/** The events a transcript shows inline, in the inbox; the others are for reports and the debugger. */
export const TRANSCRIPT_EVENTS = [
  EVENT.ConversationStarted,
  EVENT.ConversationEnded,
  EVENT.ConversationExpired,
  EVENT.HandoffRequested,
  EVENT.PassControl,
  EVENT.InternalNote,
  EVENT.WebhookResult,
  EVENT.Fallback,
  EVENT.GoalReached,
  EVENT.LlmFailed,
  EVENT.KnowledgeAnswer,
  EVENT.TemplateError,
  EVENT.ModuleFailed,
  EVENT.TranslationFailed,
  EVENT.MessageNotDelivered,
  EVENT.AgentTurn,
  EVENT.HelpdeskTicket,
] as const satisfies readonly ConversationEventName[];

export type TranscriptEventName = (typeof TRANSCRIPT_EVENTS)[number];

export const isTranscriptEvent = (name: string): name is TranscriptEventName =>
  (TRANSCRIPT_EVENTS as readonly string[]).includes(name);

/** An event's data read back from storage, checked against the catalogue (undefined: it does not fit). */
export function parseEventData<N extends ConversationEventName>(
  name: N,
  data: unknown,
): ConversationEventData<N> | undefined {
  const parsed = conversationEventDataSchemas[name].safeParse(data);
  return parsed.success ? (parsed.data as ConversationEventData<N>) : undefined;
}
