import { liteAnswersSchema, liteLanguageSchema, litePurposeSchema, liteToneSchema } from '@parley/flow';
import { z } from 'zod';
import { botSummarySchema } from './bots';
import { uploadDatasetQuerySchema } from './knowledge';

export {
  defaultLiteHours,
  type LiteAnswers,
  type LiteAnswersInput,
  type LiteFaq,
  liteAnswersSchema,
  liteLanguageSchema,
  litePurposeSchema,
  liteToneSchema,
  liteWeekdays,
} from '@parley/flow';

/** A bot built with the guided form: its summary and the answers its flow keeps. */
export const liteBotSchema = z.object({
  /** The bot's id (as `bot.id`). */
  id: z.string(),
  bot: botSummarySchema,
  answers: liteAnswersSchema,
  /** The template version the flow was built with (rebuilt with the newest on the next save). */
  template_version: z.number().int(),
  /** Counts the draft's saves: send it back as `baseRevision` so nobody's newer save is overwritten. */
  draft_revision: z.number().int(),
});
export type LiteBot = z.infer<typeof liteBotSchema>;

export const saveLiteBotRequestSchema = z.strictObject({
  answers: liteAnswersSchema,
  baseRevision: z.number().int().min(0).optional(),
});
export type SaveLiteBotRequest = z.infer<typeof saveLiteBotRequestSchema>;

const weekCountsSchema = z.object({
  conversations: z.number().int(),
  handovers: z.number().int(),
  goals: z.number().int(),
});

/** One bot on the lite home. */
export const liteHomeBotSchema = botSummarySchema
  .pick({ id: true, name: true, status: true, updated_at: true })
  .extend({
    /** Published, and served by a web chat deployment. */
    live: z.boolean(),
    /** The draft changed since the last publish. */
    unpublished_changes: z.boolean(),
    /** A web chat deployment exists (its embed code is in the bot's settings). */
    on_site: z.boolean(),
    /** Built with the guided form (lite settings edit it). */
    lite: z.boolean(),
    week: weekCountsSchema,
    /** Conversations waiting for a person in the inbox. */
    waiting: z.number().int(),
  });
export type LiteHomeBot = z.infer<typeof liteHomeBotSchema>;

/** The lite home: the company's bots and this week's figures from the reports' rollups. */
export const liteHomeSchema = z.object({
  /** The last seven days, today included (UTC). */
  week: z.object({ from: z.string(), to: z.string() }),
  bots: z.array(liteHomeBotSchema),
  totals: weekCountsSchema.extend({ waiting: z.number().int() }),
});
export type LiteHome = z.infer<typeof liteHomeSchema>;

/** Where a CSV read in the guided form goes: its questions and answers, or the bot's catalogue. */
export const liteCsvQuerySchema = uploadDatasetQuerySchema.extend({
  /**
   * Whether a file of more than two columns may be a catalogue (the form attaches it as knowledge
   * answered by the configured model); without it such a file is refused as having the wrong columns.
   */
  catalogue: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** The most questions a lite bot keeps (the answers' own limit). */
export const LITE_MAX_FAQS = 12;

/**
 * A CSV file read by the guided form, the way a knowledge upload reads it (encoding, delimiter,
 * a header row, every row as long as the header): two columns are questions and answers, for the
 * person to review in place; more are a catalogue the new bot answers from.
 */
export const liteCsvSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('faqs'),
    /** The first LITE_MAX_FAQS rows as pairs, unchecked: the form shows what is wrong in place. */
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
    /** Rows in the file under the header. */
    rowCount: z.number().int(),
  }),
  z.object({
    kind: z.literal('catalogue'),
    fileName: z.string(),
    columns: z.array(z.string()),
    rowCount: z.number().int(),
  }),
]);
export type LiteCsv = z.infer<typeof liteCsvSchema>;

/** What the configured model drafts answers from: the form's answers so far and its questions. */
export const liteDraftRequestSchema = z.strictObject({
  businessName: z.string().trim().min(1, 'Write your business name').max(60),
  website: z.string().trim().max(300).default(''),
  purpose: litePurposeSchema,
  tone: liteToneSchema,
  language: liteLanguageSchema,
  /** The questions to answer; none: the model suggests common questions for this business too. */
  questions: z.array(z.string().trim().min(1).max(80)).max(LITE_MAX_FAQS).default([]),
});
export type LiteDraftRequest = z.input<typeof liteDraftRequestSchema>;

/** Drafted pairs for the person to review before the bot is built. */
export const liteDraftSchema = z.object({
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  model: z.string(),
});
export type LiteDraft = z.infer<typeof liteDraftSchema>;
