import { randomUUID } from 'node:crypto';
import type {
  McpTool,
  saveToolRequestSchema,
  Tool,
  ToolArgumentsRefusal,
  ToolDefinition,
  ToolSummary,
  ToolTestResult,
  testToolRequestSchema,
} from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SealedField } from '../../db/tables/webhook.table';
import { AppError, ConflictException, NotFoundException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { secretHint } from '../../sealed-secrets';
import { consumeLimit } from '../rate-limits/rate-limit.service';
import * as repo from './agent-tools.repository';
import { callHttpTool, type HeaderValues } from './http-tool-call';
import { callMcpTool, listMcpTools } from './mcp-tool-call';
import { argumentsCheck, asArguments, checkArguments, issuesText } from './tool-arguments';

type SaveToolRequest = z.output<typeof saveToolRequestSchema>;
const FIFTEEN_MINUTES = 15 * 60_000;

const secretBinding = (toolId: string, header: string) => `agent-tool-header:${toolId}:${header}`;

/** The names a model sees for a tool: its own, or `<server>_<tool>` for each chosen MCP tool. */
export function modelToolNames(name: string, definition: ToolDefinition): string[] {
  if (definition.kind === 'http') return [name];
  return definition.tools.map((tool) => mcpModelName(name, tool.name));
}

export const mcpModelName = (server: string, tool: string) =>
  `${server}_${tool.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);

function toSummary(row: repo.StoredTool & { updatedAt: Date }): ToolSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.definition.kind,
    url: row.definition.url,
    modelTools: modelToolNames(row.name, row.definition),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A tool as screens get it: secret header values left empty, their hints beside them. */
function toView(row: repo.StoredTool & { updatedAt: Date }): Tool {
  const headers = row.definition.headers.map((header) => {
    const key = header.name.toLowerCase();
    return {
      name: header.name,
      value: header.secret ? '' : header.value,
      secret: header.secret,
      hint: header.secret ? (row.secrets[key]?.hint ?? null) : null,
    };
  });
  return { ...toSummary(row), definition: { ...row.definition, headers } } as Tool;
}

/**
 * The definition to store and its sealed secrets: a secret header's value is sealed and blanked;
 * one saved empty keeps what was stored under its name (a header that must have a value and has
 * none is refused).
 */
function sealHeaders(
  ctx: AppContext,
  toolId: string,
  definition: ToolDefinition,
  before: Record<string, SealedField>,
): { definition: ToolDefinition; secrets: Record<string, SealedField> } {
  const secrets: Record<string, SealedField> = {};
  const seen = new Set<string>();
  const headers = definition.headers.map((header) => {
    const key = header.name.toLowerCase();
    if (seen.has(key)) throw new ValidationException(`The header ${header.name} is given twice`);
    seen.add(key);
    if (!header.secret) return header;
    if (header.value) {
      secrets[key] = {
        sealed: ctx.secrets.seal(header.value, secretBinding(toolId, key)),
        hint: secretHint(header.value),
      };
    } else if (before[key]) secrets[key] = before[key];
    else throw new ValidationException(`The secret header ${header.name} needs a value`);
    return { ...header, value: '' };
  });
  return { definition: { ...definition, headers }, secrets };
}

/** Opens a tool's secrets for a call (with the hints a report shows instead). */
export function headerValues(ctx: AppContext, tool: repo.StoredTool): HeaderValues {
  const secrets: Record<string, string> = {};
  const hints: Record<string, string> = {};
  for (const [key, field] of Object.entries(tool.secrets)) {
    secrets[key] = ctx.secrets.open(field.sealed, secretBinding(tool.id, key));
    hints[key] = field.hint;
  }
  return { secrets, hints };
}

export async function listTools(ctx: AppContext, companyId: string): Promise<{ tools: ToolSummary[] }> {
  const rows = await repo.listTools(ctx.database.db, companyId);
  return { tools: rows.map((row) => toSummary(repo.toStoredTool(row))) };
}

async function loadTool(ctx: AppContext, companyId: string, id: string) {
  const row = await repo.findTool(ctx.database.db, companyId, id);
  if (!row) throw new NotFoundException('Tool not found');
  return repo.toStoredTool(row);
}

export async function getTool(ctx: AppContext, companyId: string, id: string): Promise<Tool> {
  return toView(await loadTool(ctx, companyId, id));
}

const nameTaken = (name: string) => new ConflictException(`There is already a tool named ${name}`);

export async function createTool(ctx: AppContext, session: Session, request: SaveToolRequest): Promise<Tool> {
  const id = randomUUID();
  const sealed = sealHeaders(ctx, id, request.definition, {});
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    if (await repo.findToolByName(trx, session.companyId, request.name)) throw nameTaken(request.name);
    return repo.insertTool(trx, session.companyId, { id, ...request, ...sealed });
  });
  return toView(repo.toStoredTool(row));
}

export async function saveTool(
  ctx: AppContext,
  session: Session,
  id: string,
  request: SaveToolRequest,
): Promise<Tool> {
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const current = await repo.findTool(trx, session.companyId, id);
    if (!current) throw new NotFoundException('Tool not found');
    if (current.definition.kind !== request.definition.kind)
      throw new ValidationException('A tool’s kind cannot change: create a new tool');
    if (await repo.findToolByName(trx, session.companyId, request.name, id)) throw nameTaken(request.name);
    const sealed = sealHeaders(ctx, id, request.definition, current.secrets);
    return repo.updateTool(trx, session.companyId, { id, ...request, ...sealed });
  });
  if (!row) throw new NotFoundException('Tool not found');
  return toView(repo.toStoredTool(row));
}

export async function deleteTool(ctx: AppContext, session: Session, id: string): Promise<void> {
  if (!(await repo.deleteTool(ctx.database.db, session.companyId, id)))
    throw new NotFoundException('Tool not found');
}

/** Tests and listings call outside: counted per company like agent runs. */
async function countCall(ctx: AppContext, companyId: string) {
  await consumeLimit(ctx.database.db, `agent-tool-calls:company:${companyId}`, {
    max: ctx.config.llm.completionsPerCompany,
    windowMs: FIFTEEN_MINUTES,
  });
}

/** Calls the tool once with these arguments (the connection given back first) and reports it all. */
export async function testTool(
  ctx: AppContext,
  session: Session,
  id: string,
  request: z.output<typeof testToolRequestSchema>,
): Promise<ToolTestResult> {
  const tool = await loadTool(ctx, session.companyId, id);
  const { definition } = tool;
  const chosen = definition.kind === 'mcp' ? (request.tool ?? definition.tools[0]?.name) : undefined;
  if (definition.kind === 'mcp' && !chosen)
    throw new ValidationException('Choose one of the server’s tools to test');
  // Checked as an agent run checks the model's arguments, and called with what the check gives.
  const schema =
    definition.kind === 'http'
      ? definition.parameters
      : definition.tools.find((each) => each.name === chosen)?.inputSchema;
  const args = schema ? refuseInvalidArguments(schema, request.arguments) : request.arguments;
  await countCall(ctx, session.companyId);
  const values = headerValues(ctx, tool);
  if (definition.kind === 'http') return callHttpTool(definition, args, values, ctx.outgoing);
  return callMcpTool(definition, chosen ?? '', args, values, ctx.outgoing);
}

/** The arguments an agent run would call the tool with, or a 400 naming each field that is wrong. */
function refuseInvalidArguments(schema: Record<string, unknown>, args: Record<string, unknown>) {
  const checked = checkArguments(argumentsCheck(schema), args);
  if (!checked.ok) {
    const details: ToolArgumentsRefusal = { issues: checked.issues };
    throw new ValidationException(
      `These arguments break the tool’s schema, so an agent run would not call it: ${issuesText(checked.issues)}`,
      details,
    );
  }
  return asArguments(checked.data);
}

/** The tools an MCP server offers now; 502 when it cannot be reached or does not speak MCP. */
export async function listServerTools(
  ctx: AppContext,
  session: Session,
  id: string,
): Promise<{ tools: McpTool[] }> {
  const tool = await loadTool(ctx, session.companyId, id);
  if (tool.definition.kind !== 'mcp') throw new ValidationException('This tool is not an MCP server');
  await countCall(ctx, session.companyId);
  try {
    return { tools: await listMcpTools(tool.definition, headerValues(ctx, tool), ctx.outgoing) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError(
      'UpstreamException',
      `The MCP server did not list its tools: ${message}`.slice(0, 500),
    );
  }
}
