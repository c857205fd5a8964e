import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundException } from '../errors';
import { ownerOf, type TenantTable } from '../features/companies/tenant-owner.repository';
import { isUuid } from '../ids';

/** What a private route's path parameter names, by the segment before it, and its not-found answer. */
const ownedParameters: Record<string, { table: TenantTable; notFound: string }> = {
  'companies/:id': { table: 'companies', notFound: 'Company not found' },
  'bots/:id': { table: 'bots', notFound: 'Bot not found' },
  'deployments/:id': { table: 'deployments', notFound: 'Deployment not found' },
  'conversations/:id': { table: 'conversations', notFound: 'Conversation not found' },
  'conversations/:conversationId': { table: 'conversations', notFound: 'Conversation not found' },
  'datasets/:sourceId': { table: 'knowledge_sources', notFound: 'Dataset not found' },
  'documents/:sourceId': { table: 'knowledge_sources', notFound: 'Document not found' },
  'members/:id': { table: 'users', notFound: 'User not found' },
  'invitations/:id': { table: 'user_invitations', notFound: 'Invitation not found' },
  'templates/:id': { table: 'webhook_templates', notFound: 'Webhook template not found' },
  'instances/:id': { table: 'webhook_instances', notFound: 'Webhook not found' },
  'deliveries/:id': { table: 'webhook_deliveries', notFound: 'Delivery not found' },
  'agents/:id': { table: 'agents', notFound: 'Agent not found' },
  'tools/:id': { table: 'agent_tools', notFound: 'Tool not found' },
  'prompts/:id': { table: 'agent_prompts', notFound: 'Prompt not found' },
  'runs/:id': { table: 'agent_runs', notFound: 'Run not found' },
  'api-keys/:id': { table: 'agent_api_keys', notFound: 'API key not found' },
  'audiences/:id': { table: 'audiences', notFound: 'Audience not found' },
  'broadcasts/:id': { table: 'broadcasts', notFound: 'Broadcast not found' },
};

const stringField = (value: unknown, key: string): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
};

/**
 * The one company a customer may act for, or undefined for Parley staff (authenticate's
 * `customerCompanyOf`): staff may read across companies where a route allows it, so their
 * answers stay the route's own.
 */
export type CustomerCompanyOf = (request: FastifyRequest) => string | undefined;

/**
 * Tenancy before anything else of the request: once the caller is known (authenticate), every id
 * in the path must be of the customer's own company (or shared with every company), or the answer
 * is 404, as for an id that does not exist, whatever the body and query say. Checked before the
 * body is parsed or validated, so a body that is not valid tells nothing about another company's
 * ids. Routes still scope every query by company; this only decides what is answered first.
 */
export function registerTenancy(app: FastifyInstance, customerCompanyOf: CustomerCompanyOf): void {
  app.addHook('onRequest', async (request) => {
    if (!request.session) return;
    const companyId = customerCompanyOf(request);
    if (companyId === undefined) return;
    const url = request.routeOptions.url ?? '';
    for (const [, segment, param] of url.matchAll(/([\w-]+)\/:(\w+)/g)) {
      const owned = ownedParameters[`${segment}/:${param}`];
      const id = stringField(request.params, param ?? '');
      // An id that cannot exist is the route's to answer (not found, or a validation error).
      if (!owned || id === undefined || !isUuid(id)) continue;
      const owner = await ownerOf(app.ctx.database.db, owned.table, id);
      if (owner === 'shared') continue;
      if (owner?.companyId !== companyId) throw new NotFoundException(owned.notFound);
    }
  });
}
