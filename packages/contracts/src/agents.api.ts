import { z } from 'zod';
import {
  agentListQuerySchema,
  agentListSchema,
  agentParamsSchema,
  agentRunSchema,
  agentSchema,
  agentVersionListSchema,
  agentVersionParamsSchema,
  agentVersionSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createAgentRequestSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  playgroundRequestSchema,
  saveAgentRequestSchema,
} from './agents';
import { defineRoute } from './define-route';

const tags = ['agents'];

/**
 * The agents API. Paths are relative to the agents base URL (`AGENTS_API_URL`: `/agents-api` on
 * the same server by default, its own host in production); callers send `Authorization: Bearer`
 * with a session token or an API key.
 */
export const agentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/agents',
    tags,
    summary: 'The company’s agents, searched by name or goal',
    query: agentListQuerySchema,
    response: agentListSchema,
    errors: [400, 401, 403],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/agents/:id',
    tags,
    summary: 'One agent and its current definition',
    params: agentParamsSchema,
    response: agentSchema,
    errors: [401, 403, 404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/agents',
    tags,
    status: 201,
    summary: 'Create an agent (version 1)',
    body: createAgentRequestSchema,
    response: agentSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/agents/:id',
    tags,
    summary: 'Save a change: a new version, the previous one kept',
    description:
      '409 ConflictException when `baseVersion` is not the current version (someone saved in between).',
    params: agentParamsSchema,
    body: saveAgentRequestSchema,
    response: agentSchema,
    errors: [400, 401, 403, 404, 409, 413],
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/agents/:id/duplicate',
    tags,
    status: 201,
    summary: 'Copy an agent (its current definition, as version 1 of the copy)',
    params: agentParamsSchema,
    response: agentSchema,
    errors: [401, 403, 404],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/agents/:id',
    tags,
    status: 204,
    summary: 'Delete an agent and its versions',
    params: agentParamsSchema,
    response: z.null(),
    errors: [401, 403, 404],
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/agents/:id/versions',
    tags,
    summary: 'Every saved version of an agent, newest first',
    params: agentParamsSchema,
    response: agentVersionListSchema,
    errors: [401, 403, 404],
  }),
  version: defineRoute({
    method: 'GET',
    path: '/agents/:id/versions/:version',
    tags,
    summary: 'One saved version of an agent',
    params: agentVersionParamsSchema,
    response: agentVersionSchema,
    errors: [400, 401, 403, 404],
  }),
  playground: defineRoute({
    method: 'POST',
    path: '/agents/:id/playground',
    tags,
    summary: 'Run one turn of the agent’s current version on a conversation, with its trace',
    description:
      'Model and tool failures, limits reached and bad tool calls are named steps of the trace ' +
      '(`outcome: failed`), not errors; the run is kept.',
    params: agentParamsSchema,
    body: playgroundRequestSchema,
    response: agentRunSchema,
    errors: [400, 401, 403, 404, 413, 429, 503],
  }),
  listApiKeys: defineRoute({
    method: 'GET',
    path: '/api-keys',
    tags,
    summary: 'The company’s API keys (never their secrets), revoked ones included',
    response: apiKeyListSchema,
    errors: [401, 403],
  }),
  createApiKey: defineRoute({
    method: 'POST',
    path: '/api-keys',
    tags,
    status: 201,
    summary: 'Create an API key with scopes; its secret is in this answer only',
    body: createApiKeyRequestSchema,
    response: createdApiKeySchema,
    errors: [400, 401, 403, 413],
  }),
  revokeApiKey: defineRoute({
    method: 'DELETE',
    path: '/api-keys/:id',
    tags,
    summary: 'Revoke an API key: it stops working at once',
    params: apiKeyParamsSchema,
    response: apiKeySchema,
    errors: [401, 403, 404],
  }),
};
