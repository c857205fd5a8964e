import { type AuditAction, knowledgeApi } from '@parley/contracts';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { plain } from '../audit/audit-trail';
import {
  createQaDocument,
  datasetPreview,
  deleteDataset,
  deleteDocstore,
  deleteDocument,
  documentPreview,
  knowledgeOverview,
  publishDocstore,
  updateDataset,
  uploadDatasetFile,
  uploadDocumentFile,
} from './knowledge.service';
import { searchKnowledge } from './knowledge-search';
import { acceptFileBodies } from './upload-body';

/** A change to a dataset of a bot, logged with the bot it belongs to. */
const dataset = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'bots:manage',
  audit: {
    action,
    target: created ? { type: 'dataset', fromAnswer: true } : { type: 'dataset', param: 'sourceId' },
    details: ({ params, query }) => ({ bot_id: plain(params.id), file: plain(query.fileName) }),
  },
});

/** A change to a document of a bot, logged with the bot it belongs to. */
const document = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'bots:manage',
  audit: {
    action,
    target: created ? { type: 'document', fromAnswer: true } : { type: 'document', param: 'sourceId' },
    details: ({ params, query }) => ({ bot_id: plain(params.id), file: plain(query.fileName) }),
  },
});

/** Publishing or unpublishing a bot's knowledge store. */
const docstore = (action: AuditAction): FastifyContextConfig => ({
  permission: 'bots:publish',
  audit: { action, target: { type: 'bot', param: 'id' } },
});

/** A bot's knowledge: CSV datasets, documents, search over them and the published store (contracts: knowledgeApi). */
export const knowledgeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;
  acceptFileBodies(app);

  routeFrom(app, knowledgeApi.overview, { config: { permission: 'bots:view' } }, async (request) =>
    knowledgeOverview(ctx(), sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    knowledgeApi.uploadDataset,
    { config: dataset('knowledge.dataset-uploaded', true) },
    async (request) =>
      uploadDatasetFile(ctx(), sessionOf(request), request, {
        botId: request.params.id,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(
    app,
    knowledgeApi.replaceDataset,
    { config: dataset('knowledge.dataset-replaced') },
    async (request) =>
      uploadDatasetFile(ctx(), sessionOf(request), request, {
        botId: request.params.id,
        sourceId: request.params.sourceId,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(app, knowledgeApi.dataset, { config: { permission: 'bots:view' } }, async (request) =>
    datasetPreview(ctx(), sessionOf(request), request.params.id, request.params.sourceId),
  );
  routeFrom(
    app,
    knowledgeApi.updateDataset,
    { config: dataset('knowledge.dataset-changed') },
    async (request) =>
      updateDataset(ctx(), sessionOf(request), request.params.id, request.params.sourceId, request.body),
  );
  routeFrom(
    app,
    knowledgeApi.deleteDataset,
    { config: dataset('knowledge.dataset-deleted') },
    async (request) => {
      await deleteDataset(ctx(), sessionOf(request), request.params.id, request.params.sourceId);
      return null;
    },
  );
  routeFrom(app, knowledgeApi.search, { config: { permission: 'bots:manage' } }, async (request) =>
    searchKnowledge(ctx().database.db, sessionOf(request).companyId, request.params.id, {
      ...request.body,
      embedder: ctx().embedder,
      log: request.log,
    }),
  );
  routeFrom(
    app,
    knowledgeApi.uploadDocument,
    { config: document('knowledge.document-uploaded', true) },
    async (request) =>
      uploadDocumentFile(ctx(), sessionOf(request), request, {
        botId: request.params.id,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(
    app,
    knowledgeApi.createQaDocument,
    { config: document('knowledge.qa-added', true) },
    async (request) => createQaDocument(ctx(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    knowledgeApi.replaceDocument,
    { config: document('knowledge.document-replaced') },
    async (request) =>
      uploadDocumentFile(ctx(), sessionOf(request), request, {
        botId: request.params.id,
        sourceId: request.params.sourceId,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(app, knowledgeApi.document, { config: { permission: 'bots:view' } }, async (request) =>
    documentPreview(ctx(), sessionOf(request), request.params.id, request.params.sourceId),
  );
  routeFrom(
    app,
    knowledgeApi.deleteDocument,
    { config: document('knowledge.document-deleted') },
    async (request) => {
      await deleteDocument(ctx(), sessionOf(request), request.params.id, request.params.sourceId);
      return null;
    },
  );
  routeFrom(app, knowledgeApi.publishDocstore, { config: docstore('knowledge.published') }, async (request) =>
    publishDocstore(ctx(), sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    knowledgeApi.deleteDocstore,
    { config: docstore('knowledge.unpublished') },
    async (request) => deleteDocstore(ctx(), sessionOf(request), request.params.id),
  );
};
