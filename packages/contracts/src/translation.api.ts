import { defineRoute } from './define-route';
import { saveTranslationKeyRequestSchema, translationProviderSchema } from './translation';

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
};
