import { z } from 'zod';
import { conversationParamsSchema } from './chat';
import { defineRoute } from './define-route';

/** Conversation operations for the company's own staff and integrations (signed in). */
export const conversationsApi = {
  delayedMove: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/delayed-move',
    tags: ['conversations'],
    summary: 'Trigger a delayed response: move the conversation to a module after some seconds',
    params: conversationParamsSchema,
    body: z.strictObject({
      moduleId: z.string().min(1).max(64),
      delaySeconds: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 3600),
    }),
    status: 202,
    response: z.object({ dueAt: z.string() }),
    errors: [400, 401, 403, 404],
  }),
};
