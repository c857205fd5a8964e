import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  botTextTranslationSchema,
  botTranslationSchema,
  botTranslationsSchema,
  exportTranslationsQuerySchema,
  importTranslationsRequestSchema,
  importTranslationsResponseSchema,
  resetTextTranslationRequestSchema,
  saveBotLanguagesRequestSchema,
  saveTextTranslationRequestSchema,
  saveTranslationKeyRequestSchema,
  translateMissingRequestSchema,
  translateMissingResponseSchema,
  translationFileSchema,
  translationLanguageQuerySchema,
  translationProviderSchema,
} from './translation';

const tags = ['translation'];

/** The company's translation provider (bots inherit it) and each bot's languages. */
export const translationApi = {
  provider: defineRoute({
    method: 'GET',
    path: '/api/translation/provider',
    tags,
    summary: 'The caller’s company’s translation provider: plan, usage and key hint, never the key',
    response: translationProviderSchema,
    errors: [401, 403],
  }),
  saveKey: defineRoute({
    method: 'PUT',
    path: '/api/translation/provider',
    tags,
    summary:
      'Check a DeepL API key with a usage call and, if DeepL accepts it, keep it sealed for the company’s bots',
    description:
      'A key ending in :fx is checked on DeepL API Free, any other on DeepL API Pro. A refused key answers TranslationKeyRejectedException and nothing is saved.',
    body: saveTranslationKeyRequestSchema,
    response: translationProviderSchema,
    errors: [400, 401, 403, 413, 502],
  }),
  removeKey: defineRoute({
    method: 'DELETE',
    path: '/api/translation/provider',
    tags,
    summary: 'Forget the company’s translation key; its bots speak only their own language again',
    response: translationProviderSchema,
    errors: [401, 403],
  }),
  bot: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/translation',
    tags,
    summary: 'A bot’s languages, the provider it inherits and its translation usage this month',
    params: botIdParamsSchema,
    response: botTranslationSchema,
    errors: [401, 404],
  }),
  saveBotLanguages: defineRoute({
    method: 'PUT',
    path: '/api/bots/:id/translation',
    tags,
    summary: 'Set the languages a bot offers besides its own (its visitors may pick them)',
    description:
      'Offering a language needs the company’s translation key: without one, ConflictException and nothing saved.',
    params: botIdParamsSchema,
    body: saveBotLanguagesRequestSchema,
    response: botTranslationSchema,
    errors: [400, 401, 403, 404, 409, 413],
  }),
  texts: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/translations',
    tags,
    summary: 'Every text of a bot’s draft a visitor reads, in one language it offers, with its state',
    description:
      'States: machine, reviewed and edited (a person’s, used over the machine’s), missing, and outdated (a person’s translation of a source text that has changed since).',
    params: botIdParamsSchema,
    query: translationLanguageQuerySchema,
    response: botTranslationsSchema,
    errors: [400, 401, 403, 404],
  }),
  saveText: defineRoute({
    method: 'PUT',
    path: '/api/bots/:id/translations',
    tags,
    summary: 'A person’s translation of one text: conversations use it and the machine never overwrites it',
    description:
      'The translation keeps the source’s template parts ({{ … }}) or it is refused (ValidationException). The machine’s own words mark it reviewed, other words edited.',
    params: botIdParamsSchema,
    body: saveTextTranslationRequestSchema,
    response: botTextTranslationSchema,
    errors: [400, 401, 403, 404, 409, 413],
  }),
  resetText: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/translations/reset',
    tags,
    summary: 'Forget a person’s translation of one text: the machine’s is used again',
    params: botIdParamsSchema,
    body: resetTextTranslationRequestSchema,
    response: botTextTranslationSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  translateMissing: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/translations/translate-missing',
    tags,
    summary: 'Machine-translate the next batch of a language’s missing texts (one provider call)',
    description:
      'Call again while `remaining` is above zero. A person’s translations are never touched; an outdated one gets the machine’s translation of its new source beside it.',
    params: botIdParamsSchema,
    body: translateMissingRequestSchema,
    response: translateMissingResponseSchema,
    errors: [400, 401, 403, 404, 409, 502],
  }),
  exportTexts: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/translations/export',
    tags,
    summary: 'A language’s translations as a CSV or XLIFF 1.2 file, to translate elsewhere and import',
    params: botIdParamsSchema,
    query: exportTranslationsQuerySchema,
    response: translationFileSchema,
    errors: [400, 401, 403, 404],
  }),
  importTexts: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/translations/import',
    tags,
    summary: 'Import a CSV or XLIFF file of translations: all of it, or (with the reasons) none of it',
    description:
      'Each changed translation becomes a person’s. A file with any problem (unknown text, changed source, lost template part, wrong language, malformed) answers TranslationImportException with details.problems, and nothing is saved.',
    params: botIdParamsSchema,
    body: importTranslationsRequestSchema,
    response: importTranslationsResponseSchema,
    errors: [400, 401, 403, 404, 409, 413],
  }),
};
