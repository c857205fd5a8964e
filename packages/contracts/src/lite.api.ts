import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import { liteAnswersSchema, liteBotSchema, liteHomeSchema, saveLiteBotRequestSchema } from './lite';

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
};
