import { z } from 'zod';
import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  datasetParamsSchema,
  datasetPreviewSchema,
  knowledgeOverviewSchema,
  knowledgeSearchRequestSchema,
  knowledgeSearchResponseSchema,
  knowledgeSourceSchema,
  updateDatasetRequestSchema,
  uploadDatasetQuerySchema,
} from './knowledge';

const tags = ['knowledge'];
const uploadDescription =
  'The body is the CSV file itself (Content-Type text/csv or application/octet-stream), at most 10 MB; ' +
  'a larger body is refused with 413 PayloadTooLargeException while it streams in, and nothing is stored. ' +
  'A background job then processes it: poll the dataset until its file is ready or failed.';

/** What a bot knows: its CSV datasets, and search over them. */
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
};
