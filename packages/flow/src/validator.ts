import {
  compileUserPattern,
  definitionOf,
  type ModuleFindingCode,
  type PatternRefusal,
  RESERVED_VARIABLES,
  setsNone,
} from '@parley/modules';
import { modulesById, portsOf, reachableModules, stronglyConnected, waitsForInput } from './graph';
import {
  DEFAULT_NLU_LIMITS,
  describeNluLimit,
  type NluLimitExceeded,
  type NluLimits,
  nluLimitExceeded,
} from './nlu-limits';
import type { Flow } from './schema';
import { triggerKindOf } from './triggers';

/** What a finding is about: the flow's own checks, and those of module types (their `check`). */
export type FindingCode =
  | ModuleFindingCode
  | 'missing-start'
  | 'duplicate-id'
  | 'connection-to-missing-module'
  | 'unknown-port'
  | 'duplicate-port-connection'
  | 'global-to-missing-module'
  | 'invalid-regex'
  | 'unknown-intent'
  | 'intent-without-phrases'
  | 'nlu-model-too-large'
  | 'unknown-tag'
  | 'template-error'
  | 'loop-without-input'
  | 'dead-end'
  | 'unreachable'
  | 'undeclared-variable'
  | 'nullable-printed';

/**
 * Errors break the bot (publishing refuses them); warnings are worth a look. `message` says it in
 * English; the other fields name what it is about, so the builder can say it in the user's language.
 */
export interface Finding {
  severity: 'error' | 'warning';
  code: FindingCode;
  message: string;
  /** The module it is about (the first of a loop). */
  moduleId?: string;
  /** The module's connection, or the global connection, it is about. */
  connectionId?: string;
  variable?: string;
  line?: number;
  /** The fallback connection is what is wrong. */
  fallback?: boolean;
  /** A module id that does not exist (the start, a connection's target). */
  target?: string;
  /** The output it is about (`next`, `button:b1`). */
  port?: string;
  /** Outputs left unconnected. */
  ports?: string[];
  intent?: string;
  pattern?: string;
  refusal?: PatternRefusal;
  /** The modules of a loop, in the document's order. */
  moduleIds?: string[];
  /** The template analyzer's own words on a syntax error. */
  detail?: string;
  nluLimit?: NluLimitExceeded;
}

/** How the validator reads templates: supplied by the engine, which owns Jinja. */
export interface TemplateAnalyzer {
  /**
   * The variables a template reads from outside itself, and those of them it prints as they are
   * (`{{ name }}`, no filter that replaces None, outside an `{% if %}` testing it); or its syntax error.
   */
  template(source: string): { names: string[]; printed?: string[] } | { error: string; line?: number };
  expression(source: string): { names: string[] } | { error: string; line?: number };
}

/** Names always available in templates (besides the flow's variables). */
const builtInNames = new Set<string>([
  ...RESERVED_VARIABLES,
  'true',
  'false',
  'none',
  'True',
  'False',
  'None',
]);

export interface ValidateOptions {
  /** The bounds of the bot's intent model: the server's configured ones, else the defaults. */
  nluLimits?: NluLimits;
}

