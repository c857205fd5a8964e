import { randomUUID } from 'node:crypto';
import { EVENT } from '@parley/contracts';
import { NluEngine } from '@parley/engine';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messengerRoutes } from './channels/messenger/messenger.routes';
import { handleMessengerEvents } from './channels/messenger/messenger-inbound';
import {
  messengerOutbox,
  queueUnsentMessenger,
  sendMessengerOutbound,
  wakeMessengerOutbound,
} from './channels/messenger/messenger-outbound';
import { allOutboxes } from './channels/outboxes';
import { sunshineRoutes } from './channels/sunshine/sunshine.routes';
import { handleSunshineEvents } from './channels/sunshine/sunshine-inbound';
import {
  pruneSunshineEvents,
  queueUnsentSunshine,
  sendSunshineOutbound,
  sunshineOutbox,
  wakeSunshineOutbound,
} from './channels/sunshine/sunshine-outbound';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Database, Queryable } from './db/database';
import { EMBEDDED_VACUUM_CRON, vacuumEmbeddedDatabase } from './db/embedded-vacuum';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './db/seed';
import { agentsApiPrefix, agentsRoutes } from './features/agents/agents.routes';
import { removeExpiredRuns } from './features/agents/agents-admin.service';
import { conversationAgents } from './features/agents/conversation-agents';
import { aiRoutes } from './features/ai/ai.routes';
import { foldStaleContactVariables } from './features/audiences/audiences.service';
import { auditRoutes } from './features/audit/audit.routes';
import { removeExpiredAuditEvents } from './features/audit/audit.service';
import { authRoutes } from './features/auth/auth.routes';
import { mailPasswordReset } from './features/auth/password-reset.service';
import { mailSignUp } from './features/auth/sign-up.service';
import { botsRoutes } from './features/bots/bots.routes';
import { sendBroadcastBatch } from './features/broadcasts/broadcast-delivery';
import { broadcastsRoutes } from './features/broadcasts/broadcasts.routes';
import { startScheduled } from './features/broadcasts/broadcasts.service';
import { companiesRoutes } from './features/companies/companies.routes';
import { chatRoutes } from './features/conversations/chat.routes';
import { CHAT_LIMIT_WINDOW_MS } from './features/conversations/chat-limits';
import { ConversationCache } from './features/conversations/conversation-cache';
import { conversationsRoutes } from './features/conversations/conversations.routes';
import { createEngineServices } from './features/conversations/engine-services';
import { FlowCache, KeyedLock } from './features/conversations/flow-cache';
import { expireDueConversations, runServerTurn } from './features/conversations/server-turns';
import { finishAbandonedTurns } from './features/conversations/turn-runner';
import { createTurnWrites } from './features/conversations/turn-writes';
import { debuggerRoutes } from './features/debugger/debugger.routes';
import { frontendConfigRoutes } from './features/frontend/frontend-config.routes';
import { healthRoutes } from './features/health/health.routes';
import { helpdeskRoutes } from './features/helpdesk/helpdesk.routes';
import { forwardVisitorMessages } from './features/helpdesk/helpdesk-forward';
import { syncZendeskTicket } from './features/helpdesk/helpdesk-sync';
import { helpdeskOutbox, openHelpdeskTicket } from './features/helpdesk/helpdesk-tickets';
import { inboxRoutes } from './features/inbox/inbox.routes';
import { csvReader } from './features/knowledge/csv-reader';
import { processDatasetFile } from './features/knowledge/dataset-processing';
import { processDocumentFile } from './features/knowledge/document-processing';
import { documentReader } from './features/knowledge/document-reader';
import { generativeRoutes } from './features/knowledge/generative.routes';
import { knowledgeRoutes } from './features/knowledge/knowledge.routes';
import { embedFile, queueEmbedding, queueMissingEmbeddings } from './features/knowledge/knowledge-embedding';
import { liteRoutes } from './features/lite/lite.routes';
import { liteMailOutbox } from './features/lite/lite-mail';
import { llmRoutes } from './features/llm/llm.routes';
import { mailRoutes } from './features/mail/mail.routes';
import { createMailTransport, deliverOutboxMail } from './features/mail/mail.service';
import type { OutgoingMail } from './features/mail/mail-outbox.repository';
import { nluRoutes } from './features/nlu/nlu.routes';
import { trainedModelStore } from './features/nlu/nlu-model-store';
import { workerTrainer } from './features/nlu/nlu-trainer';
import { publishingRoutes } from './features/publishing/publishing.routes';
import { SharedHitCounts } from './features/rate-limits/shared-hit-counts';
import { reportsRoutes } from './features/reports/reports.routes';
import { rollUpReports } from './features/reports/reports.service';
import { storeRoutes } from './features/store/store.routes';
import { teamRoutes } from './features/team/team.routes';
import { telemetryRoutes } from './features/telemetry/telemetry.routes';
import { templatesRoutes } from './features/templates/templates.routes';
import { MachineTranslation } from './features/translation/machine-translation';
import { runPretranslation } from './features/translation/pretranslation';
import { translationRoutes } from './features/translation/translation.routes';
import { usersRoutes } from './features/users/users.routes';
import { webchatStyleRoutes } from './features/webchat/webchat-style.routes';
import { builtInTemplates } from './features/webhooks/catalogue';
import { instanceWebhooks, runQueuedDelivery } from './features/webhooks/webhook-port';
import { syncBuiltInTemplates } from './features/webhooks/webhooks.repository';
import { webhooksRoutes } from './features/webhooks/webhooks.routes';
import type { GuardedHttpOptions, Resolver } from './integrations/http/guarded-http';
import { createOpenAiEmbedder } from './integrations/openai/openai-embeddings';
import { ShopifyClient } from './integrations/shopify/shopify-client';
import { startJobQueue } from './jobs/job-queue';
import { logSerializers } from './logging';
import { registerAuthenticate } from './plugins/authenticate';
import { registerCleanInput } from './plugins/clean-input';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerPublicCors } from './plugins/public-cors';
import { rateLimitFor, registerRateLimit } from './plugins/rate-limit';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { ConversationBus } from './realtime/conversation-bus';
import { HEARTBEAT_MS } from './realtime/event-stream';
import { secretBox } from './sealed-secrets';
import { resolveSecrets } from './secrets';

