import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { noneWrites, setVariableActionSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { setVariableWords } from './words';

export const setVariableContentSchema = z.object({
  /** Applied in order, so a later one can use an earlier one. */
  assignments: z.array(setVariableActionSchema).min(1).max(50),
});
export type SetVariableContent = z.infer<typeof setVariableContentSchema>;

const english = englishOf(setVariableWords);
const create = (say: Say<typeof setVariableWords> = english): SetVariableContent => ({
  assignments: [{ variable: say('defaults.variable'), value: '0' }],
});

export const setVariableDefinition = {
  words: setVariableWords,
  summary: (content) => content.assignments.map((action) => `${action.variable} = ${action.value}`),
  content: setVariableContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [{ id: 'next', label: say('ports.next') }],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [],
    expressions: content.assignments.map((assignment) => assignment.value),
    writes: content.assignments.map((assignment) => assignment.variable),
    nullable: noneWrites(content.assignments),
  }),
} satisfies ModuleDefinition<SetVariableContent, typeof setVariableWords>;
