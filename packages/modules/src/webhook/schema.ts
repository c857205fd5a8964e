import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf } from '../kit/words';
import { webhookWords } from './words';

/**
 * One of the company's installed webhooks (marketplace instances), chosen instead of a raw
 * request: the instance holds the address and secrets; the module fills the template's `bot`
 * fields (templates over the conversation). `name` and `maps` are what the builder last saw of the
 * instance (its name, the variables its answer maps to), so the canvas and the variable checks
 * need no call.
 */
export const webhookInstanceChoiceSchema = z.object({
  id: z.string().uuid(),
  name: z.string().max(80).default(''),
  fields: z.record(z.string(), z.string().max(4000)).default({}),
  maps: z.array(variableNameSchema).max(20).default([]),
});
export type WebhookInstanceChoice = z.infer<typeof webhookInstanceChoiceSchema>;

export const webhookContentSchema = z.object({
  /** Set: the module calls this installed webhook, and the raw request below is not used. */
  instance: webhookInstanceChoiceSchema.optional(),
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
const writesOf = (content: WebhookContent) => [
  ...(content.instance?.maps ?? []),
  ...(content.responseVariable ? [content.responseVariable] : []),
];
const create = (): WebhookContent => ({
  method: 'POST',
  url: 'https://example.com/hook',
  headers: [],
  body: '',
  timeoutMs: 10_000,
});

export const webhookDefinition = {
  words: webhookWords,
  summary: (content, say = english) =>
    content.instance
      ? [say('summary.instance', { name: content.instance.name })]
      : [`${content.method} ${content.url}`],
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
    templates: content.instance
      ? Object.values(content.instance.fields)
      : [content.url, content.body, ...content.headers.flatMap((header) => [header.name, header.value])],
    expressions: [],
    writes: writesOf(content),
    // A mapped field of the answer, or the whole JSON answer, may be null.
    nullable: writesOf(content),
  }),
} satisfies ModuleDefinition<WebhookContent, typeof webhookWords>;
