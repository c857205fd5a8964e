import { type AuditAction, agentsApi } from '@parley/contracts';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { eventStreamFrom, routeFrom } from '../../plugins/contract-route';
import * as tools from './agent-tools.service';
import * as agents from './agents.service';
import { registerAgentsAdminRoutes } from './agents-admin.routes';
import { defaultLimits } from './agents-admin.service';
import { listKnowledgeSources } from './knowledge-tool';
import { runPlayground, streamPlayground } from './playground.service';
import * as prompts from './prompts.service';

// The agents area is for full companies only (fullCompanyOnly: Lite companies get 403).
const read = { permission: 'bots:view', apiKeyScope: 'agents:read', fullCompanyOnly: true } as const;
const run = { permission: 'bots:manage', apiKeyScope: 'agents:run', fullCompanyOnly: true } as const;
/** A change to an agent, written to the company's audit log. */
const write = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'bots:manage',
  apiKeyScope: 'agents:write',
  fullCompanyOnly: true,
  audit: { action, target: created ? { type: 'agent', fromAnswer: true } : { type: 'agent', param: 'id' } },
});
/** A change to a tool, written to the company's audit log. */
const toolWrite = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'bots:manage',
  apiKeyScope: 'agents:write',
  fullCompanyOnly: true,
  audit: {
    action,
    target: created ? { type: 'agent-tool', fromAnswer: true } : { type: 'agent-tool', param: 'id' },
  },
});
/** A change to a prompt of the library, written to the company's audit log. */
const promptWrite = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'bots:manage',
  apiKeyScope: 'agents:write',
  fullCompanyOnly: true,
  audit: {
    action,
    target: created ? { type: 'agent-prompt', fromAnswer: true } : { type: 'agent-prompt', param: 'id' },
  },
});
/** API keys are managed by people only: a key cannot make or revoke keys. */
const admin = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'company:manage',
  fullCompanyOnly: true,
  audit: {
    action,
    target: created ? { type: 'api-key', fromAnswer: true } : { type: 'api-key', param: 'id' },
  },
});

/**
 * The agents API (contracts: agentsApi), registered under the agents base URL's path. Callers send
 * `Bearer` with a session token or an API key; everything acts for the caller's company.
 */
export const agentsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.database.db;

  routeFrom(app, agentsApi.list, { config: read }, async (request) =>
    agents.listAgents(db(), sessionOf(request).companyId, request.query.search),
  );
  routeFrom(app, agentsApi.get, { config: read }, async (request) =>
    agents.getAgent(db(), sessionOf(request).companyId, request.params.id),
  );
  routeFrom(app, agentsApi.create, { config: write('agent.created', true) }, async (request) => {
    const session = sessionOf(request);
    const { limits, ...definition } = request.body.definition;
    // Left out, an agent starts with the company's default limits (agent settings).
    return agents.createAgent(db(), session, {
      ...definition,
      limits: limits ?? (await defaultLimits(db(), session.companyId)),
    });
  });
  routeFrom(app, agentsApi.save, { config: write('agent.saved') }, async (request) =>
    agents.saveAgent(db(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, agentsApi.duplicate, { config: write('agent.duplicated', true) }, async (request) =>
    agents.duplicateAgent(db(), sessionOf(request), request.params.id),
  );
  routeFrom(app, agentsApi.delete, { config: write('agent.deleted') }, async (request) => {
    await agents.deleteAgent(db(), sessionOf(request), request.params.id);
    return null;
  });
  routeFrom(app, agentsApi.versions, { config: read }, async (request) =>
    agents.listVersions(db(), sessionOf(request).companyId, request.params.id),
  );
  routeFrom(app, agentsApi.version, { config: read }, async (request) =>
    agents.getVersion(db(), sessionOf(request).companyId, request.params.id, request.params.version),
  );
  routeFrom(app, agentsApi.playground, { config: run }, async (request) =>
    runPlayground(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, agentsApi.listTools, { config: read }, async (request) =>
    tools.listTools(app.ctx, sessionOf(request).companyId),
  );
  routeFrom(app, agentsApi.getTool, { config: read }, async (request) =>
    tools.getTool(app.ctx, sessionOf(request).companyId, request.params.id),
  );
  routeFrom(app, agentsApi.createTool, { config: toolWrite('agent.tool-created', true) }, async (request) =>
    tools.createTool(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(app, agentsApi.saveTool, { config: toolWrite('agent.tool-saved') }, async (request) =>
    tools.saveTool(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, agentsApi.deleteTool, { config: toolWrite('agent.tool-deleted') }, async (request) => {
    await tools.deleteTool(app.ctx, sessionOf(request), request.params.id);
    return null;
  });
  routeFrom(app, agentsApi.testTool, { config: run }, async (request) =>
    tools.testTool(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    agentsApi.listMcpTools,
    { config: { permission: 'bots:manage', apiKeyScope: 'agents:write', fullCompanyOnly: true } },
    async (request) => tools.listServerTools(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    agentsApi.listApiKeys,
    { config: { permission: 'company:manage', fullCompanyOnly: true } },
    async (request) => agents.listApiKeys(db(), sessionOf(request).companyId),
  );
  routeFrom(app, agentsApi.createApiKey, { config: admin('agent.api-key-created', true) }, async (request) =>
    agents.createApiKey(db(), sessionOf(request), request.body),
  );
  routeFrom(app, agentsApi.revokeApiKey, { config: admin('agent.api-key-revoked') }, async (request) =>
    agents.revokeApiKey(db(), sessionOf(request), request.params.id),
  );
  eventStreamFrom(app, agentsApi.playgroundStream, { config: run }, async (request, open) =>
    streamPlayground(app.ctx, sessionOf(request), request.params.id, request.body, open),
  );
  routeFrom(app, agentsApi.knowledgeSources, { config: read }, async (request) =>
    listKnowledgeSources(db(), sessionOf(request).companyId),
  );
  routeFrom(app, agentsApi.listPrompts, { config: read }, async (request) =>
    prompts.listPrompts(db(), sessionOf(request).companyId, request.query.search),
  );
  routeFrom(app, agentsApi.getPrompt, { config: read }, async (request) =>
    prompts.getPrompt(db(), sessionOf(request).companyId, request.params.id),
  );
  routeFrom(
    app,
    agentsApi.createPrompt,
    { config: promptWrite('agent.prompt-created', true) },
    async (request) => prompts.createPrompt(db(), sessionOf(request), request.body.definition),
  );
  routeFrom(app, agentsApi.savePrompt, { config: promptWrite('agent.prompt-saved') }, async (request) =>
    prompts.savePrompt(db(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, agentsApi.deletePrompt, { config: promptWrite('agent.prompt-deleted') }, async (request) => {
    await prompts.deletePrompt(db(), sessionOf(request), request.params.id);
    return null;
  });
  routeFrom(app, agentsApi.promptVersions, { config: read }, async (request) =>
    prompts.listPromptVersions(db(), sessionOf(request).companyId, request.params.id),
  );
  routeFrom(app, agentsApi.promptVersion, { config: read }, async (request) =>
    prompts.getPromptVersion(db(), sessionOf(request).companyId, request.params.id, request.params.version),
  );
  routeFrom(app, agentsApi.testPrompt, { config: run }, async (request) =>
    prompts.testPrompt(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  registerAgentsAdminRoutes(app);
};

/** The path the agents API is served under: `AGENTS_API_URL`'s path (`/agents-api` by default). */
export function agentsApiPrefix(agentsApiUrl: string): string {
  return new URL(agentsApiUrl, 'http://parley.invalid').pathname.replace(/\/+$/, '');
}
