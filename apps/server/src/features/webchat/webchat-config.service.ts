import {
  type WebchatConfig,
  type WebchatStrings,
  type WebchatStyle,
  webchatStyleSchema,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import { NotFoundException } from '../../errors';
import { findDeploymentByKey } from '../publishing/publishing.repository';
import { findWebchatSettings } from './webchat-style.repository';

/** The widget's settings for a deployment (public: any page may embed the widget). */
export async function webchatConfig(ctx: AppContext, deploymentKey: string): Promise<WebchatConfig> {
  const { db } = ctx.database;
  const deployment = await findDeploymentByKey(db, deploymentKey);
  const bot = deployment && (await findWebchatSettings(db, deployment.bot_id));
  if (!deployment || !bot) throw new NotFoundException('This chat is not available');
  const style = webchatStyleSchema.parse(bot.webchat_style);
  const offered = bot.offered_languages.filter((language) => language !== bot.language);
  const strings = await widgetStrings(ctx, { companyId: bot.company_id, botId: deployment.bot_id }, style, {
    bot: bot.language,
    offered,
  });
  return {
    deploymentKey,
    botName: bot.name,
    language: bot.language,
    // A language the widget has no words for is not offered (its translation failed).
    offeredLanguages: offered.filter((language) => strings[language] !== undefined),
    style: { ...style, strings },
    telemetry: { instrumentationKey: ctx.config.telemetryInstrumentationKey, endpointPath: '/telemetry' },
  };
}

/**
 * The widget's words in each language the bot offers: the style's where it has them, the rest
 * machine-translated, the window's title and welcome text included (the builder writes those in
 * the bot's language, and may write them per language too). Cached, so once per company and
 * language; a language whose translation fails is left out unless the style has its words.
 */
async function widgetStrings(
  ctx: AppContext,
  owner: { companyId: string; botId: string },
  style: WebchatStyle,
  languages: { bot: string; offered: string[] },
): Promise<Record<string, WebchatStrings>> {
  const { strings } = style;
  const source = strings[languages.bot] ?? strings.en;
  if (!source) return strings;
  const sourceLanguage = strings[languages.bot] ? languages.bot : 'en';
  const words = Object.entries(source).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && entry[0] !== 'title' && entry[0] !== 'welcome',
  );
  // The builder's own words for the bot's language win over the style's, as in the widget.
  const title = strings[languages.bot]?.title || style.title;
  const welcome = strings[languages.bot]?.welcome || style.welcomeText;
  const translate = (source: string, target: string, texts: string[]) =>
    texts.length === 0 ? Promise.resolve([]) : ctx.translation.translate({ ...owner, source, target, texts });
  const translated = await Promise.all(
    languages.offered.map(async (target) => {
      const own = strings[target];
      const window = {
        ...(own?.title ? {} : { title }),
        ...(own?.welcome || !welcome ? {} : { welcome }),
      };
      try {
        const [windowTexts, texts] = await Promise.all([
          translate(languages.bot, target, Object.values(window)),
          own
            ? []
            : translate(
                sourceLanguage,
                target,
                words.map(([, text]) => text),
              ),
        ]);
        const base =
          own ?? Object.fromEntries(words.map(([key, text], index) => [key, texts[index] ?? text]));
        const windowWords = Object.fromEntries(
          Object.keys(window).map((key, index) => [key, windowTexts[index]]),
        );
        return [target, { ...base, ...windowWords }] as const;
      } catch {
        return own ? ([target, own] as const) : null;
      }
    }),
  );
  return {
    ...strings,
    ...Object.fromEntries(translated.filter((entry) => entry !== null)),
  } as Record<string, WebchatStrings>;
}
