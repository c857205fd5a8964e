import { type InboxNotice, inboxApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, lookupReach, sessionOf, sessionStillValid } from '../../plugins/authenticate';
import { botLimitOf } from '../../plugins/bot-access';
import { eventStreamFrom, routeFrom } from '../../plugins/contract-route';
import { readsOf } from '../../plugins/read-your-writes';
import * as inbox from './inbox.service';
import { InboxFeed } from './inbox-feed';

const teamAnywhere = { permission: 'inbox:use', staffAcrossCompanies: true } as const;
/** Taking over, replying and reading act for the company's own team only. */
const ownTeam = { permission: 'inbox:use' } as const;

/** The team's inbox: conversations, transcripts, and taking over from the bot (contracts: inboxApi). */
export const inboxRoutes: FastifyPluginAsync = async (app) => {
  const feed = new InboxFeed(app.ctx, app.log);

  eventStreamFrom(app, inboxApi.events, { config: teamAnywhere }, async (request, openStream) => {
    const companyId = companyScope(request, request.query.companyId);
    const { botId } = request.query;
    const allowed = botLimitOf(request);
    // A session that ends (password changed, account disabled, expired) ends its stream too.
    const checkSession = async () => {
      const ended = await sessionStillValid(app, request);
      if (!ended) return;
      stream.send('session-ended', { name: ended.name, message: ended.message, details: ended.details });
      stream.end();
    };
    const stream = openStream({
      onHeartbeat: () => {
        checkSession().catch((error: unknown) => request.log.warn({ err: error }, 'session check failed'));
      },
      onClose: () => {
        unsubscribe();
        unsubscribeSessions();
      },
    });
    const unsubscribeSessions = app.ctx.conversations.bus.subscribeSessionsEnded(
      sessionOf(request).userId,
      () => {
        checkSession().catch((error: unknown) => request.log.warn({ err: error }, 'session check failed'));
      },
    );
    const unsubscribe = feed.subscribe(companyId, ({ waiting, ...notice }) => {
      if (botId && notice.botId !== botId) return;
      if (allowed && !allowed.includes(notice.botId)) return;
      // The company's waiting count spans bots a limited reader may not see: unless they see one
      // bot, their list's own count stands until it next loads.
      const oneBot = botId !== undefined || allowed?.length === 1;
      const shown = oneBot ? waiting?.bot : allowed ? undefined : waiting?.company;
      const sent: InboxNotice = { ...notice, ...(shown !== undefined ? { waiting: shown } : {}) };
      stream.send('conversation', sent);
    });
  });

  routeFrom(app, inboxApi.list, { config: teamAnywhere }, async (request) =>
    inbox.listInbox(
      readsOf(request).db,
      companyScope(request, request.query.companyId),
      request.query,
      undefined,
      botLimitOf(request),
    ),
  );

  routeFrom(app, inboxApi.transcript, { config: teamAnywhere }, async (request) =>
    inbox.inboxTranscript(
      app.ctx,
      companyScope(request, request.query.companyId),
      request.params.id,
      sessionOf(request).user.language,
    ),
  );

  routeFrom(app, inboxApi.changes, { config: teamAnywhere }, async (request) =>
    inbox.transcriptSince(
      app.ctx,
      companyScope(request, request.query.companyId),
      request.params.id,
      request.query,
      sessionOf(request).user.language,
    ),
  );

  routeFrom(app, inboxApi.place, { config: teamAnywhere }, async (request) =>
    inbox.conversationPlace(app.ctx, lookupReach(request), request.params.id),
  );

  routeFrom(app, inboxApi.markRead, { config: ownTeam }, async (request) =>
    inbox.markConversationRead(
      app.ctx,
      companyScope(request, request.query.companyId),
      request.params.id,
      request.body,
      sessionOf(request).user.language,
    ),
  );

  routeFrom(app, inboxApi.passControl, { config: ownTeam }, async (request) =>
    inbox.passCompanyControl(
      app.ctx,
      sessionOf(request),
      companyScope(request, request.query.companyId),
      request.params.id,
      request.body,
    ),
  );

  routeFrom(app, inboxApi.agentMessage, { config: ownTeam }, async (request) =>
    inbox.replyAsAgent(
      app.ctx,
      sessionOf(request),
      companyScope(request, request.query.companyId),
      request.params.id,
      request.body,
    ),
  );

  routeFrom(app, inboxApi.note, { config: teamAnywhere }, async (request) => {
    await inbox.addInternalNote(
      app.ctx,
      sessionOf(request),
      companyScope(request, request.query.companyId),
      request.params.id,
      request.body.text,
    );
    return null;
  });
};
