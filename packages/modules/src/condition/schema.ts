import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf } from '../kit/words';
import { conditionWords } from './words';

export const conditionContentSchema = z.object({
  /** Tried in order; the first whose Jinja expression holds wins, otherwise `else`. */
  branches: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        label: z.string().max(80).default(''),
        expression: z.string().min(1, conditionWords.errors.expression).max(2000),
      }),
    )
    .min(1)
    .max(20),
});
export type ConditionContent = z.infer<typeof conditionContentSchema>;

const english = englishOf(conditionWords);
const create = (): ConditionContent => ({ branches: [{ id: 'c1', label: '', expression: 'true' }] });

export const conditionDefinition = {
  words: conditionWords,
  summary: (content, say = english) =>
    content.branches.map((branch) => say('summary.branch', { expression: branch.expression })),
  content: conditionContentSchema,
  create,
  defaults: create(),
  ports: (content, say = english) => [
    ...content.branches.map((branch) => ({
      id: `branch:${branch.id}`,
      label: branch.label || branch.expression,
    })),
    { id: 'else', label: say('ports.else') },
  ],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [],
    expressions: content.branches.map((branch) => branch.expression),
    writes: [],
  }),
} satisfies ModuleDefinition<ConditionContent, typeof conditionWords>;
