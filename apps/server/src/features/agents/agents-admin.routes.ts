import { agentsAdminApi } from '@parley/contracts';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { companyScope, listReach, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { auditPage } from '../audit/audit.service';
import * as admin from './agents-admin.service';

/** Reads of the company's agents' figures; Parley staff may name another company. */
const readFigures = (permission: 'bots:view' | 'company:manage'): FastifyContextConfig => ({
  permission,
  apiKeyScope: 'agents:read',
  fullCompanyOnly: true,
  staffAcrossCompanies: true,
});
/** Settings and controls are changed by people only (an API key cannot), and audited. */
const adminChange = (
  action: NonNullable<FastifyContextConfig['audit']>['action'],
  target: NonNullable<FastifyContextConfig['audit']>['target'],
  details?: NonNullable<FastifyContextConfig['audit']>['details'],
): FastifyContextConfig => ({
  permission: 'company:manage',
  fullCompanyOnly: true,
  audit: { action, target, ...(details ? { details } : {}) },
});
const ownCompany = { type: 'company', own: true } as const;
const theAgent = { type: 'agent', param: 'id' } as const;

/**
 * The agents API's settings (provider, defaults, retention, prices, company cap), admin (usage,
 * kill switch, agents' caps) and dashboard routes (contracts: agentsAdminApi), registered inside
 * the agents API plugin.
 */
export function registerAgentsAdminRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.database.db;

  routeFrom(
    app,
    agentsAdminApi.settings,
    { config: { permission: 'company:manage', apiKeyScope: 'agents:read', fullCompanyOnly: true } },
    async (request) => admin.agentSettings(db(), sessionOf(request).companyId),
  );
  routeFrom(
    app,
    agentsAdminApi.saveSettings,
    {
      config: adminChange('agent.settings-changed', ownCompany, ({ body }) => ({
        retentionDays: typeof body.retentionDays === 'number' ? body.retentionDays : null,
        defaultModel: typeof body.defaultModel === 'string' ? body.defaultModel : null,
      })),
    },
    async (request) => admin.saveSettings(db(), sessionOf(request).companyId, request.body),
  );
  routeFrom(
    app,
    agentsAdminApi.saveProvider,
    {
      config: adminChange('agent.provider-changed', ownCompany, ({ body }) => ({
        baseUrl: typeof body.baseUrl === 'string' ? body.baseUrl : null,
      })),
    },
    async (request) => admin.saveProvider(app.ctx, sessionOf(request).companyId, request.body),
  );
  routeFrom(
    app,
    agentsAdminApi.removeProvider,
    { config: adminChange('agent.provider-removed', ownCompany) },
    async (request) => admin.removeProvider(db(), sessionOf(request).companyId),
  );
  routeFrom(app, agentsAdminApi.usage, { config: readFigures('company:manage') }, async (request) =>
    admin.usage(db(), companyScope(request, request.query.companyId), request.query),
  );
  routeFrom(
    app,
    agentsAdminApi.switchAgent,
    {
      config: adminChange(
        ({ body }) => (body.enabled === true ? 'agent.switched-on' : 'agent.switched-off'),
        theAgent,
        ({ body }) => ({ reason: typeof body.reason === 'string' && body.reason ? body.reason : null }),
      ),
    },
    async (request) => admin.switchAgent(db(), sessionOf(request).companyId, request.params.id, request.body),
  );
  routeFrom(
    app,
    agentsAdminApi.spendingLimit,
    {
      config: adminChange('agent.spending-limit-changed', theAgent, ({ answer }) => {
        const limit = answer.spendingLimit as { monthlyTokens: number | null; monthlyCost: number | null };
        return { monthlyTokens: limit.monthlyTokens, monthlyCost: limit.monthlyCost };
      }),
    },
    async (request) =>
      admin.setSpendingLimit(
        db(),
        sessionOf(request).companyId,
        request.params.id,
        request.body.spendingLimit,
      ),
  );
  routeFrom(app, agentsAdminApi.dashboard, { config: readFigures('bots:view') }, async (request) =>
    admin.dashboard(db(), companyScope(request, request.query.companyId), request.query),
  );
  routeFrom(app, agentsAdminApi.run, { config: readFigures('bots:view') }, async (request) =>
    admin.storedRun(db(), companyScope(request, request.query.companyId), request.params.id),
  );
  // The audit log names people and addresses: people only (no API key), admins, staff across companies.
  routeFrom(
    app,
    agentsAdminApi.audit,
    { config: { permission: 'company:manage', fullCompanyOnly: true, staffAcrossCompanies: true } },
    async (request) => {
      const { companyId, ...page } = request.query;
      return auditPage(db(), listReach(request, companyId), { ...page, kind: 'agent' });
    },
  );
}
