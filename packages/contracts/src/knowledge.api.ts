import { z } from 'zod';
import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  datasetParamsSchema,
  datasetPreviewSchema,
  docstoreStatusSchema,
  documentPreviewSchema,
  knowledgeOverviewSchema,
  knowledgeSearchRequestSchema,
  knowledgeSearchResponseSchema,
  knowledgeSourceSchema,
  qaDocumentRequestSchema,
  updateDatasetRequestSchema,
  uploadDatasetQuerySchema,
} from './knowledge';

const tags = ['knowledge'];
const uploadDescription =
  'The body is the CSV file itself (Content-Type text/csv or application/octet-stream), at most 10 MB; ' +
  'a larger body is refused with 413 PayloadTooLargeException while it streams in, and nothing is stored. ' +
  'A background job then processes it: poll the dataset until its file is ready or failed.';

const documentDescription =
  'The body is the file itself: plain text (.txt), Markdown (.md), HTML (.html) or PDF (.pdf), named by ' +
  'fileName’s extension, at most 10 MB (413 PayloadTooLargeException while it streams in, nothing stored). ' +
  'A background job extracts its text and splits it into chunks under their headings: poll the document ' +
  'until its file is ready or failed (a PDF with no text, a binary file, … fail with the reason).';

export const documentParamsSchema = datasetParamsSchema;

/** What a bot knows: its CSV datasets and documents, search over them, and the published store. */
export const knowledgeApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/knowledge',
    tags,
    summary: 'The bot’s knowledge sources with their state, and which kinds of search are on',
    params: botIdParamsSchema,
    response: knowledgeOverviewSchema,
    errors: [401, 403, 404],
  }),
  uploadDataset: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/knowledge/datasets',
    tags,
    summary: 'Upload a CSV file as a new dataset; it is processed in the background',
    description: uploadDescription,
    params: botIdParamsSchema,
    query: uploadDatasetQuerySchema,
    status: 202,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  replaceDataset: defineRoute({
    method: 'PUT',
    path: '/api/bots/:id/knowledge/datasets/:sourceId/file',
    tags,
    summary: 'Replace a dataset’s file; the current file keeps answering until the new one is ready',
    description: uploadDescription,
    params: datasetParamsSchema,
    query: uploadDatasetQuerySchema,
    status: 202,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  dataset: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/knowledge/datasets/:sourceId',
    tags,
    summary: 'A dataset with its state and progress (poll it while processing) and its first rows',
    params: datasetParamsSchema,
    response: datasetPreviewSchema,
    errors: [401, 403, 404],
  }),
  updateDataset: defineRoute({
    method: 'PATCH',
    path: '/api/bots/:id/knowledge/datasets/:sourceId',
    tags,
    summary: 'Rename a dataset or choose its searchable and filter columns',
    params: datasetParamsSchema,
    body: updateDatasetRequestSchema,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  deleteDataset: defineRoute({
    method: 'DELETE',
    path: '/api/bots/:id/knowledge/datasets/:sourceId',
    tags,
    summary: 'Delete a dataset: its files and rows; the bot stops answering from it at once',
    params: datasetParamsSchema,
    status: 204,
    response: z.null(),
    errors: [401, 403, 404],
  }),
  search: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/knowledge/search',
    tags,
    summary: 'Search the bot’s ready datasets as a turn would: exact filters first, then ranked full text',
    params: botIdParamsSchema,
    body: knowledgeSearchRequestSchema,
    response: knowledgeSearchResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  uploadDocument: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/knowledge/documents',
    tags,
    summary: 'Upload a text, Markdown, HTML or PDF file as a new document; it is chunked in the background',
    description: documentDescription,
    params: botIdParamsSchema,
    query: uploadDatasetQuerySchema,
    status: 202,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  createQaDocument: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/knowledge/documents/qa',
    tags,
    summary: 'Make a document of pasted questions and answers (one chunk per pair, under its question)',
    params: botIdParamsSchema,
    body: qaDocumentRequestSchema,
    status: 202,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404],
  }),
  replaceDocument: defineRoute({
    method: 'PUT',
    path: '/api/bots/:id/knowledge/documents/:sourceId/file',
    tags,
    summary: 'Replace a document’s file; the current one keeps answering until the new one is ready',
    description: documentDescription,
    params: documentParamsSchema,
    query: uploadDatasetQuerySchema,
    status: 202,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  document: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/knowledge/documents/:sourceId',
    tags,
    summary: 'A document with its state and progress (poll it while processing) and its first chunks',
    params: documentParamsSchema,
    response: documentPreviewSchema,
    errors: [401, 403, 404],
  }),
  deleteDocument: defineRoute({
    method: 'DELETE',
    path: '/api/bots/:id/knowledge/documents/:sourceId',
    tags,
    summary: 'Delete a document: its files and chunks; the bot stops answering from it at once',
    params: documentParamsSchema,
    status: 204,
    response: z.null(),
    errors: [401, 403, 404],
  }),
  publishDocstore: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/docstore/publish',
    tags,
    summary: 'Publish the document store: the published bot answers from the draft’s knowledge as it is now',
    description:
      'Every source of the bot switches to its current ready file in one transaction, so a conversation ' +
      'sees the old store or the new one, never half of each. Publishing the bot publishes its store too.',
    params: botIdParamsSchema,
    response: docstoreStatusSchema,
    errors: [401, 403, 404],
  }),
  deleteDocstore: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/docstore/delete',
    tags,
    summary:
      'Delete the published document store: the published bot answers from no knowledge until published again',
    description: 'The draft’s knowledge stays; the test chat and the tester keep using it.',
    params: botIdParamsSchema,
    response: docstoreStatusSchema,
    errors: [401, 403, 404],
  }),
};
