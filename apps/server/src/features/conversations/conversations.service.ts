import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type BotMessage,
  type ChatMessage,
  type SendMessageRequest,
  type StartConversationRequest,
  type WebchatConfig,
  webchatStyleSchema,
} from '@parley/contracts';
import {
  type ConversationState,
  conversationStateSchema,
  type EngineServices,
  newConversationState,
  runTurn,
  type TraceEntry,
  type TurnInput,
  type TurnMeta,
} from '@parley/engine';
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
  persistTurn,
  type TurnRow,
  type TurnWrite,
  visitedModules,
} from './conversations.repository';
import { withoutOutsideCalls } from './engine-services';
import { FlowCache } from './flow-cache';

/** Expiry is measured from the latest activity, with a minute's grace (spec §4). */
export const EXPIRY_GAP_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const stripNul = (text: string) => text.replaceAll('\0', '');

function textOf(message: BotMessage): string {
  switch (message.type) {
    case 'text':
      return message.text;
    case 'buttons':
      return message.text;
    case 'card':
      return message.card.title;
    case 'carousel':
      return message.cards.map((card) => card.title).join(' | ');
  }
}

/** How often a streaming AI answer's text so far goes out to the conversation's streams. */
const DRAFT_INTERVAL_MS = 60;

/** Streams an AI answer as it is written: the text so far, at most every DRAFT_INTERVAL_MS. */
function draftPublisher(ctx: AppContext, conversationId: string) {
  const texts = new Map<string, string>();
  let lastSent = 0;
  return (token: string, moduleId: string) => {
    const text = (texts.get(moduleId) ?? '') + token;
    texts.set(moduleId, text);
    const now = Date.now();
    if (now - lastSent < DRAFT_INTERVAL_MS) return;
    lastSent = now;
    ctx.conversations.bus.publishDraft({ conversationId, draft: { moduleId, text } });
  };
}

/** What comes into a turn, from whom, and what must hold for it to run. */
interface TurnRequest {
  input: TurnInput;
  /** The message that brought the turn (stored before the bot's answers). */
  incoming: { role: 'user' | 'agent'; text: string } | null;
  /** Only the holder of the conversation's token (a visitor) may send. */
  visitor?: { token: string | undefined };
  /** Control passes to this agent, or back to the bot (null). */
  agentId?: string | null;
  /** Checked on the conversation as the turn finds it (e.g. an agent must have control). */
  guard?: (row: TurnRow) => void;
  /** The debugger drives the turn: its trace carries the variables after each step. */
  debug?: boolean;
}

/** What a turn will write, worked out from the conversation as read. */
interface TurnPlan {
  write: TurnWrite;
  /** A delayed move to queue with the write (a delay module was reached). */
  delayedMove: { moduleId: string; dueAt: number } | null;
  trace: TraceEntry[];
}

/** What a stored turn did: the messages it stored, the steps it took, the state it left. */
export interface TurnOutcome {
  messages: ChatMessage[];
  trace: TraceEntry[];
  state: ConversationState;
}

/**
 * Runs the engine on the conversation as read and works out the turn's write. `locked`: the row
 * is held, so the write need not check that the turn and flow are still current.
 */
async function planTurn(
  ctx: AppContext,
  db: Queryable,
  row: TurnRow,
  locked: boolean,
  { input, incoming, agentId, debug }: TurnRequest,
  services: EngineServices,
): Promise<TurnPlan> {
  const { conversations } = ctx;
  const conversationId = row.id;
  const flow = await conversations.flows.get(
    db,
    { companyId: row.company_id, botId: row.bot_id },
    row.deployment_version,
    row.bot_updated_at,
  );
  const state = conversationStateSchema.parse(row.state) as ConversationState;
  const meta: TurnMeta = {
    botId: row.bot_id,
    deploymentId: row.deployment_id,
    conversationId,
    companyId: row.company_id,
    channel: row.channel,
    ...(row.page_domain ? { pageDomain: row.page_domain } : {}),
    ...(row.url ? { url: row.url } : {}),
    ...(row.context && typeof row.context.sc === 'object'
      ? { sc: row.context.sc as Record<string, unknown> }
      : {}),
    channelsBaseUrl: ctx.config.publicUrl,
    flowVersionKey: FlowCache.keyOf(row.bot_id, row.deployment_version, row.bot_updated_at),
    onLlmToken: draftPublisher(ctx, conversationId),
    traceVariables: debug === true,
  };
  const result = await runTurn(flow, state, input, services, meta, conversations.nlu);
  const messages = [
    ...(incoming
      ? [
          {
            role: incoming.role,
            message: { type: 'text' as const, text: incoming.text },
            text: incoming.text,
          },
        ]
      : []),
    ...result.outputs.map((message) => ({ role: 'bot' as const, message, text: textOf(message) })),
  ];
  // Expiry is reckoned from now, with the gap; an expiring turn keeps the time it expired at.
  const expiresAt =
    input.type === 'expire'
      ? row.expires_at
      : result.state.status === 'ended'
        ? null
        : new Date(Date.now() + flow.settings.expiryMinutes * 60_000 + EXPIRY_GAP_MS);
  const move = result.state.delayedMove;
  const moveIsNew =
    move !== null &&
    (move.moduleId !== state.delayedMove?.moduleId || move.dueAt !== state.delayedMove?.dueAt);
  return {
    write: {
      conversationId,
      state: result.state,
      readTurns: state.turns,
      flow: locked ? null : { deploymentVersion: row.deployment_version, draftSavedAt: row.bot_updated_at },
      status: result.state.status,
      expiresAt,
      expiredAt: result.state.expiredAt === null ? null : new Date(result.state.expiredAt),
      messages,
      events: result.events,
      agentId,
    },
    delayedMove: moveIsNew ? move : null,
    trace: result.trace,
  };
}

