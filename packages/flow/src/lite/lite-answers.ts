import { PHONE_MAX_DIGITS } from '@parley/modules';
import { z } from 'zod';

/** What a lite bot is for; each purpose is a set of paths in the template. */
export const litePurposeSchema = z.enum(['questions', 'leads', 'appointments', 'support']);
export type LitePurpose = z.infer<typeof litePurposeSchema>;

export const liteToneSchema = z.enum(['friendly', 'professional']);
export type LiteTone = z.infer<typeof liteToneSchema>;

/** The languages the lite templates are written in. */
export const liteLanguageSchema = z.enum(['en', 'es']);
export type LiteLanguage = z.infer<typeof liteLanguageSchema>;

export const liteWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

// The answers end up in the bot's messages, which render as templates: template markup typed in
// would run (or break the bot), so it is refused where it is typed.
const noTemplateMarkup = (text: string) => !/\{[{%#]/.test(text);
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(noTemplateMarkup, 'Remove the braces: {{, {% and {# are not allowed here');

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time such as 09:00');

const dayHoursSchema = z
  .object({ open: z.boolean(), opens: time, closes: time })
  .refine((day) => !day.open || day.opens < day.closes, {
    message: 'Closing time must come after opening time',
    path: ['closes'],
  });
export type LiteDayHours = z.infer<typeof dayHoursSchema>;

const websiteSchema = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine(
    (text) => text === '' || /^https?:\/\/[^\s/.]+\.[^\s]+$/i.test(text),
    'A website address such as https://example.com',
  );

/** Phone numbers: digits only once spaces, dashes, dots and brackets go; at most 12 (spec §5). */
const phoneSchema = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\+?[\d\s().-]+$/.test(text), 'Only digits, spaces, dashes and brackets')
  .refine((text) => text.replace(/\D/g, '').length <= PHONE_MAX_DIGITS, `At most ${PHONE_MAX_DIGITS} digits`);

export const liteFaqSchema = z.object({
  question: plainText(80).pipe(z.string().min(1, 'Write the question')),
  answer: plainText(1000).pipe(z.string().min(1, 'Write the answer')),
});
export type LiteFaq = z.infer<typeof liteFaqSchema>;

/**
 * Everything the guided form asks, the single definition of a lite bot: the template builds the
 * bot's flow from it, and lite settings edit the same answers.
 */
export const liteAnswersSchema = z
  .object({
    businessName: plainText(60).pipe(z.string().min(1, 'Write your business name')),
    website: websiteSchema,
    purpose: litePurposeSchema,
    tone: liteToneSchema,
    language: liteLanguageSchema,
    greeting: plainText(300),
    hours: z.object(
      Object.fromEntries(liteWeekdays.map((day) => [day, dayHoursSchema])) as {
        [D in (typeof liteWeekdays)[number]]: typeof dayHoursSchema;
      },
    ),
    faqs: z.array(liteFaqSchema).max(12, 'At most 12 questions'),
    contact: z.object({
      email: z.string().trim().pipe(z.email('An email address such as you@example.com')),
      phone: phoneSchema,
      /** Where a visitor who wants a person goes: the inbox (live), or the email address. */
      handoff: z.enum(['inbox', 'email']),
    }),
  })
  .refine((answers) => answers.purpose !== 'questions' || answers.faqs.length > 0, {
    message: 'Add at least one question and answer',
    path: ['faqs'],
  });
export type LiteAnswers = z.infer<typeof liteAnswersSchema>;
export type LiteAnswersInput = z.input<typeof liteAnswersSchema>;

/** Monday to Friday, 9 to 6; the weekend closed. */
export const defaultLiteHours = (): LiteAnswers['hours'] => {
  const weekday = { open: true, opens: '09:00', closes: '18:00' };
  const closed = { open: false, opens: '09:00', closes: '18:00' };
  return {
    mon: weekday,
    tue: weekday,
    wed: weekday,
    thu: weekday,
    fri: weekday,
    sat: closed,
    sun: closed,
  };
};
