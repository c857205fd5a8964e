import type { AgentDefinition } from '@parley/contracts';
import type { AppContext } from '../../context';
import type { TurnAdmission } from './agent-admission';
import {
  type AgentToolRunner,
  type AgentTurnInput,
  type AgentTurnResult,
  failedTurn,
  runAgentTurn,
} from './agent-runner';
import { builtInTools } from './built-in-tools';
import { companyToolRunners } from './company-tools';
import { knowledgeTool } from './knowledge-tool';
import { resolveInstructions } from './prompts.service';

/**
 * An agent as a turn runs it: its instructions (from the prompt library when it uses a prompt) and
 * its tools (built-in, knowledge, the company's). A prompt deleted since is a reason to fail by.
 */
export async function prepareAgent(
  ctx: AppContext,
  scope: { companyId: string; botId: string | null },
  stored: AgentDefinition,
): Promise<
  { ok: true; definition: AgentDefinition; tools: AgentToolRunner[] } | { ok: false; reason: string }
> {
  const { db } = ctx.database;
  const resolved = await resolveInstructions(db, scope.companyId, stored);
  if (!resolved.ok) return resolved;
  const { definition } = resolved;
  const tools: AgentToolRunner[] = [
    ...definition.builtInTools.map((name) =>
      name === 'search_knowledge'
        ? knowledgeTool(db, {
            companyId: scope.companyId,
            sourceIds: definition.knowledgeSourceIds,
            botId: scope.botId,
          })
        : builtInTools[name],
    ),
    ...(await companyToolRunners(ctx, scope.companyId, definition.toolIds)),
  ];
  return { ok: true, definition, tools };
}

/**
 * One turn of an admitted agent: refused at once (switched off, over its spending limit), or
 * prepared (prompt, tools) and run on the model its admission chose.
 */
export async function runAdmittedTurn(
  ctx: AppContext,
  admission: TurnAdmission,
  scope: { companyId: string; botId: string | null },
  input: Pick<AgentTurnInput, 'messages' | 'variables' | 'onToken'>,
): Promise<{ definition: AgentDefinition; result: AgentTurnResult }> {
  if (admission.refused) return { definition: admission.definition, result: admission.refused };
  const prepared = await prepareAgent(ctx, scope, admission.definition);
  if (!prepared.ok)
    return { definition: admission.definition, result: failedTurn(prepared.reason, input.variables) };
  const result = await runAgentTurn(
    { ...input, definition: prepared.definition, tools: prepared.tools },
    admission.llm,
  );
  return { definition: prepared.definition, result };
}
