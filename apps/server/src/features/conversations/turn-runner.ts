import { setTimeout as sleep } from 'node:timers/promises';
import { type ChatMessage, messagePreview } from '@parley/contracts';
import {
  type ConversationState,
  conversationStateSchema,
  type EngineEvent,
  runTurn,
  type TraceEntry,
  type TurnInput,
  type TurnMeta,
} from '@parley/engine';
import type { Flow } from '@parley/flow';
import type { AppContext, PlannedTurn, StoredTurn } from '../../context';
import { ConflictException, NotFoundException } from '../../errors';
import { knowledgePort } from '../knowledge/knowledge-port';
import { storePort } from '../store/store-port';
import { takeTurnDeliveries } from '../webhooks/webhook-delivery';
import { insertTurnDeliveries, type TurnDelivery } from '../webhooks/webhooks.repository';
import {
  abandonedTurns,
  loadForTurn,
  messagesOfClientMessage,
  persistTurn,
  recordPendingCalls,
  type TurnRow,
  type TurnWrite,
  takeOverPendingTurn,
} from './conversations.repository';
import { FlowCache } from './flow-cache';
import {
  interruptedOutcome,
  type NextCall,
  newSeed,
  type PendingTurn,
  pendingTurnSchema,
  performCall,
  replayingServices,
} from './pending-turn';
import { labelPress } from './pressed-button';
import {
  agentReplyWay,
  messageTexts,
  type TranslationWay,
  translateMessage,
  translateTexts,
  translationFailedEvent,
  turnLanguages,
} from './turn-translation';

/** Expiry is measured from the latest activity, with a minute's grace (spec §4). */
export const EXPIRY_GAP_MS = 60_000;

/** What comes into a turn, from whom, and what must hold for it to run. */
export interface TurnRequest {
  input: TurnInput;
  /** The message that brought the turn (stored before the bot's answers). */
  incoming: { role: 'user' | 'agent'; text: string; clientMessageId?: string } | null;
  /** Checks the conversation as the turn finds it (the visitor's token, an agent's control, …). */
  admit?: (row: TurnRow) => void;
  /** Judge the conversation as stored, not as this process last left it (an expiry, a guard). */
  fresh?: boolean;
  /** Control passes to this agent, or back to the bot (null). */
  agentId?: string | null;
  /** The debugger drives the turn: its trace carries the variables after each step. */
  debug?: boolean;
  /** The language an agent's message is written in (their profile's; null or absent: the bot's). */
  agentLanguage?: string | null;
  /**
   * The incoming message is only kept for the transcript: the bot does not run (a message a
   * channel received late, after newer ones were answered). It is stored as written (a bare button
   * payload by its button's label).
   */
  keepOnly?: boolean;
}

/** What a stored turn did: the messages it stored, the steps it took, the state it left. */
export interface TurnOutcome {
  messages: ChatMessage[];
  trace: TraceEntry[];
  state: ConversationState;
  /** What the turn logged (empty for a retried message answered from its first turn). */
  events: EngineEvent[];
}

/** What a turn will write, worked out from the conversation as read. */
interface CompletePlan {
  write: TurnWrite;
  /** A delayed move to queue with the write (a delay module was reached). */
  delayedMove: { moduleId: string; dueAt: number } | null;
  trace: TraceEntry[];
  /** The flow the turn ran (what the outboxes read). */
  flow: Flow;
  nextCall: null;
}

/** A turn that needs an outside call whose outcome is not known yet: nothing of it is stored. */
interface WaitingPlan {
  nextCall: NextCall;
}

type TurnPlan = CompletePlan | WaitingPlan;

/** How many times a turn is worked out again after another process's turn landed first. */
const MAX_RACES = 20;
/** How often a turn waiting behind another process's pending turn looks again (grows to the max). */
const WAIT_FIRST_MS = 20;
const WAIT_MAX_MS = 250;

/** How often a streaming AI answer's text so far goes out to the conversation's streams. */
const DRAFT_INTERVAL_MS = 60;

/**
 * Streams an AI answer as it is written: the text so far, at most every DRAFT_INTERVAL_MS, counted
 * from its first token. An answer written faster than that sends no draft (its stored message
 * follows at once), so quick answers cost no notice to every process.
 */
