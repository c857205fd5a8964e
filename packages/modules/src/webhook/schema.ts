import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf } from '../kit/words';
import { webhookWords } from './words';

export const webhookContentSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  /** Templated: `https://api.example.com/orders/{{ order_id }}`. */
  url: z.string().min(1, webhookWords.errors.url).max(2000),
  headers: z
    .array(z.object({ name: z.string().min(1).max(200), value: z.string().max(4000) }))
    .max(30)
    .default([]),
  /** Templated request body (usually JSON built with `| tojson`). */
  body: z.string().max(100_000).default(''),
  timeoutMs: z.number().int().min(500).max(30_000).default(10_000),
  /** Where the response goes: the parsed JSON body when it is JSON, the text otherwise. */
  responseVariable: variableNameSchema.optional(),
});
export type WebhookContent = z.infer<typeof webhookContentSchema>;

const english = englishOf(webhookWords);
const create = (): WebhookContent => ({
  method: 'POST',
  url: 'https://example.com/hook',
  headers: [],
  body: '',
  timeoutMs: 10_000,
});

export const webhookDefinition = {
  words: webhookWords,
  summary: (content) => [`${content.method} ${content.url}`],
  content: webhookContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'success', label: say('ports.success') },
    { id: 'failure', label: say('ports.failure') },
  ],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [
      content.url,
      content.body,
      ...content.headers.flatMap((header) => [header.name, header.value]),
    ],
    expressions: [],
    writes: content.responseVariable ? [content.responseVariable] : [],
  }),
} satisfies ModuleDefinition<WebhookContent, typeof webhookWords>;
