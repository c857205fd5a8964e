import type { MessageCitation } from '@parley/kit';
import { z } from 'zod';

/** How long a knowledge answer may be, and the most tokens the model may write for it. */
export const ANSWER_LENGTH_TOKENS = { short: 150, medium: 400, long: 800 } as const;
export type AnswerLength = keyof typeof ANSWER_LENGTH_TOKENS;

/**
 * How the bot answers from its knowledge when it does not understand a message (the generative
 * response tab): off by default. `instructions` is a Jinja template (persona and rules).
 */
export const generativeSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** Empty: the server's default model. */
  model: z.string().trim().max(100).default(''),
  temperature: z.number().min(0).max(2).default(0.2),
  instructions: z
    .string()
    .max(20_000)
    .default('You answer questions for the business that runs this chat. Be brief, friendly and exact.'),
  /** Every knowledge source answers, or only `sourceIds`. */
  allSources: z.boolean().default(true),
  sourceIds: z.array(z.string().max(100)).max(100).default([]),
  answerLength: z.enum(['short', 'medium', 'long']).default('medium'),
  /** Retrieved rows scoring below this are not sent; with none left the fallback answers. */
  minScore: z.number().min(0).max(1).default(0.05),
  citations: z.boolean().default(true),
});
export type GenerativeSettings = z.infer<typeof generativeSettingsSchema>;

/** A bot's settings until its builder changes them: generative answers off. */
export const DEFAULT_GENERATIVE_SETTINGS: GenerativeSettings = generativeSettingsSchema.parse({});

/** What the host is asked for: the question and the settings, with the instructions rendered. */
export interface KnowledgeRequest {
  question: string;
  /** The bot's language (words are stemmed in it). */
  language: string;
  instructions: string;
  model: string;
  temperature: number;
  maxTokens: number;
  sourceIds: string[] | null;
  minScore: number;
  /** The model is told to cite sources as [n]. */
  citations: boolean;
}

/** One retrieved row: where it is from, how it scored, and whether it was sent to the model. */
export interface RetrievedSource {
  sourceName: string;
  rowNumber?: number;
  /** A document passage's headings (a dataset row has its number instead). */
  heading?: string;
  score: number;
  sent: boolean;
}

/** What came of a knowledge request: an answer with its citations, or no source good enough. */
export interface KnowledgeAnswer {
  outcome: 'answered' | 'no-match';
  text: string;
  /** The sources the answer cites, numbered as in the text ([1] is the first). */
  citations: MessageCitation[];
  sources: RetrievedSource[];
  model: string;
  tokens?: number;
}

/** The request for a question under a bot's settings, with its instructions already rendered. */
export function knowledgeRequestOf(
  settings: GenerativeSettings,
  asked: { question: string; language: string },
  instructions: string,
): KnowledgeRequest {
  return {
    ...asked,
    instructions,
    model: settings.model,
    temperature: settings.temperature,
    maxTokens: ANSWER_LENGTH_TOKENS[settings.answerLength],
    sourceIds: settings.allSources ? null : settings.sourceIds,
    minScore: settings.minScore,
    citations: settings.citations,
  };
}
