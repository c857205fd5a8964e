import { z } from 'zod';

export const transcriptEntrySchema = z.object({
  role: z.enum(['user', 'bot']),
  utterance: z.string(),
  /** Which conversation of this user it belongs to (1, 2, … after restarts). */
  conversation: z.number().int().min(1),
  /** A "thinking" placeholder (e.g. while an LLM answers). */
  thinking: z.boolean().optional(),
  at: z.number(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

/** The engine's memory of one conversation between turns; the host stores it as it is. */
export const conversationStateSchema = z.object({
  schemaVersion: z.literal(1),
  /** idle: the bot said its part and waits for anything; waiting: a module waits for an answer. */
  status: z.enum(['new', 'idle', 'waiting', 'human', 'ended']),
  conversation: z.number().int().min(1),
  waitingFor: z.object({ moduleId: z.string(), attempts: z.number().int().min(0) }).nullable(),
  /** Where the bot resumes when a human hands control back. */
  resumeModuleId: z.string().nullable(),
  /** A delayed move the host must deliver (spec §4). */
  delayedMove: z.object({ moduleId: z.string(), dueAt: z.number() }).nullable(),
  variables: z.record(z.string(), z.json()),
  transcript: z.array(transcriptEntrySchema),
  lastActivityAt: z.number().nullable(),
  expiredAt: z.number().nullable(),
  turns: z.number().int().min(0),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

export function newConversationState(): ConversationState {
  return {
    schemaVersion: 1,
    status: 'new',
    conversation: 1,
    waitingFor: null,
    resumeModuleId: null,
    delayedMove: null,
    variables: {},
    transcript: [],
    lastActivityAt: null,
    expiredAt: null,
    turns: 0,
  };
}

/**
 * How much of the transcript the state keeps: twenty exchanges, plenty for prompts, and the state
 * stays small (it is written every turn). Older entries go; the messages table keeps everything.
 */
export const MAX_TRANSCRIPT = 40;
