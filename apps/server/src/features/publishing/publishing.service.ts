import { randomBytes } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import {
  type BotDetail,
  type BotVersion,
  botLanguageSchema,
  type Deployment,
  type FlowFinding,
  type PublishResponse,
} from '@parley/contracts';
import { validateFlowTemplates } from '@parley/engine';
import { type Flow, loadFlow, type NluLimits } from '@parley/flow';
import type { AppContext } from '../../context';
import type { DeploymentRow } from '../../db/tables/conversation.table';
import {
  ConflictException,
  NotFoundException,
  PayloadTooLargeException,
  ValidationException,
} from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { findBot, findBotForUpdate, findDraftRevision, updateBot } from '../bots/bots.repository';
import { getBot } from '../bots/bots.service';
import { baseLanguage } from '../conversations/turn-translation';
import { publishKnowledge } from '../knowledge/knowledge.repository';
import { assertLiteShapeAllowed } from '../lite/lite-rule';
import { queuePretranslation } from '../translation/pretranslation';
import {
  findDeployment,
  findVersionFlow,
  insertDeployment,
  insertVersion,
  listDeployments,
  listVersions,
  nextVersionNumber,
  promoteWebchatDeployments,
  setPublishedVersion,
  softDeleteDeployment,
  updateDeployment,
} from './publishing.repository';

function assertId(id: string, what: string): void {
  if (!isUuid(id)) throw new NotFoundException(`${what} not found`);
}

export function toDeployment(row: DeploymentRow): Deployment {
  return {
    id: row.id,
    bot_id: row.bot_id,
    key: row.key,
    channel: row.channel,
    version: row.version,
    sunshine_parley_integration_id: row.sunshine_parley_integration_id,
    sunshine_parley_switchboardIntegration_id: row.sunshine_parley_switchboardIntegration_id,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The validator's findings (graph, templates, intents within the server's limits), for the
 * builder and for publishing.
 */
export function findingsOf(flow: Flow, nluLimits: NluLimits): FlowFinding[] {
  return validateFlowTemplates(flow, { nluLimits }).map((finding) => ({ ...finding }));
}

/**
 * Saves the draft (any well-formed document) and says what the validator thinks of it. With
 * `baseRevision`, only over that revision: someone else's newer save is never overwritten.
 */
export async function saveDraft(
  ctx: AppContext,
  session: Session,
  botId: string,
  flow: Flow,
  baseRevision?: number,
): Promise<{ bot: BotDetail; findings: FlowFinding[] }> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  assertLiteShapeAllowed(session, flow);
  assertIntentsWithinLimit(flow, ctx.config.nlu.limits);
  const row = await updateBot(
    db,
    session.companyId,
    botId,
    // The bot's language follows the flow's when it is one bots speak (a flow may say any code).
    {
      flow,
      language: botLanguageSchema.safeParse(flow.settings.language.split('-')[0]).data,
      savedBy: session.userId,
    },
    baseRevision,
  );
  if (!row) {
    const current =
      baseRevision === undefined ? undefined : await findDraftRevision(db, session.companyId, botId);
    if (!current) throw new NotFoundException('Bot not found');
    throw new ConflictException(
      `${current.saved_by ?? 'Someone'} saved this bot after you opened it; reload it to see their changes`,
      {
        revision: current.draft_revision,
        savedAt: current.updated_at.toISOString(),
        savedBy: current.saved_by,
      },
    );
  }
  // A large flow's write, its reading back and its answer each take a while on the embedded
  // database, whose statements never wait on I/O: other requests get a turn of the loop between.
  await setImmediate();
  const bot = await getBot(ctx, session, botId);
  await setImmediate();
  return { bot, findings: findingsOf(flow, ctx.config.nlu.limits) };
}

/**
 * Refuses intents holding more text than the largest set a bot may learn (its utterance limit
 * times its length limit). A draft over the limits is saved with a finding to fix, but one this
 * far over could never be used, and its megabytes would be stored, read and checked on every save.
 */
function assertIntentsWithinLimit(flow: Flow, limits: NluLimits) {
  const most = limits.maxUtterances * limits.maxUtteranceLength;
  let characters = 0;
  for (const intent of flow.intents)
    for (const utterance of intent.utterances) characters += utterance.length;
  if (characters > most)
    throw new PayloadTooLargeException(
      `The intents hold ${characters.toLocaleString('en')} characters of utterances, more than the ` +
        `${most.toLocaleString('en')} of the largest set a bot may learn (${limits.maxUtterances.toLocaleString('en')} ` +
        `utterances of ${limits.maxUtteranceLength} characters). Remove some utterances and save again (nothing was saved).`,
      { characters, limit: most },
    );
}

