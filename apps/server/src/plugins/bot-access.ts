import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundException } from '../errors';
import { botOfConversation, botOfDeployment } from '../features/bots/bot-access.repository';
import { isUuid } from '../ids';

/** What a route's path parameter names, by the segment before it, when it belongs to one bot. */
const botScopedParameters = {
  'bots/:id': 'bot',
  'conversations/:id': 'conversation',
  'deployments/:id': 'deployment',
} as const;
type Named = (typeof botScopedParameters)[keyof typeof botScopedParameters];

const notFound: Record<Named, string> = {
  bot: 'Bot not found',
  conversation: 'Conversation not found',
  deployment: 'Deployment not found',
};

const stringField = (value: unknown, key: string): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
};

/** What a request names that belongs to a bot: path parameters, and `botId` in query or body. */
function namedByRequest(request: FastifyRequest): { kind: Named; id: string }[] {
  const url = request.routeOptions.url ?? '';
  const named: { kind: Named; id: string }[] = [];
  for (const [, segment, param] of url.matchAll(/([\w-]+)\/:(\w+)/g)) {
    const kind = botScopedParameters[`${segment}/:${param}` as keyof typeof botScopedParameters];
    const id = stringField(request.params, param ?? '');
    if (kind && id !== undefined) named.push({ kind, id });
  }
  for (const source of [request.query, request.body]) {
    const id = stringField(source, 'botId');
    if (id !== undefined) named.push({ kind: 'bot', id });
  }
  return named;
}

/**
 * The bot limit of the team settings (issue 24): a member limited to some bots meets every other
 * bot of the company as a bot that does not exist, on every route, whether the route names the bot
 * itself, one of its conversations or deployments, or filters by it (`botId` in query or body).
 * Checked once the request is parsed, after the caller's company and permission (authenticate).
 * Lists that span bots filter by `botLimitOf` instead.
 */
export function registerBotAccess(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const allowed = request.session?.user.bot_ids;
    if (!allowed) return;
    const { db } = app.ctx.database;
    const { companyId } = request.session ?? { companyId: '' };
    for (const { kind, id } of namedByRequest(request)) {
      // An id that cannot exist is the route's to answer (not found, or a validation error).
      if (!isUuid(id)) continue;
      const botId =
        kind === 'bot'
          ? id
          : kind === 'conversation'
            ? await botOfConversation(db, companyId, id)
            : await botOfDeployment(db, companyId, id);
      if (botId !== undefined && !allowed.includes(botId)) throw new NotFoundException(notFound[kind]);
    }
  });
}

/**
 * The bots a caller may see, for lists and counts that span bots (inbox, reports, bot lists);
 * undefined: every bot of the company.
 */
export function botLimitOf(request: FastifyRequest): string[] | undefined {
  return request.session?.user.bot_ids ?? undefined;
}
