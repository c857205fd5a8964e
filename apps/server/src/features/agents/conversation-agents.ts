import type { AgentDelivery, EngineServices } from '@parley/engine';
import type { AgentCallResult } from '@parley/modules';
import type { AppContext } from '../../context';
import { recordUsage } from '../llm/llm-usage.repository';
import { admitTurn } from './agent-admission';
import type { runAgentTurn } from './agent-runner';
import { runAdmittedTurn } from './agent-setup';
import { findAgent, findVersion } from './agents.repository';
import { insertRun } from './runs.repository';

/** How much of a tool's result a conversation's event keeps (the run keeps it all). */
const EVENT_RESULT_CHARS = 2_000;

function clipped(value: unknown): unknown {
  const text = JSON.stringify(value ?? null);
  return text.length <= EVENT_RESULT_CHARS ? value : `${text.slice(0, EVENT_RESULT_CHARS)}…`;
}

/** A run's steps as the conversation's event keeps them (the debugger and the inbox show them). */
function eventSteps(result: Awaited<ReturnType<typeof runAgentTurn>>): AgentCallResult['steps'] {
  return result.steps.map((step) => {
    switch (step.kind) {
      case 'model':
        return {
          kind: 'model',
          name: step.model || undefined,
          durationMs: step.durationMs,
          promptTokens: step.promptTokens,
          completionTokens: step.completionTokens,
          ...(step.error ? { status: 'failed', error: `${step.error.name}: ${step.error.message}` } : {}),
        };
      case 'tool':
        return {
          kind: 'tool',
          name: step.name,
          status: step.status,
          arguments: clipped(step.arguments),
          result: clipped(step.result),
          durationMs: step.durationMs,
          ...(step.error ? { error: `${step.error.name}: ${step.error.message}` } : {}),
        };
      case 'answer':
        return { kind: 'answer', text: step.text };
      case 'exit':
        return { kind: 'exit', name: step.exit, text: step.reason };
      default:
        return { kind: 'limit', name: step.limit, text: step.message };
    }
  });
}

/**
 * The engine's agents port: one agent turn inside a conversation. It runs as an outside call of
 * the pending-turn mechanism, so no connection is held while it waits: it reads the agent's
 * version and tools (short queries), calls the model and tools, then keeps the run and its tokens.
 * A missing agent or version is a failed turn, said in the result (the module takes Failed).
 */
export function conversationAgents(context: () => AppContext): EngineServices['agents'] {
  return {
    async run(call: AgentDelivery): Promise<AgentCallResult> {
      const ctx = context();
      const { db } = ctx.database;
      const agent = await findAgent(db, call.companyId, call.agentId);
      const version = agent ? await findVersion(db, agent.id, call.version) : undefined;
      if (!agent || !version) {
        const failure = agent
          ? `Version ${call.version} of ${agent.name} does not exist`
          : 'The agent no longer exists';
        return {
          runId: null,
          agentName: agent?.name ?? '',
          outcome: 'failed',
          reply: '',
          failure,
          variables: call.variables,
          steps: [{ kind: 'exit', name: 'failed', text: failure }],
        };
      }
      const admission = await admitTurn(ctx, agent, version.definition, call.variables);
      const { definition, result } = await runAdmittedTurn(
        ctx,
        admission,
        { companyId: call.companyId, botId: call.botId },
        { messages: call.messages, variables: call.variables },
      );
      const run = await db.transaction().execute(async (trx) => {
        if (result.promptTokens + result.completionTokens > 0)
          await recordUsage(trx, {
            companyId: call.companyId,
            botId: call.botId,
            purpose: 'agent',
            promptTokens: result.promptTokens,
            completionTokens: result.completionTokens,
          });
        return insertRun(trx, {
          companyId: call.companyId,
          agentId: agent.id,
          version: call.version,
          source: 'conversation',
          conversationId: call.conversationId,
          result,
          costMicros: admission.costMicros(result),
        });
      });
      return {
        runId: run.id,
        agentName: definition.name,
        outcome: result.outcome,
        reply: result.reply,
        failure: result.failure,
        variables: result.variables,
        steps: eventSteps(result),
      };
    },
  };
}