function draftPublisher(ctx: AppContext, conversationId: string) {
  const texts = new Map<string, string>();
  let lastSent: number | undefined;
  return (token: string, moduleId: string) => {
    const text = (texts.get(moduleId) ?? '') + token;
    texts.set(moduleId, text);
    const now = Date.now();
    lastSent ??= now;
    if (now - lastSent < DRAFT_INTERVAL_MS) return;
    lastSent = now;
    ctx.conversations.bus.publishDraft({ conversationId, draft: { moduleId, text } });
  };
}

/**
 * Conversation states known to be valid, by the row they came with: parsed once when read (a turn
 * with a call is worked out twice on one row), or left by this process's own turn.
 */
const validStates = new WeakMap<TurnRow, ConversationState>();

function stateOf(row: TurnRow): ConversationState {
  let state = validStates.get(row);
  if (!state) {
    state = conversationStateSchema.parse(row.state) as ConversationState;
    validStates.set(row, state);
  }
  return state;
}

function turnMeta(ctx: AppContext, row: TurnRow, debug: boolean | undefined): TurnMeta {
  return {
    botId: row.bot_id,
    deploymentId: row.deployment_id,
    conversationId: row.id,
    companyId: row.company_id,
    channel: row.channel,
    ...(row.page_domain ? { pageDomain: row.page_domain } : {}),
    ...(row.url ? { url: row.url } : {}),
    ...(row.context && typeof row.context.sc === 'object'
      ? { sc: row.context.sc as Record<string, unknown> }
      : {}),
    channelsBaseUrl: ctx.config.publicUrl,
    onLlmToken: draftPublisher(ctx, row.id),
    traceVariables: debug === true,
  };
}

/** A message of the turn as stored: what the visitor reads, and the same in the other language. */
type StoredMessage = TurnWrite['messages'][number];

/**
 * Runs the engine on the conversation as read and works out the turn's write. Outside calls are
 * answered from `pending` (the calls made so far); the first one beyond them is not made but
 * returned as `nextCall`, and then nothing of the turn is to be stored. When the visitor speaks
 * another language the bot offers, their text is translated into the bot's before the engine reads
 * it, and the bot's words (and an agent's) into the visitor's after; a failed translation leaves
 * the text as written and says so in the conversation's log.
 */
