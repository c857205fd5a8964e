import { type WebchatConfig, type WebchatStrings, webchatStyleSchema } from '@parley/contracts';
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
  const strings = await widgetStrings(
    ctx,
    { companyId: bot.company_id, botId: deployment.bot_id },
    style.strings,
    {
      bot: bot.language,
      offered,
    },
  );
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
 * machine-translated from the bot's language (cached, so once per company and language). A
 * language whose translation fails is left out.
 */
async function widgetStrings(
  ctx: AppContext,
  owner: { companyId: string; botId: string },
  strings: Record<string, WebchatStrings>,
  languages: { bot: string; offered: string[] },
): Promise<Record<string, WebchatStrings>> {
  const source = strings[languages.bot] ?? strings.en;
  const missing = languages.offered.filter((language) => strings[language] === undefined);
  if (!source || missing.length === 0) return strings;
  const sourceLanguage = strings[languages.bot] ? languages.bot : 'en';
  const words = Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const translated = await Promise.all(
    missing.map(async (target) => {
      try {
        const texts = await ctx.translation.translate({
          ...owner,
          source: sourceLanguage,
          target,
          texts: words.map(([, text]) => text),
        });
        return [
          target,
          Object.fromEntries(words.map(([key, text], index) => [key, texts[index] ?? text])),
        ] as const;
      } catch {
        return null;
      }
    }),
  );
  return {
    ...strings,
    ...Object.fromEntries(translated.filter((entry) => entry !== null)),
  } as Record<string, WebchatStrings>;
}
