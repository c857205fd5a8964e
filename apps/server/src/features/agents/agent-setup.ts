import type { AgentDefinition } from '@parley/contracts';
import type { AppContext } from '../../context';
import type { AgentToolRunner } from './agent-runner';
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
