import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { setVariableActionSchema } from '../kit/variables';

export const setVariableContentSchema = z.object({
  /** Applied in order, so a later one can use an earlier one. */
  assignments: z.array(setVariableActionSchema).min(1).max(50),
});
export type SetVariableContent = z.infer<typeof setVariableContentSchema>;

export const setVariableDefinition = {
  label: 'Set variable',
  summary: (content) => content.assignments.map((action) => `${action.variable} = ${action.value}`),
  content: setVariableContentSchema,
  defaults: { assignments: [{ variable: 'counter', value: '0' }] },
  ports: () => [{ id: 'next', label: 'Next' }],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [],
    expressions: content.assignments.map((assignment) => assignment.value),
    writes: content.assignments.map((assignment) => assignment.variable),
  }),
} satisfies ModuleDefinition<SetVariableContent>;
