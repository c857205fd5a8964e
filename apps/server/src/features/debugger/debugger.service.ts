import type {
  DebugConversation,
  DebugTurn,
  ModuleFailures,
  SendMessageRequest,
  StartDebugRequest,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import { NotFoundException, ValidationException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { getBot } from '../bots/bots.service';
import { recentTemplateFailures } from '../conversations';
import { openConversation, userTurn } from '../conversations/chat.service';
import { type TurnOutcome, runConversationTurn as turn } from '../conversations/turn-runner';
import { testDeployment, versionsOf } from '../publishing/publishing.service';

/**
 * The debugger's message in a test conversation of the company's bot (checked on the row the turn
 * reads: no extra query).
 */
function sendDebugMessage(
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

/** What the debugger shows of a turn: the steps, where the conversation is now, its variables. */
function debugTurnOf({ messages, trace, state }: TurnOutcome): DebugTurn {
  const last = trace.at(-1);
  return {
    messages,
    steps: trace,
    currentModuleId: state.waitingFor?.moduleId ?? last?.to ?? last?.from ?? null,
    status: state.status,
    variables: state.variables,
  };
}

/**
 * Starts a conversation with the bot's draft through its test deployment, at the start module or
 * at any module of the draft.
 */
export async function startDebugging(
  ctx: AppContext,
  session: Session,
  botId: string,
  { startModuleId }: StartDebugRequest,
): Promise<DebugConversation> {
  // Only a chosen module needs the draft read; the test deployment checks the bot is the company's.
  if (
    startModuleId &&
    !(await getBot(ctx, session, botId)).flow.modules.some((m) => m.id === startModuleId)
  ) {
    throw new ValidationException('There is no such module in the draft', { moduleId: startModuleId });
  }
  const deployment = await testDeployment(ctx, session, botId);
  const { conversationId, token, outcome } = await openConversation(
    ctx,
    { deploymentKey: deployment.key },
    startModuleId ? { startModuleId } : {},
  );
  return { conversationId, token, ...debugTurnOf(outcome) };
}

/** The person's message in a debugged conversation of this bot. */
export async function debugMessage(
  ctx: AppContext,
  session: Session,
  botId: string,
  conversationId: string,
  body: SendMessageRequest,
): Promise<DebugTurn> {
  return debugTurnOf(
    await sendDebugMessage(ctx, { companyId: session.companyId, botId }, conversationId, body),
  );
}

/** How far back the builder looks for modules that failed in conversations. */
const FAILURES_WINDOW_MS = 7 * 24 * 3600_000;

/**
 * The bot's modules whose templates failed in conversations since it was last published (a
 * publish may have mended them), within a week.
 */
export async function moduleFailures(
  ctx: AppContext,
  session: Session,
  botId: string,
  now = new Date(),
): Promise<ModuleFailures> {
  const [latest] = await versionsOf(ctx, session, botId);
  const weekAgo = now.getTime() - FAILURES_WINDOW_MS;
  const since = new Date(Math.max(weekAgo, latest ? Date.parse(latest.created_at) : weekAgo));
  const rows = await recentTemplateFailures(ctx.database.db, session.companyId, botId, since);
  return {
    since: since.toISOString(),
    modules: rows.map((row) => ({
      moduleId: row.module_id,
      conversations: Number(row.conversations),
      lastAt: new Date(row.last_at).toISOString(),
      message: row.message,
      line: row.line === null ? null : Number(row.line),
    })),
  };
}
