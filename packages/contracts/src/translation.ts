import { callFailureSchema } from '@parley/kit';
import { z } from 'zod';

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