/**
 * Stores a planned turn if the conversation is still as it was read (null otherwise). A delayed
 * move is queued in the same transaction, so it exists only if the turn does.
 */
async function storeTurn(ctx: AppContext, db: Queryable, plan: TurnPlan): Promise<ChatMessage[] | null> {
  const stored = await persistTurn(db, plan.write);
  if (stored && plan.delayedMove) {
    await ctx.jobs.send(
      db,
      'delayed-move',
      { conversationId: plan.write.conversationId, moduleId: plan.delayedMove.moduleId, requested: false },
      { startAfter: new Date(plan.delayedMove.dueAt) },
    );
  }
  return stored;
}

async function loadTurnRow(
  db: Queryable,
  conversationId: string,
  lock: boolean,
  request: TurnRequest,
): Promise<TurnRow> {
  const row = await loadForTurn(db, conversationId, lock);
  if (!row) throw new NotFoundException('Conversation not found');
  return admit(row, request);
}

function admit(row: TurnRow, request: TurnRequest): TurnRow {
  if (request.visitor) assertToken(row.token_hash, request.visitor.token);
  request.guard?.(row);
  return row;
}

/** The conversation as a stored turn left it (for the next turn, which then needs no read). */
const afterTurn = (row: TurnRow, { write }: TurnPlan): TurnRow => ({
  ...row,
  state: write.state as TurnRow['state'],
  status: write.status,
  expires_at: write.expiresAt,
  agent_id: write.status !== 'human' ? null : write.agentId === undefined ? row.agent_id : write.agentId,
});

/**
 * Runs one turn of a conversation, serialized with every other turn of it, and stores it whole.
 *
 * Most turns call nothing outside Parley, so they are first tried without a lock: the conversation
 * as this process last left it (or one read), the engine with its outside calls refused, and one
 * write that lands only if no other turn came in between (the state's turn counter) and the flow
 * is still the deployment's. A turn that needs an outside call (webhook, AI, translation) or lost
 * that race runs again under a row lock in a transaction, where its calls are made, once.
 */
async function turn(ctx: AppContext, conversationId: string, request: TurnRequest): Promise<TurnOutcome> {
  const { database, conversations } = ctx;
  const run = async (): Promise<{ outcome: TurnOutcome; row: TurnRow }> => {
    // An expiry keeps the stored expiry time, and a guard judges the conversation as it is: both
    // read it fresh.
    const fresh = request.input.type === 'expire' || request.guard !== undefined;
    const cached = fresh ? undefined : conversations.cache.get(conversationId);
    const row = cached
      ? admit(cached, request)
      : await loadTurnRow(database.db, conversationId, false, request);
    const unlocked = withoutOutsideCalls(conversations.engineServices);
    const plan = await planTurn(ctx, database.db, row, false, request, unlocked.services);
    if (!unlocked.calledOutside()) {
      const stored = plan.delayedMove
        ? await database.db.transaction().execute((trx) => storeTurn(ctx, trx, plan))
        : await storeTurn(ctx, database.db, plan);
      if (stored) {
        const after = afterTurn(row, plan);
        conversations.cache.remember(after);
        return { outcome: outcomeOf(stored, plan), row: after };
      }
    }
    conversations.cache.forget(conversationId);
    const locked = await database.db.transaction().execute(async (trx) => {
      const lockedRow = await loadTurnRow(trx, conversationId, database.engine === 'postgres', request);
      const lockedPlan = await planTurn(ctx, trx, lockedRow, true, request, conversations.engineServices);
      const messages = await storeTurn(ctx, trx, lockedPlan);
      if (!messages) throw new Error(`Turn of conversation ${conversationId} changed under its lock`);
      return { outcome: outcomeOf(messages, lockedPlan), row: afterTurn(lockedRow, lockedPlan) };
    });
    conversations.cache.remember(locked.row);
    return locked;
  };
  // Turns of a conversation in this process wait for each other (so they never race each other
  // into the locked path); across processes, the checked write and the row lock order them.
  const { outcome, row } = await conversations.locks.run(conversationId, run);
  const { messages } = outcome;
  // Every stored turn is news to the inbox (a control change has no message); streams of the
  // conversation fetch what is new after the last message they sent.
  conversations.bus.publishStored({
    conversationId,
    companyId: row.company_id,
    botId: row.bot_id,
    seq: messages.at(-1)?.seq ?? 0,
  });
  return outcome;
}

const outcomeOf = (messages: ChatMessage[], { trace, write }: TurnPlan): TurnOutcome => ({
  messages,
  trace,
  state: write.state,
});

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
  const { messages } = await turn(ctx, conversationId, { ...userTurn(body), visitor: { token } });
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
    guard: (row) => {
      if (row.company_id !== bot.companyId || row.bot_id !== bot.botId || row.channel !== 'tester')
        throw new NotFoundException('Conversation not found');
    },
  });
}

/** Expires every conversation whose time is up, each once (the turn checks, under its lock). */
export async function expireDueConversations(ctx: AppContext, limit = 500): Promise<number> {
  const due = await dueForExpiry(ctx.database.db, limit);
  for (const conversationId of due) {
    await turn(ctx, conversationId, { input: { type: 'expire' }, incoming: null });
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
    guard: (row) => {
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
    guard: (row) => {
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
  const row = await loadForTurn(db, conversationId, false);
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
