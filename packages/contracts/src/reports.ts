import { z } from 'zod';
import { broadcastFiguresSchema, broadcastStateSchema } from './broadcasts';
import { industrySchema } from './industries';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Longest range a report covers (days, both ends included). */
export const MAX_REPORT_DAYS = 366;
/** An industry median shows only when at least this many companies contribute to it. */
export const MIN_INDUSTRY_COMPANIES = 5;
/** Below this many conversations in a period, tips to grow do not judge goals and handovers. */
export const MIN_TIP_CONVERSATIONS = 20;

const DAY_MS = 86_400_000;
export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/** The period a report covers: whole UTC days, both ends included. */
export const reportRangeSchema = z.object({ from: z.iso.date(), to: z.iso.date() });
export type ReportRange = z.infer<typeof reportRangeSchema>;

const rangeChecks = <T extends { from: string; to: string }>(query: T, context: z.core.$RefinementCtx<T>) => {
  if (query.from > query.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts' });
  else if (daysBetween(query.from, query.to) > MAX_REPORT_DAYS)
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    });
};

const reportQueryShape = {
  /** Parley staff (the Internal company) may name another company; others see their own. */
  companyId: z.uuid().optional(),
  /** One bot, or every bot of the company. */
  botId: z.uuid().optional(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Also the period of the same length just before. */
  compare: flag.optional(),
};
export const reportQuerySchema = z.strictObject(reportQueryShape).superRefine(rangeChecks);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * The traffic report also narrows to one domain (as the widget reported it). Only traffic: goal
 * completions, texts and module visits are not kept per domain, so the other reports never mix a
 * domain-filtered figure with an unfiltered one.
 */
export const trafficQuerySchema = z
  .strictObject({ ...reportQueryShape, domain: z.string().trim().toLowerCase().min(1).max(253).optional() })
  .superRefine(rangeChecks);
export type TrafficQuery = z.infer<typeof trafficQuerySchema>;

const botReportQueryShape = { ...reportQueryShape, botId: z.uuid() };

/** A funnel: the conversations that visited these modules in this order. */
export const funnelQuerySchema = z
  .strictObject({
    ...botReportQueryShape,
    /** Module ids, comma-separated, in the order the funnel expects them. */
    steps: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(
        z
          .array(z.string().min(1).max(100))
          .min(2, 'A funnel has at least 2 steps')
          .max(8, 'A funnel has at most 8 steps'),
      ),
  })
  .superRefine(rangeChecks);
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/** Where conversations went after a module. */
export const pathsQuerySchema = z
  .strictObject({ ...botReportQueryShape, moduleId: z.string().min(1).max(100) })
  .superRefine(rangeChecks);
export type PathsQuery = z.infer<typeof pathsQuerySchema>;

export const domainsQuerySchema = z.strictObject({
  companyId: z.uuid().optional(),
  botId: z.uuid().optional(),
});
export type DomainsQuery = z.infer<typeof domainsQuerySchema>;

const count = z.number().int().nonnegative();
/** A share between 0 and 1; null when there is nothing to divide by. */
const rate = z.number().min(0).nullable();

const reportFrame = {
  range: reportRangeSchema,
  /** The period compared with (same length, just before), when asked for. */
  previousRange: reportRangeSchema.nullable(),
  /** When the rollups last took in new events (null: never yet). */
  updatedAt: z.string().nullable(),
};

// ---- Traffic --------------------------------------------------------------------------------

export const trafficTotalsSchema = z.object({
  pageViews: count,
  /** Distinct visitors (the widget's anonymous visitor id) over the whole range. */
  visitors: count,
  sessions: count,
  widgetOpens: count,
  conversationsStarted: count,
});
export type TrafficTotals = z.infer<typeof trafficTotalsSchema>;

export const trafficReportSchema = z.object({
  ...reportFrame,
  totals: trafficTotalsSchema,
  previousTotals: trafficTotalsSchema.nullable(),
  /**
   * True when the visitors of the range (or of the previous one) are an estimate (about ±2 %):
   * over many sessions they are worked out from daily sketches instead of counted one by one.
   */
  visitorsEstimated: z.boolean(),
  /** Every day of the range (visitors: distinct that day). */
  days: z.array(trafficTotalsSchema.extend({ date: z.iso.date() })),
  /** Each hour of the week (weekday 0 = Monday, UTC) that had traffic. */
  hoursOfWeek: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      pageViews: count,
      conversationsStarted: count,
    }),
  ),
  topPages: z.array(z.object({ domain: z.string(), url: z.string(), pageViews: count })),
});
export type TrafficReport = z.infer<typeof trafficReportSchema>;

/** The insights request behind the domain selector: the domains the widget reported pages from. */
export const domainInsightsSchema = z.object({
  items: z.array(z.object({ domain: z.string(), pageViews: count, lastSeen: z.iso.date() })),
});
export type DomainInsights = z.infer<typeof domainInsightsSchema>;

// ---- Business -------------------------------------------------------------------------------

export const kpiNameSchema = z.enum(['goalCompletionRate', 'openRate', 'handoverRate', 'fallbackRate']);
export type KpiName = z.infer<typeof kpiNameSchema>;
export const KPI_NAMES = kpiNameSchema.options;

export const kpiSchema = z.object({
  value: rate,
  numerator: count,
  denominator: count,
  previous: rate,
  /** The median of the same KPI over companies of the same industry (null below the minimum). */
  industryMedian: rate,
  /** How many companies of the industry had data for it. */
  industryCompanies: count,
});
export type Kpi = z.infer<typeof kpiSchema>;

