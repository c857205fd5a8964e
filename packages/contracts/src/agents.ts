import { z } from 'zod';
import { knowledgeSourceStateSchema } from './knowledge';

/**
 * What an API key of the agents API may do: read agents, change them (and their tools), run them
 * (the playground and conversations). A key never does more than the admin who made it may.
 */
export const apiKeyScopeSchema = z.enum(['agents:read', 'agents:write', 'agents:run']);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** Built-in tools an agent may be given besides the company's HTTP tools. */
export const builtInToolSchema = z.enum([
  'get_variable',
  'set_variable',
  'hand_off',
  'end',
  'search_knowledge',
]);
export type BuiltInTool = z.infer<typeof builtInToolSchema>;

/** How an agent may leave a conversation: job done, to a person, or having given up. */
export const agentExitSchema = z.enum(['done', 'handoff', 'failed']);
export type AgentExit = z.infer<typeof agentExitSchema>;

/** The model an agent calls and how; an empty model means the server's default. */
export const agentModelSchema = z.strictObject({
  model: z.string().trim().max(100).default(''),
  temperature: z.number().min(0).max(2).default(0.2),
  maxTokens: z.number().int().min(1).max(16_000).default(800),
});

/** What one agent turn may spend before it stops (a named step, never a hang). */
export const agentLimitsSchema = z.strictObject({
  maxSteps: z.number().int().min(1).max(50).default(6),
  maxSeconds: z.number().int().min(1).max(300).default(60),
  maxTokens: z.number().int().min(100).max(1_000_000).default(20_000),
});
export type AgentLimits = z.infer<typeof agentLimitsSchema>;

const AGENT_NAME_MAX = 100;

/** Everything an agent is, as one version keeps it. */
export const agentDefinitionSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(AGENT_NAME_MAX),
  goal: z.string().trim().max(1_000).default(''),
  /** Jinja over the conversation's variables, rendered before every turn. */
  instructions: z.string().max(20_000).default(''),
  /**
   * Instructions from the prompt library instead, at a chosen version (a change to the prompt
   * reaches the agent when it is pointed at the new version); null: `instructions` above.
   */
  prompt: z
    .strictObject({ id: z.uuid(), name: z.string().max(100), version: z.number().int().min(1) })
    .nullable()
    .default(null),
  /**
   * The knowledge sources (datasets and documents of the company's bots) its `search_knowledge`
   * tool searches; none: the knowledge of the bot the conversation is with.
   */
  knowledgeSourceIds: z.array(z.uuid()).max(20).default([]),
  model: agentModelSchema.default({ model: '', temperature: 0.2, maxTokens: 800 }),
  /** The company's tools (by id) the agent may call. */
  toolIds: z.array(z.uuid()).max(30).default([]),
  builtInTools: z.array(builtInToolSchema).max(builtInToolSchema.options.length).default([]),
  limits: agentLimitsSchema.default({ maxSteps: 6, maxSeconds: 60, maxTokens: 20_000 }),
  /** The exits it may take; `failed` is always possible (a limit reached, a model that fails). */
  exits: z.array(agentExitSchema).min(1).default(['done', 'handoff', 'failed']),
});
export type AgentDefinition = z.infer<typeof agentDefinitionSchema>;
export type AgentDefinitionInput = z.input<typeof agentDefinitionSchema>;

export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  goal: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

export const agentSchema = agentSummarySchema.extend({ definition: agentDefinitionSchema });
export type Agent = z.infer<typeof agentSchema>;

export const agentListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});
export const agentListSchema = z.object({ agents: z.array(agentSummarySchema) });

export const agentParamsSchema = z.object({ id: z.uuid() });
export const agentVersionParamsSchema = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1) });

/** Saving an agent: its whole definition, and the version the change was made from (409 when stale). */
export const saveAgentRequestSchema = z.strictObject({
  definition: agentDefinitionSchema,
  baseVersion: z.number().int().min(1),
});
/** Creating an agent: left out, its limits are the company's defaults (agent settings). */
export const createAgentRequestSchema = z.strictObject({
  definition: agentDefinitionSchema.extend({ limits: agentLimitsSchema.optional() }),
});