export function validateFlow(
  flow: Flow,
  analyzer?: TemplateAnalyzer,
  { nluLimits = DEFAULT_NLU_LIMITS }: ValidateOptions = {},
): Finding[] {
  const findings: Finding[] = [];
  const byId = modulesById(flow);
  const error = (finding: Omit<Finding, 'severity'>) => findings.push({ severity: 'error', ...finding });
  const warning = (finding: Omit<Finding, 'severity'>) => findings.push({ severity: 'warning', ...finding });
  const label = (id: string) => {
    const module = byId.get(id);
    return module?.name ? `“${module.name}”` : `module ${id}`;
  };

  if (!byId.has(flow.startModuleId))
    error({
      code: 'missing-start',
      target: flow.startModuleId,
      message: `The start module ${flow.startModuleId} does not exist`,
    });
  const fallbackId = flow.settings.fallbackModuleId;
  if (fallbackId && !byId.has(fallbackId)) {
    error({
      code: 'connection-to-missing-module',
      fallback: true,
      target: fallbackId,
      message: `The fallback connection leads to a module that does not exist (${fallbackId})`,
    });
  }
  const seenIds = new Set<string>();
  for (const module of flow.modules) {
    if (seenIds.has(module.id))
      error({ code: 'duplicate-id', moduleId: module.id, message: `Two modules share the id ${module.id}` });
    seenIds.add(module.id);
  }
  const intents = new Set(flow.intents.map((intent) => intent.name));
  const untrained = new Set(
    flow.intents.filter((intent) => intent.utterances.length === 0).map((intent) => intent.name),
  );
  // Training would refuse such a model, so intents would never be understood.
  const tooLarge = nluLimitExceeded(flow.intents, nluLimits);
  if (tooLarge)
    error({
      code: 'nlu-model-too-large',
      nluLimit: tooLarge,
      message: `${describeNluLimit(tooLarge)}: the bot cannot learn its intents`,
    });
  const tags = new Set(flow.tags.map((tag) => tag.id));

  for (const module of flow.modules) {
    const ports = portsOf(module);
    const portIds = new Set(ports.map((port) => port.id));
    const connectedPorts = new Set<string>();
    for (const connection of module.connections) {
      if (!byId.has(connection.target)) {
        error({
          code: 'connection-to-missing-module',
          moduleId: module.id,
          connectionId: connection.id,
          target: connection.target,
          message: `${label(module.id)} connects to a module that does not exist (${connection.target})`,
        });
      }
      if (!portIds.has(connection.port)) {
        error({
          code: 'unknown-port',
          moduleId: module.id,
          connectionId: connection.id,
          port: connection.port,
          message: `${label(module.id)} has no output “${connection.port}”`,
        });
      }
      if (connectedPorts.has(connection.port)) {
        error({
          code: 'duplicate-port-connection',
          moduleId: module.id,
          connectionId: connection.id,
          port: connection.port,
          message: `${label(module.id)} connects its output “${connection.port}” twice`,
        });
      }
      connectedPorts.add(connection.port);
    }
    const open = ports.filter((port) => !connectedPorts.has(port.id));
    if (!definitionOf(module.type).terminal && open.length > 0) {
      warning({
        code: 'dead-end',
        moduleId: module.id,
        ports: open.map((port) => port.id),
        message: `${label(module.id)} leads nowhere from: ${open.map((port) => port.label).join(', ')}`,
      });
    }
    const context = { label: label(module.id), intents, untrainedIntents: untrained };
    for (const finding of definitionOf(module.type).check?.(module.content, context) ?? [])
      findings.push({ ...finding, moduleId: module.id });
    for (const { pattern, flags } of definitionOf(module.type).patterns?.(module.content) ?? []) {
      const compiled = compileUserPattern(pattern, flags);
      if (!compiled.ok)
        error({
          code: 'invalid-regex',
          moduleId: module.id,
          pattern,
          refusal: compiled.refusal,
          message: `${label(module.id)}: the pattern “${pattern}” cannot be used: ${compiled.reason}`,
        });
    }
    for (const tag of module.tags) {
      if (!tags.has(tag))
        warning({
          code: 'unknown-tag',
          moduleId: module.id,
          message: `${label(module.id)} has a tag that no longer exists`,
        });
    }
  }

  for (const global of flow.globalConnections) {
    if (!byId.has(global.target))
      error({
        code: 'global-to-missing-module',
        connectionId: global.id,
        target: global.target,
        message: `The global connection “${global.name || global.id}” leads to a module that does not exist`,
      });
    const context = { name: global.name || global.id, intents, untrainedIntents: untrained };
    for (const finding of triggerKindOf(global.trigger).check(global.trigger, context))
      findings.push({ ...finding, connectionId: global.id });
  }

  // A loop of modules that never wait for the user, with no way out, runs forever.
  const flowing = flow.modules.filter(
    (module) => !waitsForInput(module) && !definitionOf(module.type).terminal,
  );
  const flowingIds = new Set(flowing.map((module) => module.id));
  const edges = (id: string) =>
    (byId.get(id)?.connections ?? [])
      .map((connection) => connection.target)
      .filter((target) => flowingIds.has(target));
  for (const group of stronglyConnected([...flowingIds], edges)) {
    const members = new Set(group);
    const selfLoop = group.length === 1 && edges(group[0] as string).includes(group[0] as string);
    if (group.length < 2 && !selfLoop) continue;
    const exits = group.some((id) => {
      const module = byId.get(id);
      if (!module) return false;
      const connected = new Set(module.connections.map((connection) => connection.port));
      // An unconnected port ends the turn, which is a way out too.
      return (
        portsOf(module).some((port) => !connected.has(port.id)) ||
        module.connections.some((connection) => !members.has(connection.target))
      );
    });
    if (!exits) {
      const inOrder = flow.modules.filter((module) => members.has(module.id)).map((module) => module.id);
      error({
        code: 'loop-without-input',
        moduleId: inOrder[0],
        moduleIds: inOrder,
        message: `${inOrder.map(label).join(' → ')} loop forever without waiting for the user`,
      });
    }
  }

  const reachable = reachableModules(flow);
  for (const module of flow.modules) {
    if (!reachable.has(module.id))
      warning({ code: 'unreachable', moduleId: module.id, message: `${label(module.id)} cannot be reached` });
  }

  if (analyzer) checkTemplates(flow, analyzer, error, warning, label);
  return findings;
}

