import { liteAnswersSchema } from '@parley/flow';
import { z } from 'zod';
import { botSummarySchema } from './bots';

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
