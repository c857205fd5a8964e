import { z } from 'zod';

/** Sample values a template renders with: any JSON, by variable name. */
export const templateVariablesSchema = z.record(z.string(), z.json());
export type TemplateVariables = z.infer<typeof templateVariablesSchema>;

/** `POST /api/templates/render`: the builder's Jinja editor preview. */
export const renderTemplateRequestSchema = z.strictObject({
  template: z.string().max(100_000, 'Templates are at most 100 000 characters'),
  variables: templateVariablesSchema.default({}),
});
export type RenderTemplateRequest = z.infer<typeof renderTemplateRequestSchema>;

export const renderTemplateResponseSchema = z.object({ output: z.string() });

/**
 * `details` of a TemplateException: where the template failed (1-based line), the error's name
 * (TemplateError, UndefinedError, SandboxError, TemplateBudgetExceeded) and, for a budget, which limit.
 */
export const templateErrorDetailsSchema = z.object({
  line: z.number().int().nullable(),
  error: z.string(),
  limit: z.enum(['output', 'characters', 'steps', 'time']).optional(),
});
