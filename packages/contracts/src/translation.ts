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

/** A month of translation usage, `2026-11`; none: this month. */
export const translationUsageQuerySchema = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month like 2026-11')
    .optional(),
});
export type TranslationUsageQuery = z.infer<typeof translationUsageQuerySchema>;

const usageFigures = { characters: z.number().int(), requests: z.number().int() };

/** What the company's bots had translated in a month, each bot's share (most first). */
export const translationUsageSchema = z.object({
  month: z.string(),
  ...usageFigures,
  bots: z.array(
    z.object({
      botId: z.string(),
      name: z.string(),
      /** The bot was deleted since: its usage still counts. */
      deleted: z.boolean(),
      ...usageFigures,
    }),
  ),
});
export type TranslationUsage = z.infer<typeof translationUsageSchema>;

export const saveBotLanguagesRequestSchema = z.strictObject({
  offeredLanguages: z
    .array(translationLanguageSchema)
    .max(translationLanguages.length)
    .refine((languages) => new Set(languages).size === languages.length, 'Each language once'),
});
export type SaveBotLanguagesRequest = z.infer<typeof saveBotLanguagesRequestSchema>;

/**
 * Where a translation of one of the bot's texts stands: the machine's, checked by a person
 * (`reviewed`) or written by one (`edited`: both win over the machine's and are never overwritten
 * by it), none yet (`missing`), or a person's made for a source text that has changed since
 * (`outdated`: conversations use the machine's translation of the new text until it is reviewed).
 */
export const textTranslationStates = ['missing', 'outdated', 'machine', 'reviewed', 'edited'] as const;
export const textTranslationStateSchema = z.enum(textTranslationStates);
export type TextTranslationState = z.infer<typeof textTranslationStateSchema>;

/** One text of the bot a visitor reads, in one language. */
export const botTextTranslationSchema = z.object({
  /** Where the text is in the flow: `m1.text`, `m2.buttons.b1.label`, `settings.fallbackMessage`. */
  key: z.string(),
  /** Its module (null: the bot's own settings, e.g. the fallback message). */
  moduleId: z.string().nullable(),
  moduleName: z.string(),
  moduleType: z.string().nullable(),
  /** The field's path in the module's content (`text`, `buttons.b1.label`, `card.title`). */
  field: z.string(),
  /** The text as the bot's builder wrote it, in the bot's language. */
  source: z.string(),
  state: textTranslationStateSchema,
  /** What the visitor reads (a person's or the machine's); for `outdated`, the person's of the old source. */
  translation: z.string().nullable(),
  /** The machine's translation of the current source, when there is one. */
  machine: z.string().nullable(),
  /** For `outdated`: the source text the person translated. */
  previousSource: z.string().nullable(),
  /** When a person last wrote or checked it. */
  updatedAt: z.string().nullable(),
});
export type BotTextTranslation = z.infer<typeof botTextTranslationSchema>;

export const translationLanguageQuerySchema = z.strictObject({ language: translationLanguageSchema });

export const pretranslationStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type PretranslationStatus = (typeof pretranslationStatuses)[number];

/**
 * The background translation of the bot's texts into the language, queued when the language is
 * offered or a version published: `failed` is tried again (`problem` says why the last run failed).
 */
export const pretranslationSchema = z.object({
  status: z.enum(pretranslationStatuses),
  /** Texts the provider translated in the last run. */
  translated: z.number().int(),
  /** Runs begun since it was queued. */
  attempts: z.number().int(),
  problem: z.string().nullable(),
  updatedAt: z.string(),
});
export type Pretranslation = z.infer<typeof pretranslationSchema>;

/** Every text of a bot (its draft) in one of the languages it offers. */
export const botTranslationsSchema = z.object({
  mainLanguage: z.string(),
  language: translationLanguageSchema,
  texts: z.array(botTextTranslationSchema),
  /** How many texts are in each state. */
  counts: z.record(textTranslationStateSchema, z.number().int()),
  /** The background translation into this language (null: none was queued). */
  pretranslation: pretranslationSchema.nullable(),
});
export type BotTranslations = z.infer<typeof botTranslationsSchema>;

/** The longest translation a person may write (the longest text a module holds). */
export const MAX_TRANSLATION_CHARS = 4000;

/**
 * A person's translation of one text (it then wins over the machine's). The same words as the
 * machine's translation mark it reviewed; other words, edited.
 */
export const saveTextTranslationRequestSchema = z.strictObject({
  language: translationLanguageSchema,
  key: z.string().min(1).max(300),
  translation: z
    .string()
    .trim()
    .min(1, 'Write the translation')
    .max(MAX_TRANSLATION_CHARS, `A translation is at most ${MAX_TRANSLATION_CHARS} characters`),
});
export type SaveTextTranslationRequest = z.infer<typeof saveTextTranslationRequestSchema>;

/** Forget a person's translation of one text: the machine's is used again. */
export const resetTextTranslationRequestSchema = z.strictObject({
  language: translationLanguageSchema,
  key: z.string().min(1).max(300),
});

/** Texts machine-translated per "translate missing" request (one provider call each). */
export const TRANSLATE_BATCH_SIZE = 50;

export const translateMissingRequestSchema = z.strictObject({ language: translationLanguageSchema });
/** One batch done: how many texts it translated and how many are still missing. */
export const translateMissingResponseSchema = z.object({
  translated: z.number().int(),
  remaining: z.number().int(),
});

export const translationFileFormats = ['csv', 'xliff'] as const;
export const translationFileFormatSchema = z.enum(translationFileFormats);
export type TranslationFileFormat = z.infer<typeof translationFileFormatSchema>;

export const exportTranslationsQuerySchema = z.strictObject({
  language: translationLanguageSchema,
  format: translationFileFormatSchema,
});
export const translationFileSchema = z.object({
  fileName: z.string(),
  mediaType: z.string(),
  content: z.string(),
});
export type TranslationFile = z.infer<typeof translationFileSchema>;

/** The biggest translation file an import takes (a bot's texts in one language fit many times). */
export const MAX_TRANSLATION_FILE_CHARS = 2_000_000;

export const importTranslationsRequestSchema = z.strictObject({
  language: translationLanguageSchema,
  format: translationFileFormatSchema,
  content: z
    .string()
    .min(1, 'The file is empty')
    .max(MAX_TRANSLATION_FILE_CHARS, 'A translation file is at most 2 MB'),
});
export type ImportTranslationsRequest = z.infer<typeof importTranslationsRequestSchema>;

/** Why an import was refused, line by line (nothing of the file is saved then). */
export const translationImportProblemSchema = z.object({
  /** The file's line (CSV) or the unit's line (XLIFF); null for the file as a whole. */
  line: z.number().int().nullable(),
  key: z.string().nullable(),
  code: z.enum([
    'malformed',
    'missing-column',
    'wrong-language',
    'unknown-key',
    'duplicate-key',
    'source-changed',
    'template-parts',
    'too-long',
    'markup',
  ]),
  message: z.string(),
});
export type TranslationImportProblem = z.infer<typeof translationImportProblemSchema>;

export const importTranslationsResponseSchema = z.object({
  /** Translations the file changed (each now a person's). */
  imported: z.number().int(),
  /** Rows with the translation already in use, or left empty. */
  unchanged: z.number().int(),
});