/** A saved version of an agent or of a library prompt (each save makes one), as its history lists it. */
export const versionSummarySchema = z.object({
  version: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;
/** The history of an agent or of a library prompt: every saved version, newest first. */
export const versionListSchema = z.object({ versions: z.array(versionSummarySchema) });
export const agentVersionSchema = versionSummarySchema.extend({ definition: agentDefinitionSchema });

/** An API key as listed: never its secret, only the first characters to recognise it by. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  hint: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export const apiKeyParamsSchema = z.object({ id: z.uuid() });

export const createApiKeyRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(100),
  scopes: z.array(apiKeyScopeSchema).min(1, 'Choose at least one scope'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The key itself is in this answer only: it is stored hashed and can never be shown again. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** The prefix every agents API key starts with (so a key is told from a session token). */
export const API_KEY_PREFIX = 'pak_';

/** Why a step failed, named (a tool that timed out, answered 500, sent too much or bad JSON…). */
export const agentStepErrorSchema = z.object({ name: z.string(), message: z.string() });

/**
 * One step of an agent's run, as its trace shows it: a model call (tokens, time, what it asked
 * for), a tool call (arguments, result, status, time), the answer, an exit, or a limit reached.
 */
export const agentStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('model'),
    model: z.string(),
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    durationMs: z.number().int(),
    text: z.string(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string() })),
    error: agentStepErrorSchema.nullable(),
  }),
  z.object({
    kind: z.literal('tool'),
    toolCallId: z.string(),
    name: z.string(),
    arguments: z.unknown(),
    status: z.enum(['ok', 'failed']),
    result: z.unknown(),
    error: agentStepErrorSchema.nullable(),
    durationMs: z.number().int(),
  }),
  z.object({ kind: z.literal('answer'), text: z.string() }),
  z.object({ kind: z.literal('exit'), exit: agentExitSchema, reason: z.string() }),
  z.object({
    kind: z.literal('limit'),
    limit: z.enum(['steps', 'time', 'tokens', 'spending']),
    message: z.string(),
  }),
]);
export type AgentStep = z.infer<typeof agentStepSchema>;

/** A message of a playground conversation (the visitor's or the agent's). */
export const playgroundMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().trim().min(1).max(4_000),
});

/** `POST …/agents/:id/playground`: the conversation so far (ending with the visitor) and its variables. */
export const playgroundRequestSchema = z.strictObject({
  messages: z
    .array(playgroundMessageSchema)
    .min(1)
    .max(50)
    .refine((messages) => messages.at(-1)?.role === 'user', 'The last message must be the visitor’s'),
  variables: z
    .record(z.string().max(64), z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]))
    .default({}),
});
export type PlaygroundRequest = z.input<typeof playgroundRequestSchema>;

/** One run of an agent's turn with its whole trace. */
export const agentRunSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  outcome: z.enum(['answered', 'done', 'handoff', 'failed']),
  reply: z.string(),
  failure: z.string().nullable(),
  steps: z.array(agentStepSchema),
  variables: z.record(z.string(), z.unknown()),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  toolCalls: z.number().int(),
  toolFailures: z.number().int(),
  durationMs: z.number().int(),
});
export type AgentRun = z.infer<typeof agentRunSchema>;

/** A knowledge source an agent may search: a dataset or document set of one of the company's bots. */
export const agentKnowledgeSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  botId: z.string(),
  botName: z.string(),
  /** A failed one cannot be given to an agent (saving answers KnowledgeSourceFailedException). */
  state: knowledgeSourceStateSchema,
  /** Why its file failed (failed only). */
  error: z.string().nullable(),
});
export type AgentKnowledgeSource = z.infer<typeof agentKnowledgeSourceSchema>;
export const agentKnowledgeSourceListSchema = z.object({ sources: z.array(agentKnowledgeSourceSchema) });

/** A playground turn as it streams: the answer's text as the model writes it, then the whole run. */
export const playgroundEventsSchema = {
  token: z.object({ text: z.string() }),
  run: agentRunSchema,
  error: z.object({ name: z.string(), message: z.string() }),
};
