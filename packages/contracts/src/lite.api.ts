import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import { knowledgeSourceSchema, uploadDatasetQuerySchema } from './knowledge';
import {
  liteAnswersSchema,
  liteBotSchema,
  liteCsvQuerySchema,
  liteCsvSchema,
  liteDraftRequestSchema,
  liteDraftSchema,
  liteHomeSchema,
  saveLiteBotRequestSchema,
} from './lite';

const tags = ['lite'];

/** The lite home, the guided bot form and lite settings. */
export const liteApi = {
  home: defineRoute({
    method: 'GET',
    path: '/api/lite/home',
    tags,
    summary: 'The company’s bots with their state and this week’s conversations, handovers and goals',
    response: liteHomeSchema,
    errors: [401, 403],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/lite/bots',
    tags,
    summary: 'Build a complete bot from the guided form’s answers (the newest lite template)',
    body: liteAnswersSchema,
    status: 201,
    response: liteBotSchema,
    errors: [400, 401, 403, 413],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/lite/bots/:id',
    tags,
    summary: 'A bot built with the guided form, as the form’s answers (409 for a bot built on the canvas)',
    params: botIdParamsSchema,
    response: liteBotSchema,
    errors: [401, 403, 404, 409],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/lite/bots/:id',
    tags,
    summary: 'Change a lite bot’s answers: its draft flow is rebuilt from them',
    params: botIdParamsSchema,
    body: saveLiteBotRequestSchema,
    response: liteBotSchema,
    errors: [400, 401, 403, 404, 409, 413],
  }),
  readCsv: defineRoute({
    method: 'POST',
    path: '/api/lite/csv',
    tags,
    summary: 'Read a CSV file for the guided form: its questions and answers to review, or a catalogue',
    description:
      'The body is the file itself (text/csv or application/octet-stream), read as a knowledge upload ' +
      'is and held to the same size limit (413 PayloadTooLargeException). Two columns under a header ' +
      'row are questions and answers; more columns are a catalogue when `catalogue=true`. An empty ' +
      'file, a broken one or the wrong columns answer 400 ValidationException with `details.reason` ' +
      '(`empty`, `bad-csv`, `wrong-columns`). Nothing is stored.',
    query: liteCsvQuerySchema,
    response: liteCsvSchema,
    errors: [400, 401, 403, 413],
  }),
  attachCatalogue: defineRoute({
    method: 'POST',
    path: '/api/lite/bots/:id/catalogue',
    tags,
    summary: 'Add a catalogue CSV to a lite bot as a knowledge dataset and switch its generative answers on',
    description:
      'The body is the file itself, uploaded and processed as any dataset is (in the background). ' +
      '503 NotConfiguredException when no language model is configured: without one nobody would answer from it.',
    params: botIdParamsSchema,
    query: uploadDatasetQuerySchema,
    status: 202,
    response: knowledgeSourceSchema,
    errors: [400, 401, 403, 404, 409, 413, 503],
  }),
  draftAnswers: defineRoute({
    method: 'POST',
    path: '/api/lite/answer-drafts',
    tags,
    summary: 'Draft answers (or common questions and answers) with the configured model, for review',
    description:
      'Nothing is stored: the form shows the drafts for the person to edit. 503 NotConfiguredException ' +
      'without a configured model; 502 UpstreamException when the model fails or answers something unreadable; ' +
      '429 over the company’s completions limit.',
    body: liteDraftRequestSchema,
    response: liteDraftSchema,
    errors: [400, 401, 403, 429, 502, 503],
  }),
};
