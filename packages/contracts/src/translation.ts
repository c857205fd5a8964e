import { callFailureSchema } from '@parley/kit';
import { z } from 'zod';

/** Languages a bot may offer through machine translation (DeepL translates into each). */
export const translationLanguages = ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'pl', 'ja', 'zh'] as const;
export const translationLanguageSchema = z.enum(translationLanguages);
export type TranslationLanguage = z.infer<typeof translationLanguageSchema>;

export const translationPlanSchema = z.enum(['free', 'pro']);

/** A company's translation provider as screens show it: never the key, only its hint. */
export const translationProviderSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    provider: z.literal('deepl'),
    plan: translationPlanSchema,
    /** The key's last four characters, the rest masked. */
    keyHint: z.string(),
    /** Characters translated this billing period, and the plan's limit, as of `checkedAt`. */
    characterCount: z.number().int(),
    characterLimit: z.number().int(),
    checkedAt: z.string(),
    /** The last failed translation (spent quota, refused key, timeout) since the last good check. */
    problem: callFailureSchema.extend({ at: z.string() }).nullable(),
  }),
]);
export type TranslationProvider = z.infer<typeof translationProviderSchema>;

export const saveTranslationKeyRequestSchema = z.strictObject({
  provider: z.literal('deepl'),
  apiKey: z
    .string()
    .trim()
    .min(8, 'Paste the whole API key')
    .max(200, 'An API key is at most 200 characters')
    .regex(/^[\w:.-]+$/, 'An API key has letters, digits, dashes and colons only'),
});
export type SaveTranslationKeyRequest = z.infer<typeof saveTranslationKeyRequestSchema>;

/** A bot's languages and the provider it inherits from its company. */
export const botTranslationSchema = z.object({
  /** The bot's own language: what its texts are written in, and what NLU reads. */
  mainLanguage: z.string(),
  offeredLanguages: z.array(translationLanguageSchema),
  provider: translationProviderSchema,
  /** Characters this bot had translated this month, in how many requests. */
  usage: z.object({ characters: z.number().int(), requests: z.number().int() }),
});
export type BotTranslation = z.infer<typeof botTranslationSchema>;

export const saveBotLanguagesRequestSchema = z.strictObject({
  offeredLanguages: z
    .array(translationLanguageSchema)
    .max(translationLanguages.length)
    .refine((languages) => new Set(languages).size === languages.length, 'Each language once'),
});
export type SaveBotLanguagesRequest = z.infer<typeof saveBotLanguagesRequestSchema>;
