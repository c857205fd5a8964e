import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';

export const conditionContentSchema = z.object({
  /** Tried in order; the first whose Jinja expression holds wins, otherwise `else`. */
  branches: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        label: z.string().max(80).default(''),
        expression: z.string().min(1, 'Write a condition').max(2000),
      }),
    )
    .min(1)
    .max(20),
});
export type ConditionContent = z.infer<typeof conditionContentSchema>;

export const conditionDefinition = {
  label: 'Condition',
  summary: (content) => content.branches.map((branch) => `if ${branch.expression}`),
  content: conditionContentSchema,
  defaults: { branches: [{ id: 'c1', label: '', expression: 'true' }] },
  ports: (content) => [
    ...content.branches.map((branch) => ({
      id: `branch:${branch.id}`,
      label: branch.label || branch.expression,
    })),
    { id: 'else', label: 'Else' },
  ],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [],
    expressions: content.branches.map((branch) => branch.expression),
    writes: [],
  }),
} satisfies ModuleDefinition<ConditionContent>;
