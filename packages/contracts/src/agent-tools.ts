import { z } from 'zod';

/** How a model calls a tool: letters, digits, `_` and `-`, at most 64 (OpenAI's rule for names). */
export const toolNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Letters, digits, _ and - only, at most 64');

/**
 * A header sent with a tool's requests. A secret one is stored sealed: screens get its hint back,
 * never its value; saving it with an empty value keeps the stored one.
 */
export const toolHeaderSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Not a header name'),
  value: z.string().max(4_000).default(''),
  secret: z.boolean().default(false),
});
export type ToolHeader = z.infer<typeof toolHeaderSchema>;

/** A header as screens get it back: a secret one's value is empty, its hint says which it is. */
export const toolHeaderViewSchema = z.object({
  name: z.string(),
  value: z.string(),
  secret: z.boolean(),
  hint: z.string().nullable(),
});

/** A JSON schema of an object: what the model fills in to call the tool. */
export const toolParametersSchema = z
  .record(z.string(), z.unknown())
  .refine((schema) => schema.type === 'object', 'The parameters are a JSON schema of "type": "object"');

/** Where a value of the tool's JSON answer goes in what the model reads (`data.order.status`). */
export const toolResponseFieldSchema = z.strictObject({
  key: z.string().trim().min(1).max(64),
  path: z.string().trim().max(200),
});

export const httpMethodSchema = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const timeoutMsSchema = z.number().int().min(500).max(30_000).default(10_000);

/**
 * An HTTP tool: a request made from the model's arguments. The URL and body are templates over
 * the arguments (`https://shop.example/orders/{{ order_id }}`, values URL-encoded in the URL);
 * without a body template, a POST/PUT/PATCH sends the arguments as JSON.
 */
export const httpToolSchema = z.strictObject({
  kind: z.literal('http'),
  method: httpMethodSchema.default('GET'),
  url: z.string().trim().min(1, 'Required').max(2_000),
  headers: z.array(toolHeaderSchema).max(20).default([]),
  body: z.string().max(20_000).default(''),
  parameters: toolParametersSchema.default({ type: 'object', properties: {} }),
  /** What the model reads of a JSON answer: these fields, or (none given) the whole answer. */
  response: z.array(toolResponseFieldSchema).max(30).default([]),
  /** Answers longer than this fail the call (named `ToolResponseTooLarge`). */
  maxResponseBytes: z.number().int().min(1_000).max(1_000_000).default(100_000),
  timeoutMs: timeoutMsSchema,
});

/** A tool an MCP server offers, as it listed it, chosen to be given to agents. */
export const mcpToolSchema = z.object({
  name: z.string().min(1).max(128),
  description: z.string().max(4_000).default(''),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type McpTool = z.infer<typeof mcpToolSchema>;

/** An MCP server over streamable HTTP, and which of its tools agents may call. */
export const mcpServerSchema = z.strictObject({
  kind: z.literal('mcp'),
  url: z.string().trim().min(1, 'Required').max(2_000),
  headers: z.array(toolHeaderSchema).max(20).default([]),
  tools: z.array(mcpToolSchema).max(50).default([]),
  timeoutMs: timeoutMsSchema,
});

export const toolDefinitionSchema = z.discriminatedUnion('kind', [httpToolSchema, mcpServerSchema]);
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;
export type ToolDefinitionInput = z.input<typeof toolDefinitionSchema>;

/** What is wrong with a tool's arguments: the field (`items.0.sku`; empty: the whole) and why. */
export const toolArgumentIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ToolArgumentIssue = z.infer<typeof toolArgumentIssueSchema>;

/**
 * The details of the 400 ValidationException a tool's test answers when its arguments break the
 * tool's schema (an agent run refuses them the same way, and never calls the tool).
 */
export const toolArgumentsRefusalSchema = z.object({ issues: z.array(toolArgumentIssueSchema).min(1) });
export type ToolArgumentsRefusal = z.infer<typeof toolArgumentsRefusalSchema>;

/** Saving a tool: its name (the model calls it by it), what it is for, and what it does. */
export const saveToolRequestSchema = z.strictObject({
  name: toolNameSchema,
  description: z.string().trim().max(1_000).default(''),
  definition: toolDefinitionSchema,
});
export type SaveToolRequest = z.input<typeof saveToolRequestSchema>;

export const toolSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['http', 'mcp']),
  /** The address it calls (its template), for the list. */
  url: z.string(),
  /** The tools a model sees: one for an HTTP tool, the chosen ones of an MCP server. */
  modelTools: z.array(z.string()),
  updatedAt: z.string(),
});
export type ToolSummary = z.infer<typeof toolSummarySchema>;

/** A tool as screens get it: secret header values are empty, with their hints. */
export const toolSchema = toolSummarySchema.extend({
  definition: z.union([
    httpToolSchema.extend({ headers: z.array(toolHeaderViewSchema) }),
    mcpServerSchema.extend({ headers: z.array(toolHeaderViewSchema) }),
  ]),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListSchema = z.object({ tools: z.array(toolSummarySchema) });
export const toolParamsSchema = z.object({ id: z.uuid() });

/** `POST …/tools/:id/test`: arguments as the model would give them (and which MCP tool). */
export const testToolRequestSchema = z.strictObject({
  tool: z.string().max(128).optional(),
  arguments: z.record(z.string(), z.unknown()).default({}),
});
export type TestToolRequest = z.input<typeof testToolRequestSchema>;

/** What a test (or an agent's call) sent, secrets masked. */
export const toolExchangeRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});

/** What came back (its start, when long). */
export const toolExchangeResponseSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  durationMs: z.number().int(),
});

/** A test of a tool: the exact request and response, what the model would read, or why it failed. */
export const toolTestResultSchema = z.object({
  ok: z.boolean(),
  request: toolExchangeRequestSchema.nullable(),
  response: toolExchangeResponseSchema.nullable(),
  result: z.unknown(),
  error: z.object({ name: z.string(), message: z.string() }).nullable(),
});
export type ToolTestResult = z.infer<typeof toolTestResultSchema>;

/** `GET …/tools/:id/mcp-tools`: every tool the MCP server offers now. */
export const mcpToolListSchema = z.object({ tools: z.array(mcpToolSchema) });
