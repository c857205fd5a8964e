import { botIdParamsSchema } from './bots';
import {
  debugConversationParamsSchema,
  debugConversationSchema,
  debugMessageRequestSchema,
  debugTurnSchema,
  moduleFailuresSchema,
  startDebugRequestSchema,
} from './debugger';
import { defineRoute } from './define-route';

const tags = ['debugger'];

/** The builder's debugger: conversations with the draft that report every step they take. */
export const debuggerApi = {
  start: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/debugger/conversations',
    tags,
    summary:
      'Start a conversation with the draft (test deployment), at the start module or any module; answers the steps taken with the variables after each',
    params: botIdParamsSchema,
    body: startDebugRequestSchema,
    status: 201,
    response: debugConversationSchema,
    errors: [400, 401, 403, 404],
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/debugger/conversations/:conversationId/messages',
    tags,
    summary: 'Send a message in a debugged conversation; answers the replies and the steps taken',
    params: debugConversationParamsSchema,
    body: debugMessageRequestSchema,
    response: debugTurnSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  moduleFailures: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/debugger/module-failures',
    tags,
    summary:
      'Modules whose templates failed to render in conversations since the last publish (at most a week): how many conversations, when last, and why',
    params: botIdParamsSchema,
    response: moduleFailuresSchema,
    errors: [401, 403, 404],
  }),
};
