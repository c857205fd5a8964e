import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ChatMessage,
  type SendMessageRequest,
  type StartConversationRequest,
  type WebchatConfig,
  webchatStyleSchema,
} from '@parley/contracts';
import { newConversationState, type TurnInput } from '@parley/engine';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ConflictException, NotFoundException, UnauthorizedException } from '../../errors';
import { isUuid } from '../../ids';
import { findDeploymentByKey } from '../publishing/publishing.repository';
import {
  dueForExpiry,
  findCompanyConversation,
  findConversationAuth,
  findWebchatSettings,
  insertConversation,
  loadForTurn,
  messagesAfter,
  type TurnRow,
  visitedModules,
} from './conversations.repository';
import { type TurnOutcome, type TurnRequest, runConversationTurn as turn } from './turn-runner';

export { EXPIRY_GAP_MS, type TurnOutcome } from './turn-runner';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const stripNul = (text: string) => text.replaceAll('\0', '');

/** How the debugger opens a conversation: anywhere in the flow, its turns traced with variables. */
export interface DebugStart {
  startModuleId?: string;
}

/**
 * A visitor opens the chat: a conversation starts and the bot's start runs. The debugger passes
 * `debug` (it has already checked the person may use the bot).
 */
export async function openConversation(
  ctx: AppContext,
  request: StartConversationRequest,
  debug?: DebugStart,
): Promise<{ conversationId: string; token: string; outcome: TurnOutcome }> {
  const { db } = ctx.database;
  const deployment = await findDeploymentByKey(db, request.deploymentKey);
  if (!deployment) throw new NotFoundException('This chat is not available');
  const token = randomBytes(32).toString('base64url');
  const conversationId = await insertConversation(db, {
    company_id: deployment.company_id,
    bot_id: deployment.bot_id,
    deployment_id: deployment.id,
    token_hash: hashToken(token),
    status: 'new',
    state: newConversationState(),
    channel: deployment.channel === 'test' ? 'tester' : 'webchat',
    user_info: request.user ?? {},
    context: request.context ?? {},
    page_domain: request.page?.domain ?? null,
    url: request.page?.url ?? null,
  });
  const outcome = await turn(ctx, conversationId, {
    input: { type: 'start', ...(debug?.startModuleId ? { moduleId: debug.startModuleId } : {}) },
    incoming: null,
    debug: debug !== undefined,
  });
  return { conversationId, token, outcome };
}

export async function startConversation(ctx: AppContext, request: StartConversationRequest) {
  const { conversationId, token, outcome } = await openConversation(ctx, request);
  return { conversationId, token, messages: outcome.messages };
}

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

function assertToken(tokenHash: string, token: string | undefined): void {
  const given = Buffer.from(hashToken(token ?? ''));
  if (!token || !timingSafeEqual(given, Buffer.from(tokenHash)))
    throw new UnauthorizedException('This conversation needs its token');
}

/** Only the visitor holding the conversation's token may use it; others find nothing. */
export async function assertVisitor(
  db: Queryable,
  conversationId: string,
  token: string | undefined,
): Promise<void> {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  const row = await findConversationAuth(db, conversationId);
  if (!row) throw new NotFoundException('Conversation not found');
  assertToken(row.token_hash, token);
}

/** A visitor's message as the engine's input, and as the transcript shows it. */
function userTurn(body: SendMessageRequest): Pick<TurnRequest, 'input' | 'incoming'> {
  const input: TurnInput =
    'text' in body
      ? { type: 'text', text: stripNul(body.text) }
      : {
          type: 'postback',
          payload: stripNul(body.postback),
          label: body.label ? stripNul(body.label) : undefined,
        };
  const shown = 'text' in body ? stripNul(body.text) : stripNul(body.label ?? body.postback);
  return { input, incoming: { role: 'user', text: shown } };
}

export async function sendMessage(
  ctx: AppContext,
  conversationId: string,
  token: string | undefined,
  body: SendMessageRequest,
) {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  // The token is checked on the row the turn reads: no extra round trip.
  const { messages } = await turn(ctx, conversationId, {
    ...userTurn(body),
    admit: (row) => assertToken(row.token_hash, token),
  });
  return { messages };
}

/**
 * The debugger's message in a test conversation of the company's bot (checked on the row the turn
 * reads: no extra query).
 */
export function sendDebugMessage(
  ctx: AppContext,
  bot: { companyId: string; botId: string },
  conversationId: string,
  body: SendMessageRequest,
): Promise<TurnOutcome> {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  return turn(ctx, conversationId, {
    ...userTurn(body),
    debug: true,
    fresh: true,
    admit: (row) => {
      if (row.company_id !== bot.companyId || row.bot_id !== bot.botId || row.channel !== 'tester')
        throw new NotFoundException('Conversation not found');
    },
  });
}