export interface BuildAppOptions {
  /** Without JWT_SECRET or SECRETS_KEY, each is generated once and kept (see secrets.ts). */
  config: AppConfig;
  /** The app owns it from here on and closes it on `app.close()`. */
  database: Database;
  /** Tests poll the job queue faster than production needs to. */
  jobPollingIntervalSeconds?: number;
  /** Event streams' heartbeat (and session check) interval; tests wait less than production. */
  streamHeartbeatMs?: number;
  /** Where log lines go instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): void };
  /** Hears of each mail once delivered (tests read mail there: the outbox keeps no content). */
  onMailDelivered?: (mail: OutgoingMail) => void;
  /** How outgoing calls resolve host names (tests simulate DNS; the system resolver otherwise). */
  resolveHost?: Resolver;
}

/** Builds the whole server (migrated, seeded, jobs running) without listening; tests use `inject`. */
export async function buildApp({
  config: configured,
  database,
  jobPollingIntervalSeconds,
  logStream,
  streamHeartbeatMs = HEARTBEAT_MS,
  onMailDelivered,
  resolveHost,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: configured.logLevel,
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
      ...(configured.logFormat === 'pretty' && !logStream
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    trustProxy: configured.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body is refused by name rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonBody(app);

  await migrateToLatest(database.db);
  const shared = database.engine === 'postgres';
  const config = await resolveSecrets(configured, shared ? database.db : undefined);
  if (shared && !configured.secretsKey) {
    app.log.warn(
      'SECRETS_KEY is not set: the key sealing stored secrets is kept in the database beside them; set SECRETS_KEY so a copy of the database alone does not open them',
    );
  }
  await syncBuiltInTemplates(database.db, builtInTemplates);
  if (config.seedDemo) {
    const created = await seedDemo(database.db, { force: false });
    if (created.length > 0)
      app.log.info({ accounts: created }, 'demo accounts created (password: parley-demo)');
  }
  const jobs = await startJobQueue(database, app.log, { pollingIntervalSeconds: jobPollingIntervalSeconds });
  const mail = createMailTransport(config.smtpUrl, config.mailFrom, app.log, {
    // Logs written to a stream (tests) are JSON lines whatever the format says.
    logFormat: logStream ? 'json' : config.logFormat,
    onDelivered: onMailDelivered,
  });
  const nluTrainer = workerTrainer();
  const documents = documentReader();
  const csv = csvReader();
  const outgoing: GuardedHttpOptions = {
    ...config.outgoing,
    ...(resolveHost ? { resolve: resolveHost } : {}),
  };
  const engineServices = createEngineServices(
    config,
    trainedModelStore({ trainer: nluTrainer, limits: config.nlu.limits, waitMs: config.nlu.trainingWaitMs }),
    outgoing,
    // Deliveries need the whole context (database, secrets, jobs), made just below.
    instanceWebhooks(() => ctx),
    conversationAgents(() => ctx),
  );
  const bus = new ConversationBus(app.log);
  await bus.start(database);
  const secrets = secretBox(config.secretsKey);
  const ctx: AppContext = {
    config,
    database,
    jobs,
    mail,
    csv,
    secrets,
    outgoing,
    conversations: {
      flows: new FlowCache(),
      cache: new ConversationCache(),
      locks: new KeyedLock(),
      nlu: new NluEngine(engineServices.nlu),
      engineServices,
      bus,
      instanceId: randomUUID(),
      writes: createTurnWrites(database),
      messageCounts: new SharedHitCounts(
        () => database.db,
        CHAT_LIMIT_WINDOW_MS,
        (error) => app.log.warn({ err: error }, 'visitors’ message counts were not shared this time'),
      ),
    },
    shopify: new ShopifyClient(config.shopify, outgoing),
    translation: new MachineTranslation(database, secrets, config.deepl),
    embedder:
      config.llm.apiKey && config.llm.embeddings
        ? createOpenAiEmbedder({
            apiKey: config.llm.apiKey,
            baseUrl: config.llm.baseUrl,
            ...config.llm.embeddings,
          })
        : undefined,
    realtime: { heartbeatMs: streamHeartbeatMs },
    lifecycle: { stopping: false },
  };
  app.decorate('ctx', ctx);
  ctx.conversations.turnOutbox = allOutboxes(
    sunshineOutbox(ctx),
    messengerOutbox(ctx),
    liteMailOutbox(ctx),
    helpdeskOutbox(ctx),
  );
  ctx.conversations.afterTurn = (turn) => {
    wakeSunshineOutbound(ctx, turn);
    wakeMessengerOutbound(ctx, turn);
    if (turn.outcome.events.some((event) => event.name === EVENT.HandoffRequested))
      ctx.jobs.wake('helpdesk-ticket');
  };
  await jobs.work('mail-delivery', deliverOutboxMail(database.db, mail));
  await jobs.work('sign-up-mail', ({ pendingSignUpId }) => mailSignUp(ctx, pendingSignUpId));
  await jobs.work('password-reset-mail', ({ email }) => mailPasswordReset(ctx, email));
  await jobs.work('delayed-move', async ({ conversationId, moduleId, requested }) => {
    await runServerTurn(ctx, conversationId, { type: 'delayed_move', moduleId, requested });
  });
  await jobs.work('conversation-expiry', async () => {
    await expireDueConversations(ctx);
  });
  await jobs.schedule('conversation-expiry', '* * * * *');
  await jobs.work('abandoned-turns', async () => {
    await finishAbandonedTurns(ctx);
  });
  await jobs.schedule('abandoned-turns', '* * * * *');
  const embedWhenLive = (trx: Queryable, fileId: string) => queueEmbedding(ctx, trx, fileId);
  await jobs.work('dataset-processing', async ({ fileId }) => {
    await processDatasetFile(database, app.log, csv, fileId, embedWhenLive);
    if (ctx.embedder) jobs.wake('knowledge-embedding');
  });
  await jobs.work('document-processing', async ({ fileId }) => {
    await processDocumentFile(database, app.log, documents, fileId, embedWhenLive);
    if (ctx.embedder) jobs.wake('knowledge-embedding');
  });
  await jobs.work('knowledge-embedding', ({ fileId }, { attempt }) =>
    embedFile(ctx, app.log, fileId, attempt),
  );
  // Knowledge processed before an embeddings model was set up (or with another one) is embedded now.
  const toEmbed = await queueMissingEmbeddings(ctx);
  if (toEmbed > 0) app.log.info({ files: toEmbed }, 'knowledge files queued for embedding');
  await jobs.work('bot-pretranslation', (job, { attempt }) => runPretranslation(ctx, job, attempt));
  await jobs.work('webhook-delivery', (delivery, { attempt }) => runQueuedDelivery(ctx, delivery, attempt));
  await jobs.work('sunshine-events', (job) => handleSunshineEvents(ctx, job));
  await jobs.work('sunshine-outbound', ({ conversationId, attempts }, { attempt }) =>
    sendSunshineOutbound(ctx, conversationId, (attempts ?? 0) + attempt),
  );
  await jobs.work('sunshine-event-pruning', async () => {
    const removed = await pruneSunshineEvents(ctx);
    if (removed > 0) app.log.info({ removed }, 'messaging-suite event ids past their retention forgotten');
  });
  await jobs.schedule('sunshine-event-pruning', '41 * * * *');
  // Sends a stopped process left unqueued (its turns are stored; sending claims each message once).
  const owed = await queueUnsentSunshine(ctx);
  if (owed > 0) app.log.info({ conversations: owed }, 'messaging-suite sends queued again on start');
  await jobs.work('broadcast-send', ({ broadcastId }) => sendBroadcastBatch(ctx, broadcastId));
  await jobs.work('broadcast-start', ({ broadcastId }) => startScheduled(ctx, broadcastId));
  await jobs.work('helpdesk-ticket', (job, { attempt }) => openHelpdeskTicket(ctx, job, attempt));
  await jobs.work('helpdesk-ticket-sync', (job, { attempt }) => syncZendeskTicket(ctx, job, attempt));
  await jobs.work('helpdesk-ticket-forward', (job, { attempt }) => forwardVisitorMessages(ctx, job, attempt));
  await jobs.work('messenger-events', (job) => handleMessengerEvents(ctx, job));
  await jobs.work('messenger-outbound', ({ conversationId }, { attempt }) =>
    sendMessengerOutbound(ctx, conversationId, attempt),
  );
  // Sends a stopped process left unqueued (its turns are stored; sending claims each message once).
  const owedMessenger = await queueUnsentMessenger(ctx);
  if (owedMessenger > 0)
    app.log.info({ conversations: owedMessenger }, 'Messenger sends queued again on start');
  await jobs.work('report-rollup', async () => {
    await rollUpReports(database.db);
  });
  await jobs.schedule('report-rollup', '* * * * *');
  await jobs.work('contact-variables-fold', async () => {
    // Some were stale: more are likely coming, so fold again in ten seconds rather than a minute
    // (a count asks each stale contact's copy).
    if ((await foldStaleContactVariables(database.db)) > 0)
      await jobs.send(
        database.db,
        'contact-variables-fold',
        {},
        { startAfter: new Date(Date.now() + 10_000) },
      );
  });
  await jobs.schedule('contact-variables-fold', '* * * * *');
  await jobs.work('audit-retention', async () => {
    const removed = await removeExpiredAuditEvents(database.db);
    if (removed > 0) app.log.info({ removed }, 'audit log entries past their company’s retention removed');
  });
  await jobs.schedule('audit-retention', '17 3 * * *');
  await jobs.work('agent-run-retention', async () => {
    const removed = await removeExpiredRuns(database.db);
    if (removed > 0) app.log.info({ removed }, 'agent runs past their company’s retention removed');
  });
  await jobs.schedule('agent-run-retention', '29 3 * * *');
  if (database.engine === 'pglite') {
    await jobs.work('embedded-vacuum', () => vacuumEmbeddedDatabase(database));
    await jobs.schedule('embedded-vacuum', EMBEDDED_VACUUM_CRON);
  }
  app.addHook('onClose', async () => {
    await ctx.conversations.messageCounts.share();
    await bus.close();
    await nluTrainer.close();
    await jobs.stop();
    // After the jobs: a document being read finishes rather than failing for the shutdown.
    await documents.close();
    await csv.close();
    mail.close();
    await database.close();
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.agentsApiUrl);
  registerCleanInput(app);
  await registerOpenApi(app, config.configuredPublicUrl);

  // The API scope: every route in it is private unless its config says `auth: 'public'`, and
  // declares the permission it needs.
  app.decorate('routeAccess', []);
  await app.register(async (api) => {
    registerRateLimit(api, (bucket) => rateLimitFor(bucket, config));
    // Before authentication: a preflight carries no credentials and is answered here.
    await registerPublicCors(api);
    registerAuthenticate(api);
    registerReadYourWrites(api);
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(usersRoutes);
    await api.register(teamRoutes);
    await api.register(auditRoutes);
    await api.register(frontendConfigRoutes);
    await api.register(mailRoutes);
    await api.register(telemetryRoutes);
    await api.register(templatesRoutes);
    await api.register(webhooksRoutes);
    await api.register(broadcastsRoutes);
    await api.register(botsRoutes);
    await api.register(liteRoutes);
    await api.register(companiesRoutes);
    await api.register(publishingRoutes);
    await api.register(chatRoutes);
    await api.register(webchatStyleRoutes);
    await api.register(translationRoutes);
    await api.register(storeRoutes);
    await api.register(helpdeskRoutes);
    await api.register(conversationsRoutes);
    await api.register(inboxRoutes);
    await api.register(debuggerRoutes);
    await api.register(nluRoutes);
    await api.register(aiRoutes);
    await api.register(knowledgeRoutes);
    await api.register(generativeRoutes);
    await api.register(llmRoutes);
    await api.register(reportsRoutes);
    // Its own plugin under the agents base URL (a path here; behind its own host in production).
    await api.register(agentsRoutes, { prefix: agentsApiPrefix(config.agentsApiUrl) });
    await api.register(sunshineRoutes);
    await api.register(messengerRoutes);
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
