import type { AgentRun, agentsApi, playgroundRequestSchema } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, NotFoundException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import type { EventStream } from '../../realtime/event-stream';
import { recordUsage } from '../llm/llm-usage.repository';
import { consumeLimit } from '../rate-limits/rate-limit.service';
import { admitTurn } from './agent-admission';
import { runAdmittedTurn } from './agent-setup';
import { findAgent } from './agents.repository';
import { insertRun } from './runs.repository';

const FIFTEEN_MINUTES = 15 * 60_000;

type PlaygroundRequest = z.output<typeof playgroundRequestSchema>;

/**
 * What a playground turn checks before it starts (the agent, a model, the company's rate limit), so
 * that a turn that cannot start answers its error, streamed or not.
 */
async function startPlayground(
  ctx: AppContext,
  session: Session,
  agentId: string,
  request: PlaygroundRequest,
) {
  const { db } = ctx.database;
  const agent = await findAgent(db, session.companyId, agentId);
  if (!agent) throw new NotFoundException('Agent not found');
  const admission = await admitTurn(ctx, agent, agent.definition, request.variables);
  if (!admission.configured) {
    throw new AppError(
      'NotConfiguredException',
      'No language model is configured for this Parley server (set OPENAI_API_KEY)',
    );
  }
  await consumeLimit(db, `agent-runs:company:${session.companyId}`, {
    max: ctx.config.llm.completionsPerCompany,
    windowMs: FIFTEEN_MINUTES,
  });
  return { agent, admission };
}

/**
 * Runs one turn of an agent's current version: the agent is read, the connection given back, the
 * model and tools called (each piece of text passed to `onToken`), then the run and its tokens
 * stored.
 */
async function playgroundTurn(
  ctx: AppContext,
  session: Session,
  { agent, admission }: Awaited<ReturnType<typeof startPlayground>>,
  request: PlaygroundRequest,
  onToken?: (text: string) => void,
): Promise<AgentRun> {
  const { db } = ctx.database;
  const { result } = await runAdmittedTurn(
    ctx,
    admission,
    { companyId: session.companyId, botId: null },
    { messages: request.messages, variables: request.variables, ...(onToken ? { onToken } : {}) },
  );
  return db.transaction().execute(async (trx) => {
    if (result.promptTokens + result.completionTokens > 0) {
      await recordUsage(trx, {
        companyId: session.companyId,
        botId: null,
        purpose: 'agent',
        promptTokens: result.promptTokens,
        completionTokens: result.completionTokens,
      });
    }
    return insertRun(trx, {
      companyId: session.companyId,
      agentId: agent.id,
      version: agent.version,
      source: 'playground',
      conversationId: null,
      result,
      costMicros: admission.costMicros(result),
    });
  });
}

/** One playground turn answered whole, with its trace. */
export async function runPlayground(
  ctx: AppContext,
  session: Session,
  agentId: string,
  request: PlaygroundRequest,
): Promise<AgentRun> {
  const started = await startPlayground(ctx, session, agentId, request);
  return playgroundTurn(ctx, session, started, request);
}

/**
 * One playground turn as Server-Sent Events: `token` as the model writes, then `run` and the end.
 * A turn that cannot start answers its error before the stream opens; one that breaks midway
 * says so in an `error` event. A visitor who leaves does not stop the turn: its run is kept.
 */
export async function streamPlayground(
  ctx: AppContext,
  session: Session,
  agentId: string,
  request: PlaygroundRequest,
  open: (options: { onClose: () => void }) => EventStream<(typeof agentsApi.playgroundStream)['events']>,
): Promise<void> {
  const started = await startPlayground(ctx, session, agentId, request);
  let closed = false;
  const stream = open({
    onClose: () => {
      closed = true;
    },
  });
  try {
    const run = await playgroundTurn(ctx, session, started, request, (text) => {
      if (!closed && text) stream.send('token', { text });
    });
    if (!closed) stream.send('run', run);
  } catch (error) {
    if (!closed)
      stream.send('error', {
        name: error instanceof AppError ? error.name : 'InternalException',
        message: error instanceof AppError ? error.message : 'The turn could not finish',
      });
  } finally {
    if (!closed) stream.end();
  }
}
