import { type WebchatConfig, webchatStyleSchema } from '@parley/contracts';
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
  return {
    deploymentKey,
    botName: bot.name,
    language: bot.language,
    style: webchatStyleSchema.parse(bot.webchat_style),
    telemetry: { instrumentationKey: ctx.config.telemetryInstrumentationKey, endpointPath: '/telemetry' },
  };
}
