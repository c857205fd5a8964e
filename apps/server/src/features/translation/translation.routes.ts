import { translationApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as texts from './bot-translations.service';
import * as settings from './translation-settings.service';

/** The company's translation provider and each bot's languages (contracts: translationApi). */
export const translationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;
  const manageCompany = { permission: 'company:manage' } as const;
  const own = { type: 'company', own: true } as const;

  routeFrom(app, translationApi.provider, { config: { permission: 'bots:view' } }, async (request) =>
    settings.companyProvider(ctx(), sessionOf(request)),
  );
  routeFrom(
    app,
    translationApi.saveKey,
    { config: { ...manageCompany, audit: { action: 'company.translation-key-changed', target: own } } },
    async (request) => settings.saveProviderKey(ctx(), sessionOf(request), request.body),
  );
  routeFrom(
    app,
    translationApi.removeKey,
    { config: { ...manageCompany, audit: { action: 'company.translation-key-removed', target: own } } },
    async (request) => settings.removeProviderKey(ctx(), sessionOf(request)),
  );
  routeFrom(app, translationApi.usage, { config: manageCompany }, async (request) =>
    settings.companyTranslationUsage(ctx(), sessionOf(request), request.query.month),
  );
  routeFrom(app, translationApi.bot, { config: { permission: 'signed-in' } }, async (request) =>
    settings.botTranslation(ctx(), sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    translationApi.saveBotLanguages,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.languages-changed', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) =>
      settings.saveBotTranslation(ctx(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, translationApi.texts, { config: { permission: 'bots:view' } }, async (request) =>
    texts.botTranslations(ctx(), sessionOf(request), request.params.id, request.query.language),
  );
  routeFrom(
    app,
    translationApi.saveText,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.translation-edited', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => texts.saveTextTranslation(ctx(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    translationApi.resetText,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.translation-reset', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => texts.resetTextTranslation(ctx(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    translationApi.translateMissing,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.translations-filled', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) =>
      texts.translateMissing(ctx(), sessionOf(request), request.params.id, request.body.language),
  );
  routeFrom(app, translationApi.exportTexts, { config: { permission: 'bots:view' } }, async (request) =>
    texts.exportTranslations(ctx(), sessionOf(request), request.params.id, request.query),
  );
  routeFrom(
    app,
    translationApi.importTexts,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.translations-imported', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => texts.importTranslations(ctx(), sessionOf(request), request.params.id, request.body),
  );
};