const kpiDaySchema = z.object({
  date: z.iso.date(),
  goalCompletionRate: rate,
  openRate: rate,
  handoverRate: rate,
  fallbackRate: rate,
  conversations: count,
  revenue: z.number(),
});
export type KpiDay = z.infer<typeof kpiDaySchema>;

export const tipSchema = z.object({
  id: z.enum([
    'unrecognized-messages',
    'proactive-greeting',
    'goal-setup',
    'goal-completion',
    'handover',
    'traffic',
  ]),
  kpi: kpiNameSchema.nullable(),
  /** The figure behind the tip (a rate, or a count). */
  value: z.number().nullable(),
  /** Examples that make it concrete (the top unrecognized messages). */
  examples: z.array(z.object({ text: z.string(), count })),
  /** Where it can be fixed, inside Parley. */
  href: z.string(),
});
export type Tip = z.infer<typeof tipSchema>;

/**
 * What the tips say as a whole: some advice; nothing stands out in figures enough to judge; or
 * too few conversations to judge yet (then no tip means nothing, and the report says so).
 */
export const tipsStatusSchema = z.enum(['advice', 'healthy', 'too-few-conversations']);
export type TipsStatus = z.infer<typeof tipsStatusSchema>;

export const revenueSchema = z.object({
  currency: z.literal('USD'),
  total: z.number(),
  previousTotal: z.number().nullable(),
  completions: count,
  /** The bot's value for goals that name none (null when the report spans every bot). */
  defaultValue: z.number().nullable(),
  goals: z.array(
    z.object({
      botId: z.string(),
      moduleId: z.string(),
      /** The module's name in the bot's draft (null: no longer in it). */
      name: z.string().nullable(),
      completions: count,
      value: z.number(),
      valueFrom: z.enum(['module', 'default']),
      revenue: z.number(),
    }),
  ),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const businessReportSchema = z.object({
  ...reportFrame,
  industry: industrySchema.nullable(),
  kpis: z.object({
    goalCompletionRate: kpiSchema,
    openRate: kpiSchema,
    handoverRate: kpiSchema,
    fallbackRate: kpiSchema,
  }),
  days: z.array(kpiDaySchema),
  previousDays: z.array(kpiDaySchema).nullable(),
  revenue: revenueSchema,
  tips: z.array(tipSchema),
  tipsStatus: tipsStatusSchema,
});
export type BusinessReport = z.infer<typeof businessReportSchema>;

// ---- Messages -------------------------------------------------------------------------------

const textCountSchema = z.object({ text: z.string(), count });

export const messageReportSchema = z.object({
  ...reportFrame,
  totals: z.object({ userMessages: count, botMessages: count, agentMessages: count, conversations: count }),
  previousTotals: z
    .object({ userMessages: count, botMessages: count, agentMessages: count, conversations: count })
    .nullable(),
  /** Messages per day and channel (of the conversations started that day). */
  days: z.array(
    z.object({
      date: z.iso.date(),
      channel: z.string(),
      userMessages: count,
      botMessages: count,
      agentMessages: count,
    }),
  ),
  topMessages: z.array(textCountSchema),
  topUnrecognized: z.array(textCountSchema),
  lowConfidence: z.array(textCountSchema.extend({ intent: z.string(), averageConfidence: z.number() })),
  buttons: z.array(textCountSchema),
  modules: z.array(
    z.object({
      botId: z.string(),
      moduleId: z.string(),
      name: z.string().nullable(),
      type: z.string().nullable(),
      visits: count,
    }),
  ),
  /** Conversations by how many messages the user sent. */
  lengths: z.array(z.object({ bucket: z.string(), conversations: count })),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

export const funnelReportSchema = z.object({
  ...reportFrame,
  steps: z.array(
    z.object({
      moduleId: z.string(),
      name: z.string().nullable(),
      conversations: count,
      /** Share of the previous step's conversations that did not get here (null for the first). */
      dropOff: rate,
    }),
  ),
  /** Conversations started in the range (the funnel's base). */
  conversations: count,
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

export const pathsReportSchema = z.object({
  ...reportFrame,
  moduleId: z.string(),
  /** Conversations that visited the module. */
  conversations: count,
  /**
   * The (up to three) modules they went to next after their first visit of it, a return to an
   * earlier module included, most common first; empty: they stopped there.
   */
  paths: z.array(
    z.object({
      modules: z.array(z.object({ moduleId: z.string(), name: z.string().nullable() })),
      conversations: count,
    }),
  ),
});
export type PathsReport = z.infer<typeof pathsReportSchema>;

// ---- Broadcasts -----------------------------------------------------------------------------

/** At most this many broadcasts are listed (the totals count them all). */
export const MAX_REPORT_BROADCASTS = 100;

/**
 * The broadcasts that began sending in the period (for the bot, if one is named): their totals and
 * each one's figures, counted as the broadcast's own results are (goals within its window).
 */
export const broadcastReportSchema = z.object({
  ...reportFrame,
  totals: broadcastFiguresSchema.extend({ broadcasts: count }),
  previousTotals: broadcastFiguresSchema.extend({ broadcasts: count }).nullable(),
  /** Latest first, at most `MAX_REPORT_BROADCASTS`. */
  broadcasts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      botId: z.string(),
      state: broadcastStateSchema,
      startedAt: z.string(),
      channels: z.array(z.string()),
      figures: broadcastFiguresSchema,
    }),
  ),
});
export type BroadcastReport = z.infer<typeof broadcastReportSchema>;