function checkTemplates(
  flow: Flow,
  analyzer: TemplateAnalyzer,
  error: (finding: Omit<Finding, 'severity'>) => void,
  warning: (finding: Omit<Finding, 'severity'>) => void,
  label: (id: string) => string,
): void {
  const known = new Set<string>([...builtInNames, ...flow.variables.map((variable) => variable.name)]);
  for (const module of flow.modules)
    for (const name of definitionOf(module.type).variables(module.content).writes) known.add(name);
  for (const global of flow.globalConnections)
    for (const action of global.actions) known.add(action.variable);
  const nullable = nullableVariables(flow);

  const reported = new Set<string>();
  const check = (
    about: { moduleId: string } | { connectionId: string },
    result: ReturnType<TemplateAnalyzer['template']>,
    where: string,
    /** A text the visitor reads (not a prompt, an address or a condition). */
    read = false,
  ) => {
    if ('error' in result) {
      error({
        code: 'template-error',
        ...about,
        line: result.line,
        detail: result.error,
        message: `${where}: ${result.error}${result.line ? ` (line ${result.line})` : ''}`,
      });
      return;
    }
    const at = 'moduleId' in about ? about.moduleId : `global:${about.connectionId}`;
    for (const name of result.names) {
      if (known.has(name) || reported.has(`${at}:${name}`)) continue;
      reported.add(`${at}:${name}`);
      warning({
        code: 'undeclared-variable',
        ...about,
        variable: name,
        message: `${where} uses “${name}”, which is never set or declared`,
      });
    }
    if (!read) return;
    for (const name of result.printed ?? []) {
      if (!nullable.has(name) || reported.has(`${at}:null:${name}`)) continue;
      reported.add(`${at}:null:${name}`);
      warning({
        code: 'nullable-printed',
        ...about,
        variable: name,
        message: `${where} prints “${name}”, which the flow can set to None (a webhook’s or agent’s answer, a skipped question, Set variable to none): visitors would then read “None”. Write {{ ${name} | default('…', true) }} instead`,
      });
    }
  };
  for (const module of flow.modules) {
    const definition = definitionOf(module.type);
    const use = definition.variables(module.content);
    const read = new Set(definition.texts?.(module.content).map((text) => text.text));
    for (const template of use.templates)
      if (template)
        check({ moduleId: module.id }, analyzer.template(template), label(module.id), read.has(template));
    for (const expression of use.expressions)
      check({ moduleId: module.id }, analyzer.expression(expression), label(module.id));
  }
  for (const global of flow.globalConnections) {
    for (const action of global.actions)
      check(
        { connectionId: global.id },
        analyzer.expression(action.value),
        `The global connection “${global.name || global.id}”`,
      );
  }
}

/**
 * The variables the flow can set to None: what modules say they may (an answer's null, a skipped
 * input, a Set Variable to `none`) and global connections' Set Variable actions to `none`.
 */
function nullableVariables(flow: Flow): Set<string> {
  const nullable = new Set<string>();
  for (const module of flow.modules)
    for (const name of definitionOf(module.type).variables(module.content).nullable ?? []) nullable.add(name);
  for (const global of flow.globalConnections)
    for (const action of global.actions) if (setsNone(action)) nullable.add(action.variable);
  return nullable;
}