async function planTurn(
  ctx: AppContext,
  row: TurnRow,
  request: Pick<TurnRequest, 'input' | 'incoming' | 'agentId' | 'debug' | 'agentLanguage'>,
  pending: { calls: PendingTurn['calls']; seed: number; owner: string | null },
): Promise<TurnPlan> {
  const { conversations, config } = ctx;
  const { agentId, debug } = request;
  const flow = await conversations.flows.get(
    ctx.database.db,
    { companyId: row.company_id, botId: row.bot_id },
    row.deployment_version,
    row.bot_updated_at,
  );
  const pressed = labelPress(flow, request.input, request.incoming);
  const { incoming } = pressed;
  const state = stateOf(row);
  const meta = turnMeta(ctx, row, debug);
  // A deployment of a published version answers from the published store; the draft's test chat from the draft's.
  const knowledge = knowledgePort(ctx, {
    companyId: row.company_id,
    botId: row.bot_id,
    published: row.deployment_version !== null,
  });
  const store = storePort(ctx, row.company_id);
  const replay = replayingServices(
    { ...conversations.engineServices, knowledge, store },
    pending.calls,
    pending.seed,
    // A store call may wait for the store's cost bucket once, then make its call.
    { llmMs: config.llm.timeoutMs, storeMs: config.shopify.timeoutMs * 2 + config.shopify.throttleMaxWaitMs },
  );
  const languages = turnLanguages(row, flow);
  // The bot's texts as its translations say them (a person's first), kept by flow and version.
  const phrasebook =
    languages &&
    (await ctx.translation.phrasebook({
      companyId: row.company_id,
      botId: row.bot_id,
      flowKey: FlowCache.keyOf(row.bot_id, row.deployment_version, row.bot_updated_at),
      flow,
      source: languages.bot,
      target: languages.visitor,
      version: row.translations_updated_at,
    }));
  const failures: EngineEvent[] = [];
  const translate = async (
    direction: 'visitor' | 'bot' | 'agent',
    way: TranslationWay | null,
    texts: string[],
    afterOutputs: number,
  ) => {
    if (!way) return null;
    const { source, target } = way;
    const outcome = await translateTexts(
      ctx.translation,
      replay,
      { companyId: row.company_id, botId: row.bot_id, source, target, timeoutMs: config.deepl.timeoutMs },
      texts,
      direction === 'bot' ? phrasebook : null,
    );
    if (outcome.status === 'failed')
      failures.push(translationFailedEvent(meta, direction, way, outcome.failure, afterOutputs));
    return outcome;
  };

  let input = pressed.input;
  const incomingMessages: StoredMessage[] = [];
  if (incoming) {
    // A visitor's words reach the bot in its language; an agent's reach the visitor in theirs.
    const direction = incoming.role === 'user' ? 'visitor' : 'agent';
    const way =
      direction === 'visitor'
        ? languages && { source: languages.visitor, target: languages.bot }
        : agentReplyWay(row, flow, request.agentLanguage ?? null);
    const outcome =
      input.type === 'text' || input.type === 'agent_message'
        ? await translate(direction, way, [incoming.text], 0)
        : null;
    if (outcome?.status === 'waiting') return { nextCall: outcome.call };
    const translated = outcome?.status === 'translated' ? outcome.translations[incoming.text] : undefined;
    if (translated !== undefined && way) {
      if (input.type === 'text') input = { ...input, text: translated };
      // The message is kept as the visitor reads it, with the same in the other language.
      const [shown, other, otherLanguage] =
        direction === 'visitor'
          ? [incoming.text, translated, way.target]
          : [translated, incoming.text, way.source];
      if (input.type === 'agent_message') input = { ...input, text: shown };
      incomingMessages.push({
        role: incoming.role,
        message: { type: 'text', text: shown },
        text: shown,
        translation: { language: otherLanguage, text: other },
      });
    } else {
      incomingMessages.push({
        role: incoming.role,
        message: { type: 'text', text: incoming.text },
        text: incoming.text,
      });
    }
  }

  const result = await runTurn(flow, state, input, replay.services, meta, conversations.nlu);
  const engineCall = replay.nextCall();
  if (engineCall) return { nextCall: engineCall };

  let outputs: StoredMessage[] = result.outputs.map((message) => ({
    role: 'bot',
    message,
    text: messagePreview(message),
  }));
  if (languages && outputs.length > 0) {
    const outcome = await translate(
      'bot',
      { source: languages.bot, target: languages.visitor },
      result.outputs.flatMap(messageTexts),
      result.outputs.length,
    );
    if (outcome?.status === 'waiting') return { nextCall: outcome.call };
    if (outcome?.status === 'translated') {
      outputs = result.outputs.map((original) => {
        const message = translateMessage(original, outcome.translations);
        return {
          role: 'bot',
          message,
          text: messagePreview(message),
          translation: { language: languages.bot, text: messagePreview(original) },
        };
      });
    }
  }
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
      conversationId: row.id,
      state: result.state,
      readTurns: state.turns,
      flow: { deploymentVersion: row.deployment_version, draftSavedAt: row.bot_updated_at },
      pendingOwner: pending.owner,
      status: result.state.status,
      expiresAt,
      expiredAt: result.state.expiredAt === null ? null : new Date(result.state.expiredAt),
      messages: [...incomingMessages, ...outputs],
      events: [
        // The incoming message's failure (a visitor's or an agent's) comes before the turn's events.
        ...failures.filter((event) => event.data.direction !== 'bot'),
        ...result.events,
        ...failures.filter((event) => event.data.direction === 'bot'),
      ],
      agentId,
      clientMessageId: incoming?.clientMessageId ?? null,
      language: row.language,
    },
    delayedMove: moveIsNew ? move : null,
    trace: result.trace,
    flow,
    nextCall: null,
  };
}

