import { agentsApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as agents from './agents.service';
import { runPlayground } from './playground.service';

const read = { permission: 'bots:view', apiKeyScope: 'agents:read' } as const;
const write = { permission: 'bots:manage', apiKeyScope: 'agents:write' } as const;
const run = { permission: 'bots:manage', apiKeyScope: 'agents:run' } as const;
/** API keys are managed by people only: a key cannot make or revoke keys. */
const admin = { permission: 'company:manage' } as const;

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
  routeFrom(app, agentsApi.create, { config: write }, async (request) =>
    agents.createAgent(db(), sessionOf(request), request.body.definition),
  );
  routeFrom(app, agentsApi.save, { config: write }, async (request) =>
    agents.saveAgent(db(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, agentsApi.duplicate, { config: write }, async (request) =>
    agents.duplicateAgent(db(), sessionOf(request), request.params.id),
  );
  routeFrom(app, agentsApi.delete, { config: write }, async (request) => {
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
  routeFrom(app, agentsApi.listApiKeys, { config: admin }, async (request) =>
    agents.listApiKeys(db(), sessionOf(request).companyId),
  );
  routeFrom(app, agentsApi.createApiKey, { config: admin }, async (request) =>
    agents.createApiKey(db(), sessionOf(request), request.body),
  );
  routeFrom(app, agentsApi.revokeApiKey, { config: admin }, async (request) =>
    agents.revokeApiKey(db(), sessionOf(request), request.params.id),
  );
};

/** The path the agents API is served under: `AGENTS_API_URL`'s path (`/agents-api` by default). */
export function agentsApiPrefix(agentsApiUrl: string): string {
  return new URL(agentsApiUrl, 'http://parley.invalid').pathname.replace(/\/+$/, '');
}