/** Expires every conversation whose time is up, each once (the turn checks, under its lock). */
export async function expireDueConversations(ctx: AppContext, limit = 500): Promise<number> {
  const due = await dueForExpiry(ctx.database.db, limit);
  for (const conversationId of due) {
    await turn(ctx, conversationId, { input: { type: 'expire' }, incoming: null, fresh: true });
  }
  return due.length;
}

/** Schedules a move of the conversation to a module after a delay (the trigger-delayed-response call). */
export async function requestDelayedMove(
  ctx: AppContext,
  companyId: string,
  conversationId: string,
  moduleId: string,
  delaySeconds: number,
): Promise<Date> {
  const { db } = ctx.database;
  if (!isUuid(conversationId) || !(await findCompanyConversation(db, companyId, conversationId))) {
    throw new NotFoundException('Conversation not found');
  }
  const dueAt = new Date(Date.now() + delaySeconds * 1000);
  await ctx.jobs.send(
    db,
    'delayed-move',
    { conversationId, moduleId, requested: true },
    { startAfter: dueAt },
  );
  if (delaySeconds === 0) ctx.jobs.wake('delayed-move');
  return dueAt;
}

/** A person of the company's team, as the transcript names them, and the company they act for. */
export interface Agent {
  id: string;
  name: string;
  companyId: string;
}

/** The conversation is the agent's company's (checked on the row the turn reads: no extra query). */
function assertAgentCompany(row: TurnRow, agent: Agent): void {
  if (row.company_id !== agent.companyId) throw new NotFoundException('Conversation not found');
}

/**
 * An agent takes control (the bot falls silent) or gives it back to the bot, which resumes where
 * the handoff says (spec §4, pass control). Refused on an ended conversation, or while another
 * agent has it.
 */
export function passControl(ctx: AppContext, conversationId: string, to: 'agent' | 'bot', agent: Agent) {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  return turnMessages(ctx, conversationId, {
    input: to === 'agent' ? { type: 'handoff', agent: agent.name } : { type: 'resume', agent: agent.name },
    incoming: null,
    agentId: to === 'agent' ? agent.id : null,
    fresh: true,
    admit: (row) => {
      assertAgentCompany(row, agent);
      if (row.status === 'ended') throw new ConflictException('This conversation has ended');
      if (to === 'agent' && row.agent_id === agent.id)
        throw new ConflictException('You already have this conversation');
      if (to === 'agent' && row.agent_id !== null) {
        throw new ConflictException('Another agent has this conversation', { agentId: row.agent_id });
      }
      if (to === 'bot' && row.status !== 'human') throw new ConflictException('The bot already has control');
    },
  });
}

const turnMessages = async (ctx: AppContext, conversationId: string, request: TurnRequest) =>
  (await turn(ctx, conversationId, request)).messages;

/** An agent writes to the user; only the agent who has control may. */
export function sendAgentMessage(ctx: AppContext, conversationId: string, agent: Agent, text: string) {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  const clean = stripNul(text);
  return turnMessages(ctx, conversationId, {
    input: { type: 'agent_message', text: clean, agent: agent.name },
    incoming: { role: 'agent', text: clean },
    fresh: true,
    admit: (row) => {
      assertAgentCompany(row, agent);
      if (row.status !== 'human' || row.agent_id !== agent.id) {
        throw new ConflictException('Take over the conversation before replying');
      }
    },
  });
}

/** Turns the server runs itself (delayed moves, expiry, agents handing back). */
export function runServerTurn(
  ctx: AppContext,
  conversationId: string,
  input: TurnInput,
): Promise<ChatMessage[]> {
  return turnMessages(ctx, conversationId, { input, incoming: null });
}

export async function conversationMessages(
  ctx: AppContext,
  conversationId: string,
  after = 0,
): Promise<ChatMessage[]> {
  return messagesAfter(ctx.database.db, conversationId, after);
}

/** `mode=tags`: each module the conversation went through, with the tags it carries. */
export async function conversationModules(ctx: AppContext, conversationId: string) {
  const { db } = ctx.database;
  const row = await loadForTurn(db, conversationId);
  if (!row) throw new NotFoundException('Conversation not found');
  const flow = await ctx.conversations.flows.get(
    db,
    { companyId: row.company_id, botId: row.bot_id },
    row.deployment_version,
    row.bot_updated_at,
  );
  const tagNames = new Map(flow.tags.map((tag) => [tag.id, tag.name]));
  const modules = new Map(flow.modules.map((module) => [module.id, module]));
  return (await visitedModules(db, conversationId)).map((visit) => ({
    moduleId: visit.module_id,
    tags: (modules.get(visit.module_id)?.tags ?? []).map((id) => tagNames.get(id) ?? id),
    at: visit.occurred_at.toISOString(),
  }));
}