/** The write of a turn that only keeps its incoming message (see TurnRequest.keepOnly). */
async function planKeptMessage(
  ctx: AppContext,
  row: TurnRow,
  input: TurnInput,
  received: NonNullable<TurnRequest['incoming']>,
): Promise<CompletePlan> {
  const flow = await ctx.conversations.flows.get(
    ctx.database.db,
    { companyId: row.company_id, botId: row.bot_id },
    row.deployment_version,
    row.bot_updated_at,
  );
  const { incoming } = labelPress(flow, input, received);
  const state = stateOf(row);
  return {
    write: {
      conversationId: row.id,
      // A turn of its own (so it is ordered with the others), which changes nothing else.
      state: { ...state, turns: state.turns + 1 },
      readTurns: state.turns,
      flow: { deploymentVersion: row.deployment_version, draftSavedAt: row.bot_updated_at },
      pendingOwner: null,
      status: state.status,
      expiresAt: row.expires_at,
      expiredAt: state.expiredAt === null ? null : new Date(state.expiredAt),
      messages: [
        { role: incoming.role, message: { type: 'text', text: incoming.text }, text: incoming.text },
      ],
      events: [],
      clientMessageId: incoming.clientMessageId ?? null,
      language: row.language,
    },
    delayedMove: null,
    trace: [],
    flow,
    nextCall: null,
  };
}

/**
 * Stores a planned turn if the conversation is still as it was read (null otherwise). A delayed
 * move, and what a channel's outbox queues for the turn (see `conversations.turnOutbox`), are
 * queued in the same transaction, so they exist exactly when the turn does.
 */
async function storeTurn(
  ctx: AppContext,
  plan: CompletePlan,
  row: TurnRow,
  request: StoredTurn['request'],
): Promise<ChatMessage[] | null> {
  const { delayedMove, write } = plan;
  const outbox = ctx.conversations.turnOutbox;
  const planned: PlannedTurn = {
    conversation: row,
    request,
    outcome: {
      messages: write.messages,
      events: write.events,
      variables: write.state.variables,
      status: write.state.status,
    },
    flow: plan.flow,
  };
  const queued = outbox?.wants(planned) === true;
  if (!delayedMove && !queued) return ctx.conversations.writes.store(write);
  return ctx.database.db.transaction().execute(async (trx) => {
    const stored = await persistTurn(trx, write);
    if (stored && delayedMove) {
      await ctx.jobs.send(
        trx,
        'delayed-move',
        { conversationId: write.conversationId, moduleId: delayedMove.moduleId, requested: false },
        { startAfter: new Date(delayedMove.dueAt) },
      );
    }
    if (stored && queued) await outbox?.queue(trx, planned);
    return stored;
  });
}

async function readTurnRow(
  ctx: AppContext,
  conversationId: string,
  clientMessageId?: string,
): Promise<TurnRow> {
  const row = await loadForTurn(ctx.database.db, conversationId, clientMessageId);
  if (!row) throw new NotFoundException('Conversation not found');
  return row;
}

/**
 * Writes one key of the context this process's cached row of a conversation holds, as it was
 * just written to the database (a channel's context, such as the messaging suite's `sc`), so the
 * next turn needs no read; false when the conversation is not cached (the turn then reads it).
 */
export function rememberContext(
  ctx: AppContext,
  conversationId: string,
  key: string,
  value: unknown,
): boolean {
  const cached = ctx.conversations.cache.get(conversationId);
  if (!cached) return false;
  const patched: TurnRow = { ...cached, context: { ...cached.context, [key]: value } };
  const state = validStates.get(cached);
  if (state) validStates.set(patched, state);
  ctx.conversations.cache.remember(patched);
  return true;
}

/** The conversation as a stored turn left it (for the next turn, which then needs no read). */
function afterTurn(row: TurnRow, { write }: CompletePlan): TurnRow {
  const after: TurnRow = {
    ...row,
    state: write.state as TurnRow['state'],
    status: write.status,
    expires_at: write.expiresAt,
    agent_id: write.status !== 'human' ? null : write.agentId === undefined ? row.agent_id : write.agentId,
    pending_owner: null,
    pending_expired: false,
    answered: false,
  };
  validStates.set(after, write.state);
  return after;
}

const outcomeOf = (messages: ChatMessage[], { trace, write }: CompletePlan): TurnOutcome => ({
  messages,
  trace,
  state: write.state,
  events: write.events,
});

