import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ChatMessage, SendMessageRequest, StartConversationRequest } from '@parley/contracts';
import { newConversationState, type TurnInput } from '@parley/engine';
import type { AppContext } from '../../context';
import { NotFoundException, UnauthorizedException } from '../../errors';
import { isUuid } from '../../ids';
import { findDeploymentByKey } from '../publishing/publishing.repository';
import {
  findConversationAuth,
  insertConversation,
  loadForTurn,
  messagesAfter,
  setConversationLanguage,
  visitedModules,
} from './conversations.repository';
import { type TurnOutcome, type TurnRequest, runConversationTurn as turn } from './turn-runner';
import { baseLanguage } from './turn-translation';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const stripNul = (text: string) => text.replaceAll('\0', '');

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
  /** The visitor's country, as the chat route derived it (see visitor-country.ts). */
  country: string | null = null,
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
    language: request.language === undefined ? null : baseLanguage(request.language),
    country,
  });
  const outcome = await turn(ctx, conversationId, {
    input: { type: 'start', ...(debug?.startModuleId ? { moduleId: debug.startModuleId } : {}) },
    incoming: null,
    debug: debug !== undefined,
  });
  return { conversationId, token, outcome };
}

export async function startConversation(
  ctx: AppContext,
  request: StartConversationRequest,
  country: string | null = null,
) {
  const { conversationId, token, outcome } = await openConversation(ctx, request, undefined, country);
  return { conversationId, token, messages: outcome.messages };
}

function assertToken(tokenHash: string, token: string | undefined): void {
  const given = Buffer.from(hashToken(token ?? ''));
  if (!token || !timingSafeEqual(given, Buffer.from(tokenHash)))
    throw new UnauthorizedException('This conversation needs its token');
}

/** Only the visitor holding the conversation's token may use it; others find nothing. */
export async function assertVisitor(
  ctx: AppContext,
  conversationId: string,
  token: string | undefined,
): Promise<void> {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  const row = await findConversationAuth(ctx.database.db, conversationId);
  if (!row) throw new NotFoundException('Conversation not found');
  assertToken(row.token_hash, token);
}

/** A visitor's message as the engine's input, and as the transcript shows it. */
export function userTurn(body: SendMessageRequest): Pick<TurnRequest, 'input' | 'incoming'> {
  const input: TurnInput =
    'text' in body
      ? { type: 'text', text: stripNul(body.text) }
      : {
          type: 'postback',
          payload: stripNul(body.postback),
          label: body.label ? stripNul(body.label) : undefined,
        };
  const shown = 'text' in body ? stripNul(body.text) : stripNul(body.label ?? body.postback);
  return {
    input,
    incoming: {
      role: 'user',
      text: shown,
      ...(body.clientMessageId !== undefined ? { clientMessageId: body.clientMessageId } : {}),
    },
  };
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
 * The visitor picks a language in the widget: kept on the conversation, spoken from the next
 * message on (a turn worked out meanwhile in the former language is worked out again).
 */
export async function changeLanguage(
  ctx: AppContext,
  conversationId: string,
  token: string | undefined,
  language: string,
): Promise<{ language: string }> {
  await assertVisitor(ctx, conversationId, token);
  const chosen = baseLanguage(language);
  await setConversationLanguage(ctx.database.db, conversationId, chosen);
  ctx.conversations.cache.forget(conversationId);
  return { language: chosen };
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
