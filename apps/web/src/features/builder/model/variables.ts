import { SYSTEM_VARIABLES } from '@parley/engine/builder';
import type { Flow } from '@parley/flow';
import { definitionOf } from '@parley/modules';

/** Conversation variables the bot declares or sets somewhere, sorted. */
export function variableNames(flow: Flow): string[] {
  const names = new Set(flow.variables.map((variable) => variable.name));
  for (const module of flow.modules)
    for (const name of definitionOf(module.type).variables(module.content).writes) if (name) names.add(name);
  for (const global of flow.globalConnections)
    for (const action of global.actions) names.add(action.variable);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** What the Jinja editor completes: the bot's variables and the system ones. */
export const completionNamesOf = (flow: Flow) => [
  ...variableNames(flow),
  ...SYSTEM_VARIABLES.map((variable) => variable.name),
];

/** Preview samples to start from: each declared variable's starting value. */
export const initialSamplesOf = (flow: Flow): Record<string, unknown> =>
  Object.fromEntries(flow.variables.map((variable) => [variable.name, variable.default]));
