import { callFailureSchema, conversationEventDataSchemas, EVENT } from '@parley/kit';
import { z } from 'zod';
import { chatMessageSchema, sendMessageRequestSchema } from './chat';

/**
 * One step of a turn: how the conversation moved from one module to the next. `global` steps are
 * global connections (they fire from anywhere), `module` steps a module's own connection. An `nlu`
 * step moves nowhere: it says the bot's intent model was not ready (its `detail` says why).
 */
export const traceEntrySchema = z.object({
  kind: z.enum(['start', 'global', 'module', 'fallback', 'delayed', 'resume', 'nlu', 'generative', 'agent']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  port: z.string().optional(),
  connectionId: z.string().optional(),
  detail: z.string().optional(),
  /** Of an `nlu` step: the model's state, for the debugger to say in the user's language. */
  nlu: z
    .object({
      status: z.enum(['training', 'refused']),
      /** The bot's previous model answered (else only keywords and the fallback could). */
      previous: z.boolean(),
      /** Why training was refused (the trainer's words). */
      reason: z.string().optional(),
    })
    .optional(),
  /**
   * Of a `generative` step (the fallback answered from knowledge): the intent the NLU guessed, what
   * retrieval found (with scores, and which rows were sent to the model), and what came of it.
   */
  knowledge: z
    .object({
      outcome: z.enum(['answered', 'no-match', 'failed']),
      intent: z.object({ name: z.string(), confidence: z.number() }).nullable(),
      sources: z.array(
        z.object({
          sourceName: z.string(),
          rowNumber: z.number().int().optional(),
          heading: z.string().optional(),
          score: z.number(),
          sent: z.boolean(),
        }),
      ),
    })
    .optional(),
  /** Why the turn stopped at this module (a template error such as TemplateBudgetExceeded). */
  error: z.object({ name: z.string(), message: z.string(), line: z.number().int().nullable() }).optional(),
  /** Why the module took its failure connection (a model or webhook call that failed). */
  failure: callFailureSchema.optional(),
  /** An outside call the module made (a store's API): what it asked and what came back, in short. */
  call: z.object({ service: z.enum(['shopify']), request: z.string(), result: z.string() }).optional(),
  /**
   * Of an `agent` step (an Agent module's turn; it moves nowhere by itself): the agent, how its turn
   * ended, and its steps: model calls with tokens and time, tool calls with arguments, result,
   * status and time, as the conversation's Agent Turn event keeps them.
   */
  agent: conversationEventDataSchemas[EVENT.AgentTurn].optional(),
  /** The conversation's variables once the step was taken (only when the turn is debugged). */
  variables: z.record(z.string(), z.json()).optional(),
});
export type TraceEntry = z.infer<typeof traceEntrySchema>;

export const startDebugRequestSchema = z.strictObject({
  /** Start here instead of the start module (a module of the draft). */
  startModuleId: z.string().min(1).max(100).optional(),
});
export type StartDebugRequest = z.infer<typeof startDebugRequestSchema>;

export const debugMessageRequestSchema = sendMessageRequestSchema;

/** What a debugged turn did, besides what the bot said. */
export const debugTurnSchema = z.object({
  messages: z.array(chatMessageSchema),
  steps: z.array(traceEntrySchema),
  /** The module the conversation is at now: waiting for an answer, ended, handed off or last run. */
  currentModuleId: z.string().nullable(),
  status: z.enum(['new', 'idle', 'waiting', 'human', 'ended']),
  variables: z.record(z.string(), z.json()),
});
export type DebugTurn = z.infer<typeof debugTurnSchema>;

export const debugConversationSchema = debugTurnSchema.extend({
  conversationId: z.string(),
  /** The visitor token: the debugger follows later messages (delays) on the chat events stream. */
  token: z.string(),
});
export type DebugConversation = z.infer<typeof debugConversationSchema>;

export const debugConversationParamsSchema = z.strictObject({
  id: z.string().max(100),
  conversationId: z.string().max(100),
});

/**
 * Modules whose templates failed to render in real conversations (and the tester) since the bot
 * was last published, within a week: the builder marks them, since the visitor saw nothing.
 */
export const moduleFailuresSchema = z.object({
  since: z.string(),
  modules: z.array(
    z.object({
      moduleId: z.string(),
      /** Conversations in which it failed. */
      conversations: z.number().int(),
      lastAt: z.string(),
      /** The latest failure's words (Jinja2's error) and the template line, where known. */
      message: z.string(),
      line: z.number().int().nullable(),
    }),
  ),
});
export type ModuleFailures = z.infer<typeof moduleFailuresSchema>;
