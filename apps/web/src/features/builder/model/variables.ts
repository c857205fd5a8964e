import type { TemplateVariables } from '@parley/contracts';
import { SYSTEM_VARIABLES } from '@parley/engine/builder';
import type { Flow } from '@parley/flow';
import { definitionOf } from '@parley/modules';
import { cachedAnalyzer } from './cached-analyzer';

/** Where a variable is set and read; `global:<id>` stands for a global connection. */
export interface VariableUsage {
  name: string;
  declared: boolean;
  setIn: string[];
  readIn: string[];
}

const add = (list: string[], id: string) => {
  if (!list.includes(id)) list.push(id);
};

/** Every conversation variable of the bot: declared, set or read, with where. Sorted by name. */
export function variableUsages(flow: Flow): VariableUsage[] {
  const usages = new Map<string, VariableUsage>();
  const usage = (name: string) => {
    let found = usages.get(name);
    if (!found) {
      found = { name, declared: false, setIn: [], readIn: [] };
      usages.set(name, found);
    }
    return found;
  };
  for (const variable of flow.variables) usage(variable.name).declared = true;
  const reads = (where: string, result: { names: string[] } | { error: string }) => {
    if ('names' in result)
      for (const name of result.names) if (!isSystem(name)) add(usage(name).readIn, where);
  };
  for (const module of flow.modules) {
    const use = definitionOf(module.type).variables(module.content);
    for (const name of use.writes) if (name) add(usage(name).setIn, module.id);
    for (const template of use.templates)
      if (template.includes('{')) reads(module.id, cachedAnalyzer.template(template));
    for (const expression of use.expressions)
      if (expression.trim()) reads(module.id, cachedAnalyzer.expression(expression));
  }
  for (const global of flow.globalConnections) {
    for (const action of global.actions) {
      add(usage(action.variable).setIn, `global:${global.id}`);
      if (action.value.trim()) reads(`global:${global.id}`, cachedAnalyzer.expression(action.value));
    }
  }
  return [...usages.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const systemRoots = new Set(SYSTEM_VARIABLES.map((name) => name.split('.')[0]));
const isSystem = (name: string) => systemRoots.has(name);

/** Conversation variables the bot declares or sets somewhere, sorted (for pickers). */
export const pickableNames = (usages: VariableUsage[]): string[] =>
  usages.filter((usage) => usage.declared || usage.setIn.length > 0).map((usage) => usage.name);

/** What the Jinja editor completes: the bot's variables and the system ones. */
export const completionNames = (usages: VariableUsage[]): string[] => [
  ...usages.map((usage) => usage.name),
  ...SYSTEM_VARIABLES,
];

/** Preview samples to start from: each declared variable's starting value. */
export const initialSamplesOf = (flow: Flow): TemplateVariables =>
  Object.fromEntries(flow.variables.map((variable) => [variable.name, variable.default]));

/**
 * Renames `from` to `to` in Jinja source: names only, never inside string literals or after a dot
 * (`order.name` keeps its attribute).
 */
export function renameInExpression(source: string, from: string, to: string): string {
  return source.replace(
    /('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(\.\s*)?\b([A-Za-z_]\w*)\b/g,
    (match, literal: string | undefined, dot: string | undefined, name: string | undefined) =>
      literal || dot || name !== from ? match : to,
  );
}

/** The same, only inside a template's `{{ … }}` and `{% … %}` (the text around is the message). */
export function renameInTemplate(source: string, from: string, to: string): string {
  return source.replace(
    /(\{\{|\{%)([\s\S]*?)(\}\}|%\})/g,
    (_, open: string, inner: string, close: string) =>
      `${open}${renameInExpression(inner, from, to)}${close}`,
  );
}

/** Fields of module content holding a variable's name. */
const NAME_FIELDS = new Set(['variable', 'responseVariable', 'resultVariable']);

/**
 * Which kind of text a field holds: a variable's name, a Jinja expression (a condition, or the
 * value of a Set Variable action, which sits beside its `variable`), or a template.
 */
function fieldKind(owner: Record<string, unknown>, field: string): 'name' | 'expression' | 'template' {
  if (NAME_FIELDS.has(field)) return 'name';
  if (field === 'expression' || (field === 'value' && 'variable' in owner)) return 'expression';
  return 'template';
}

function renameInContent(value: unknown, from: string, to: string, kind = 'template'): unknown {
  if (typeof value === 'string') {
    if (kind === 'name') return value === from ? to : value;
    if (kind === 'expression') return renameInExpression(value, from, to);
    return value.includes('{') ? renameInTemplate(value, from, to) : value;
  }
  if (Array.isArray(value)) {
    const next = value.map((item) => renameInContent(item, from, to));
    return next.every((item, index) => item === value[index]) ? value : next;
  }
  if (value && typeof value === 'object') {
    const owner = value as Record<string, unknown>;
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [field, item] of Object.entries(owner)) {
      next[field] = renameInContent(item, from, to, fieldKind(owner, field));
      if (next[field] !== item) changed = true;
    }
    return changed ? next : value;
  }
  return value;
}

/**
 * Renames a conversation variable everywhere: its declaration, the modules and global connections
 * that set it, and every template and expression that reads it. Unchanged modules stay the same
 * objects.
 */
export function renameVariable(flow: Flow, from: string, to: string): Flow {
  if (from === to) return flow;
  return {
    ...flow,
    variables: flow.variables.map((variable) =>
      variable.name === from ? { ...variable, name: to } : variable,
    ),
    modules: flow.modules.map((module) => {
      const content = renameInContent(module.content, from, to);
      return content === module.content ? module : ({ ...module, content } as typeof module);
    }),
    globalConnections: flow.globalConnections.map((global) => {
      const actions = renameInContent(global.actions, from, to) as typeof global.actions;
      return actions === global.actions ? global : { ...global, actions };
    }),
  };
}

/** Declares a variable (or updates its declaration) with a starting value and a description. */
export function declareVariable(
  flow: Flow,
  declaration: { name: string; default: Flow['variables'][number]['default']; description: string },
): Flow {
  const exists = flow.variables.some((variable) => variable.name === declaration.name);
  return {
    ...flow,
    variables: exists
      ? flow.variables.map((variable) => (variable.name === declaration.name ? declaration : variable))
      : [...flow.variables, declaration],
  };
}

export const undeclareVariable = (flow: Flow, name: string): Flow => ({
  ...flow,
  variables: flow.variables.filter((variable) => variable.name !== name),
});
