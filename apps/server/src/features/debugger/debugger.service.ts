import type { DebugConversation, DebugTurn, SendMessageRequest, StartDebugRequest } from '@parley/contracts';
import type { AppContext } from '../../context';
import { ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { getBot } from '../bots/bots.service';
import { openConversation, sendDebugMessage, type TurnOutcome } from '../conversations/conversations.service';
import { testDeployment } from '../publishing/publishing.service';

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
  const { db } = ctx.database;
  // Only a chosen module needs the draft read; the test deployment checks the bot is the company's.
  if (startModuleId && !(await getBot(db, session, botId)).flow.modules.some((m) => m.id === startModuleId)) {
    throw new ValidationException('There is no such module in the draft', { moduleId: startModuleId });
  }
  const deployment = await testDeployment(db, session, botId);
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
