import { chatApi } from '@parley/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eventStreamFrom, routeFrom } from '../../plugins/contract-route';
import { markOpened } from '../broadcasts/broadcasts.repository';
import { TrialGate } from '../companies/trial';
import { webchatConfig } from '../webchat/webchat-config.service';
import {
  assertVisitor,
  changeLanguage,
  conversationMessages,
  conversationModules,
  sendMessage,
  startConversation,
} from './chat.service';
import { chatMessageLimits } from './chat-limits';
import { visitorCountry } from './visitor-country';

/** Message numbers are 32-bit integers in the database. */
const MAX_SEQ = 2_147_483_647;

/** The visitor's conversation token: `Authorization: Bearer …`, or `?token=` where headers cannot be set (EventSource). */
function tokenOf(request: FastifyRequest, query?: { token?: string }): string | undefined {
  const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return header ?? query?.token;
}

/** Where a reconnecting stream resumes: Last-Event-ID, else `?after=`; a bad header resumes from the start. */
function resumeAfter(lastEventId: string | string[] | undefined, after: number | undefined): number {
  const seq = Number(typeof lastEventId === 'string' ? lastEventId : (after ?? 0));
  return Number.isInteger(seq) && seq >= 0 && seq <= MAX_SEQ ? seq : 0;
}

/**
 * The public chat API (contracts: chatApi): web chat, the SDK and the tester talk to bots through
 * it. No user login: a deployment key starts a conversation, its token continues it. Open to every
 * origin (plugins/public-cors).
 */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const trials = new TrialGate(() => app.ctx.database.db);
  const limitMessages = chatMessageLimits(app.ctx.conversations.messageCounts, app.ctx.config.chatRateLimit);

  routeFrom(app, chatApi.deploymentConfig, { config: { auth: 'public' } }, async (request, reply) => {
    // Pages fetch this on every load; a minute of caching spares the server without hiding a restyle for long.
    reply.header('cache-control', 'public, max-age=60');
    return webchatConfig(app.ctx, request.params.key);
  });

  routeFrom(
    app,
    chatApi.startConversation,
    { config: { auth: 'public', rateLimit: { bucket: 'chat-start' } } },
    async (request) => {
      await trials.assertDeploymentMayChat(request.body.deploymentKey);
      const country = visitorCountry(
        request.headers,
        app.ctx.config.chatCountryHeader,
        request.body.language,
      );
      const started = await startConversation(app.ctx, request.body, country);
      trials.noteConversation(started.conversationId, request.body.deploymentKey);
      return started;
    },
  );

  routeFrom(
    app,
    chatApi.sendMessage,
    // Counted before anything else is done: a script sending too fast costs no turn.
    { config: { auth: 'public' }, onRequest: limitMessages },
    async (request) => {
      await trials.assertConversationMayChat(request.params.id);
      return sendMessage(app.ctx, request.params.id, tokenOf(request), request.body);
    },
  );

  routeFrom(app, chatApi.setLanguage, { config: { auth: 'public' } }, async (request) =>
    changeLanguage(app.ctx, request.params.id, tokenOf(request), request.body.language),
  );

  routeFrom(app, chatApi.seen, { config: { auth: 'public' } }, async (request) => {
    await assertVisitor(app.ctx, request.params.id, tokenOf(request));
    await markOpened(app.ctx.database.db, request.params.id, request.body.seq);
    return null;
  });

  eventStreamFrom(app, chatApi.events, { config: { auth: 'public' } }, async (request, openStream) => {
    const { id } = request.params;
    await assertVisitor(app.ctx, id, tokenOf(request, request.query));
    let last = resumeAfter(request.headers['last-event-id'], request.query.after);
    // Each heartbeat also catches up, so a notice that never came (its sender stopped between
    // commit and notice) delays a message by one heartbeat at most, and loses nothing.
    const stream = openStream({
      headers: { 'access-control-allow-origin': '*' },
      onHeartbeat: () => flush(),
      onClose: () => unsubscribe(),
    });
    let sending = Promise.resolve();
    const flush = () => {
      sending = sending
        .then(async () => {
          for (const message of await conversationMessages(app.ctx, id, last)) {
            stream.send('message', message, message.seq);
            last = message.seq;
          }
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'event stream could not send'));
    };
    const unsubscribe = app.ctx.conversations.bus.subscribe(id, (notice) => {
      // A draft has no id: reconnecting resumes from stored messages only.
      if ('draft' in notice) stream.send('draft', notice.draft);
      else if (notice.seq > last) flush();
    });
    flush();
  });

  routeFrom(app, chatApi.history, { config: { auth: 'public' } }, async (request) => {
    const { id } = request.params;
    await assertVisitor(app.ctx, id, tokenOf(request, request.query));
    if (request.query.mode === 'tags')
      return { conversationId: id, modules: await conversationModules(app.ctx, id) };
    return { conversationId: id, messages: await conversationMessages(app.ctx, id, 0) };
  });
};
