import type { AppContext } from '../../context';
import type { AgentToolRunner, ToolOutcome } from './agent-runner';
import * as repo from './agent-tools.repository';
import { headerValues, mcpModelName } from './agent-tools.service';
import { callHttpTool, type ToolCallReport } from './http-tool-call';
import { callMcpTool } from './mcp-tool-call';
import { argumentsCheck, asArguments } from './tool-arguments';

const outcomeOf = (report: ToolCallReport): ToolOutcome =>
  report.ok
    ? { ok: true, result: report.result }
    : {
        ok: false,
        error: report.error ?? { name: 'ToolFailed', message: 'The tool failed' },
        result: report.result ?? undefined,
      };

/**
 * The company's tools an agent was given, as runners: an HTTP tool is one, an MCP server gives one
 * per chosen tool. Reads the tools (a short query) and opens their secrets; the calls themselves
 * happen later, with no connection held.
 */
export async function companyToolRunners(
  ctx: AppContext,
  companyId: string,
  toolIds: readonly string[],
): Promise<AgentToolRunner[]> {
  const rows = await repo.findToolsByIds(ctx.database.db, companyId, toolIds);
  return rows.flatMap((row): AgentToolRunner[] => {
    const tool = repo.toStoredTool(row);
    const values = headerValues(ctx, tool);
    const { definition } = tool;
    if (definition.kind === 'http') {
      return [
        {
          tool: { name: tool.name, description: tool.description, parameters: definition.parameters },
          parameters: argumentsCheck(definition.parameters),
          run: async (args) =>
            outcomeOf(await callHttpTool(definition, asArguments(args), values, ctx.outgoing)),
        },
      ];
    }
    return definition.tools.map((chosen) => ({
      tool: {
        name: mcpModelName(tool.name, chosen.name),
        description: chosen.description || tool.description,
        parameters: chosen.inputSchema,
      },
      parameters: argumentsCheck(chosen.inputSchema),
      run: async (args) =>
        outcomeOf(await callMcpTool(definition, chosen.name, asArguments(args), values, ctx.outgoing)),
    }));
  });
}