/** How long a claimed turn may take for a call before another process may finish it. */
const leaseFor = (ctx: AppContext, call: NextCall) => call.timeoutMs + ctx.config.turns.leaseGraceMs;

/** A stored turn is news to the inbox and to the conversation's streams (a control change too). */
function publish(ctx: AppContext, row: TurnRow, messages: ChatMessage[]): void {
  ctx.conversations.bus.publishStored({
    conversationId: row.id,
    companyId: row.company_id,
    botId: row.bot_id,
    seq: messages.at(-1)?.seq ?? 0,
  });
}

/**
 * Runs one turn of a conversation, in order with every other turn of it, and stores it whole.
 *
 * The turn is worked out from the conversation as this process last left it (or as read) and
 * stored by one write that lands only if no other turn came in between (the state's turn counter),
 * none is pending and the flow is still the deployment's. A turn that needs an outside call (a
 * model, a webhook, a translation) first claims the conversation with a record of what it is about
 * to do, then makes each call holding no connection and no lock, and stores the turn when its
 * calls are answered (see finishClaimedTurn). Turns of the conversation in this process wait for
 * each other; in other processes they wait for the claim to end.
 */
export async function runConversationTurn(
  ctx: AppContext,
  conversationId: string,
  request: TurnRequest,
): Promise<TurnOutcome> {
  const { conversations } = ctx;
  const clientMessageId = request.incoming?.clientMessageId;
  const { outcome, row, replayed } = await conversations.locks.run(conversationId, async () => {
    let row = request.fresh ? undefined : conversations.cache.get(conversationId);
    for (let races = 0, waited = 0; ; ) {
      row ??= await readTurnRow(ctx, conversationId, clientMessageId);
      request.admit?.(row);
      if (row.answered && clientMessageId !== undefined) {
        // A retry of a message whose turn is stored (by whichever process): its first answer.
        const messages = await messagesOfClientMessage(ctx.database.db, conversationId, clientMessageId);
        return { outcome: { messages, trace: [], state: stateOf(row), events: [] }, row, replayed: true };
      }
      if (row.pending_owner !== null) {
        // Another process's turn of this conversation waits on a call: this one comes after it.
        if (row.pending_expired) await finishAbandonedTurn(ctx, row);
        else await sleep(Math.min(WAIT_MAX_MS, WAIT_FIRST_MS * 2 ** waited++));
        row = undefined;
        continue;
      }
      const seed = newSeed();
      const plan =
        request.keepOnly && request.incoming
          ? await planKeptMessage(ctx, row, request.input, request.incoming)
          : await planTurn(ctx, row, request, { calls: [], seed, owner: null });
      if (plan.nextCall === null) {
        const stored = await storeTurn(ctx, plan, row, request);
        if (stored) {
          const after = afterTurn(row, plan);
          conversations.cache.remember(after);
          return { outcome: outcomeOf(stored, plan), row: after, replayed: false };
        }
      } else {
        const call = plan.nextCall;
        const pending: PendingTurn = {
          input: request.input,
          incoming: request.incoming,
          ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
          ...(request.debug ? { debug: true } : {}),
          ...(request.agentLanguage ? { agentLanguage: request.agentLanguage } : {}),
          seed,
          calls: [{ kind: call.kind, target: call.target }],
        };
        // What the call needs that has no side effect (an installed webhook's instance) is read
        // while the claim is written.
        call.warm?.();
        const claimed = await ctx.conversations.writes.claim({
          conversationId,
          readTurns: stateOf(row).turns,
          owner: conversations.instanceId,
          leaseMs: leaseFor(ctx, call),
          pending,
        });
        if (claimed) {
          conversations.cache.forget(conversationId);
          return { ...(await finishClaimedTurn(ctx, row, pending, call)), replayed: false };
        }
      }
      // Another process stored or claimed a turn since this one read the conversation (or
      // stored this very message: the read then says it is answered).
      conversations.cache.forget(conversationId);
      row = undefined;
      if (++races >= MAX_RACES)
        throw new ConflictException('This conversation is busy; send the message again');
    }
  });
  if (!replayed) {
    publish(ctx, row, outcome.messages);
    conversations.afterTurn?.({ conversation: row, request, outcome });
  }
  return outcome;
}