/** Freezes the draft as the next numbered version, refused while the validator finds errors. */
export async function publish(ctx: AppContext, session: Session, botId: string): Promise<PublishResponse> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  return db.transaction().execute(async (trx) => {
    const bot = await findBotForUpdate(trx, session.companyId, botId);
    if (!bot) throw new NotFoundException('Bot not found');
    const flow = loadFlow(bot.draft_flow);
    const findings = findingsOf(flow, ctx.config.nlu.limits);
    const errors = findings.filter((finding) => finding.severity === 'error');
    if (errors.length > 0) {
      throw new ValidationException(
        `The flow has ${errors.length} ${errors.length === 1 ? 'error' : 'errors'} to fix before publishing`,
        { findings: errors },
      );
    }
    const number = await nextVersionNumber(trx, botId);
    const saved = await insertVersion(trx, {
      bot_id: botId,
      company_id: session.companyId,
      version: number,
      flow,
      created_by: session.userId,
    });
    await setPublishedVersion(trx, session.companyId, botId, number);
    // The version and the knowledge it answers from go live together.
    await publishKnowledge(trx, session.companyId, botId);
    const deployments = await promoteWebchatDeployments(trx, session.companyId, botId, number);
    // The new version's texts are translated ahead of its first visitors in each offered language.
    await queuePretranslation(
      ctx,
      trx,
      { companyId: session.companyId, botId },
      bot.offered_languages.filter((language) => language !== baseLanguage(flow.settings.language)),
    );
    return {
      version: {
        version: saved.version,
        created_at: saved.created_at.toISOString(),
        modules: flow.modules.length,
      },
      findings,
      deployments: deployments.map(toDeployment),
    };
  });
}

export async function versionsOf(ctx: AppContext, session: Session, botId: string): Promise<BotVersion[]> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  if (!(await findBot(db, session.companyId, botId))) throw new NotFoundException('Bot not found');
  const rows = await listVersions(db, session.companyId, botId);
  return rows.map((row) => ({
    version: row.version,
    created_at: row.created_at.toISOString(),
    modules: Number(row.modules),
  }));
}

/** Makes a published version the draft again (publishing it is a separate step). */
export async function restoreVersion(
  ctx: AppContext,
  session: Session,
  botId: string,
  version: number,
): Promise<BotDetail> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  const flow = await findVersionFlow(db, session.companyId, botId, version);
  if (!flow) throw new NotFoundException(`Version ${version} not found`);
  return (await saveDraft(ctx, session, botId, loadFlow(flow))).bot;
}

const newKey = () => `dep_${randomBytes(18).toString('base64url')}`;

export async function deploymentsOf(ctx: AppContext, session: Session, botId: string): Promise<Deployment[]> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  if (!(await findBot(db, session.companyId, botId))) throw new NotFoundException('Bot not found');
  return (await listDeployments(db, session.companyId, botId)).map(toDeployment);
}

/** A web chat deployment of a published version (the latest by default). */
export async function createWebchatDeployment(
  ctx: AppContext,
  session: Session,
  botId: string,
  version?: number,
): Promise<Deployment> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  const bot = await findBot(db, session.companyId, botId);
  if (!bot) throw new NotFoundException('Bot not found');
  const chosen = version ?? bot.published_version;
  if (chosen === null) throw new ConflictException('Publish the bot before putting it on a website');
  if (!(await findVersionFlow(db, session.companyId, botId, chosen)))
    throw new NotFoundException(`Version ${chosen} not found`);
  return toDeployment(
    await insertDeployment(db, {
      company_id: session.companyId,
      bot_id: botId,
      key: newKey(),
      channel: 'webchat',
      version: chosen,
    }),
  );
}

/** The bot's test deployment (made on first use): it always runs the current draft. */
export async function testDeployment(ctx: AppContext, session: Session, botId: string): Promise<Deployment> {
  const { db } = ctx.database;
  assertId(botId, 'Bot');
  if (!(await findBot(db, session.companyId, botId))) throw new NotFoundException('Bot not found');
  const existing = (await listDeployments(db, session.companyId, botId)).find(
    (deployment) => deployment.channel === 'test',
  );
  if (existing) return toDeployment(existing);
  return toDeployment(
    await insertDeployment(db, {
      company_id: session.companyId,
      bot_id: botId,
      key: newKey(),
      channel: 'test',
      version: null,
    }),
  );
}

/** One of the company's deployments (the tester opens the test deployment by id). */
export async function deploymentOf(ctx: AppContext, session: Session, id: string): Promise<Deployment> {
  const { db } = ctx.database;
  assertId(id, 'Deployment');
  const row = await findDeployment(db, session.companyId, id);
  if (!row) throw new NotFoundException('Deployment not found');
  return toDeployment(row);
}

export async function changeDeployment(
  ctx: AppContext,
  session: Session,
  id: string,
  changes: {
    version?: number;
    sunshine_parley_integration_id?: string | null;
    sunshine_parley_switchboardIntegration_id?: string | null;
  },
): Promise<Deployment> {
  const { db } = ctx.database;
  assertId(id, 'Deployment');
  const current = await findDeployment(db, session.companyId, id);
  if (!current) throw new NotFoundException('Deployment not found');
  if (changes.version !== undefined) {
    if (current.channel === 'test') throw new ConflictException('The test deployment always runs the draft');
    if (!(await findVersionFlow(db, session.companyId, current.bot_id, changes.version)))
      throw new NotFoundException(`Version ${changes.version} not found`);
  }
  const row = await updateDeployment(db, session.companyId, id, changes);
  if (!row) throw new NotFoundException('Deployment not found');
  return toDeployment(row);
}

export async function removeDeployment(ctx: AppContext, session: Session, id: string): Promise<void> {
  const { db } = ctx.database;
  assertId(id, 'Deployment');
  if (!(await softDeleteDeployment(db, session.companyId, id)))
    throw new NotFoundException('Deployment not found');
}
