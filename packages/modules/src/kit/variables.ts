import { z } from 'zod';
import { kitWords } from './kit-words';
import type { ExecutionContext } from './module-kit';

/** Namespaces the engine owns: `parley.*` (transcript, chat history, …) and `sc` (messaging suite context). */
export const RESERVED_VARIABLES = [
  'parley',
  'sc',
  'loop',
  'range',
  'namespace',
  'dict',
  'cycler',
  'joiner',
] as const;

export const variableNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, kitWords.errors.variableName)
  .max(64, kitWords.errors.variableLength)
  .refine(
    (name) => !(RESERVED_VARIABLES as readonly string[]).includes(name),
    kitWords.errors.variableReserved,
  );

/** "Set Variable": `variable` takes the value of the Jinja expression `value`. */
export const setVariableActionSchema = z.object({
  variable: variableNameSchema,
  value: z.string().max(2000),
});
export type SetVariableAction = z.infer<typeof setVariableActionSchema>;

/** The action sets its variable to None (`none` or `None`, Jinja's null, alone). */
export const setsNone = (action: SetVariableAction) => /^\s*\(?\s*[Nn]one\s*\)?\s*$/.test(action.value);

/** The variables these actions set to None. */
export const noneWrites = (actions: SetVariableAction[]) =>
  actions.filter(setsNone).map((action) => action.variable);

export function applySetVariables(actions: SetVariableAction[], context: ExecutionContext): void {
  for (const action of actions) context.setVariable(action.variable, context.evaluate(action.value));
}