/**
 * Carries a claimed turn to its write: makes the call the turn waits on (nothing held), works the
 * turn out again with its outcome, records it and makes the next call if the turn needs another,
 * and stores the turn (ending the claim) when it needs none.
 */
async function finishClaimedTurn(
  ctx: AppContext,
  claimedRow: TurnRow,
  pending: PendingTurn,
  firstCall: NextCall | null,
): Promise<{ outcome: TurnOutcome; row: TurnRow }> {
  const { conversations } = ctx;
  const owner = conversations.instanceId;
  let row = claimedRow;
  let call = firstCall;
  // Webhook deliveries made and not logged yet: the turn's write logs them in its own commit.
  let deliveries: TurnDelivery[] = [];
  try {
    for (;;) {
      if (call) {
        const made = pending.calls[call.index];
        if (made) {
          made.outcome = await performCall(call);
          if (made.outcome.ok) deliveries.push(...takeTurnDeliveries(made.outcome.value));
        }
      }
      const plan = await planTurn(ctx, row, pending, { calls: pending.calls, seed: pending.seed, owner });
      if (plan.nextCall !== null) {
        await insertTurnDeliveries(ctx.database.db, deliveries);
        deliveries = [];
        call = plan.nextCall;
        pending.calls.push({ kind: call.kind, target: call.target });
        const conversationId = row.id;
        const leaseMs = leaseFor(ctx, call);
        call.warm?.();
        if (!(await recordPendingCalls(ctx.database.db, { conversationId, owner, leaseMs, pending })))
          throw takenOver();
        continue;
      }
      call = null;
      plan.write.deliveries = deliveries;
      const stored = await storeTurn(ctx, plan, row, pending);
      // Logged by the write, whether or not the turn landed.
      deliveries = [];
      if (stored) {
        const after = afterTurn(row, plan);
        conversations.cache.remember(after);
        return { outcome: outcomeOf(stored, plan), row: after };
      }
      // Not stored: the deployment serves another flow now (work the turn out on it, with the
      // outcomes known), or this claim was taken over after its lease ran out.
      row = await readTurnRow(ctx, row.id);
      if (row.pending_owner !== owner) throw takenOver();
    }
  } finally {
    // The turn stopped before its write: the calls it made are logged all the same (and if that
    // fails too, the turn's own error is the one to tell).
    if (deliveries.length > 0) await insertTurnDeliveries(ctx.database.db, deliveries).catch(() => {});
  }
}

const takenOver = () =>
  new ConflictException(
    'This message took longer than its time allowed, and another server answered it: the answer is in the conversation',
  );

/**
 * Finishes the turn a stopped process left pending: with the outcomes it recorded, and calls
 * whose outcome it did not record as failed (never made again), so no side effect happens twice.
 */
async function finishAbandonedTurn(ctx: AppContext, stale: TurnRow): Promise<void> {
  if (stale.pending_owner === null) return;
  const record = await takeOverPendingTurn(ctx.database.db, {
    conversationId: stale.id,
    staleOwner: stale.pending_owner,
    owner: ctx.conversations.instanceId,
    leaseMs: ctx.config.turns.leaseGraceMs,
  });
  if (!record) return;
  const pending = pendingTurnSchema.parse(record);
  for (const call of pending.calls) call.outcome ??= interruptedOutcome();
  const row = await readTurnRow(ctx, stale.id);
  const { outcome, row: after } = await finishClaimedTurn(ctx, row, pending, null);
  publish(ctx, after, outcome.messages);
  ctx.conversations.afterTurn?.({ conversation: after, request: pending, outcome });
}

/** Finishes every turn whose process stopped while it waited on a call (run once a minute). */
export async function finishAbandonedTurns(ctx: AppContext, limit = 100): Promise<number> {
  const ids = await abandonedTurns(ctx.database.db, limit);
  for (const conversationId of ids) {
    await ctx.conversations.locks.run(conversationId, async () => {
      const row = await loadForTurn(ctx.database.db, conversationId);
      if (row?.pending_expired) await finishAbandonedTurn(ctx, row);
    });
  }
  return ids.length;
}
