import type { Node } from './ast';
import { metered, type RenderBudget } from './budget';
import { SandboxError, TemplateError } from './errors';
import {
  defaultLimits,
  RenderContext,
  Renderer,
  type RenderLimits,
  Scope,
  type VariableSource,
} from './evaluator';
import { iterate } from './operators';
import { parse } from './parser';
import { Callable, Namespace, NativeFunction, num, str, toJs, truthy } from './values';

export { type BudgetOptions, RenderBudget } from './budget';
export {
  type BudgetLimit,
  SandboxError,
  TemplateBudgetExceeded,
  TemplateError,
  UndefinedError,
} from './errors';
export type { RenderLimits } from './evaluator';
export { fromJs, toJs } from './values';

export interface RenderOptions {
  /** This render's own limits (defaults: `defaultLimits`). */
  limits?: Partial<RenderLimits>;
  /** A budget shared with other renders (every render of a turn, a preview): this one draws on it too. */
  budget?: RenderBudget;
  /** For the `random` filter; the engine passes its own, so renders stay reproducible in tests. */
  random?: () => number;
  /** Extra filters (value, positional args, keyword args) → value, on template values. */
  filters?: Record<string, (value: unknown, args: unknown[], kwargs: Map<string, unknown>) => unknown>;
}

/** `cycler(...)`: cycles through its items with next(). */
class Cycler extends Callable {
  readonly label = 'Cycler';
  private position = 0;
  constructor(private readonly items: unknown[]) {
    super();
  }
  call(): unknown {
    throw new TemplateError("'Cycler' object is not callable");
  }
  attribute(name: string): unknown {
    if (name === 'current') return this.items[this.position];
    if (name === 'next')
      return new NativeFunction('next', () => {
        const value = this.items[this.position];
        this.position = (this.position + 1) % this.items.length;
        return value;
      });
    if (name === 'reset')
      return new NativeFunction('reset', () => {
        this.position = 0;
        return null;
      });
    return undefined;
  }
}

function globals(limits: RenderLimits): Map<string, unknown> {
  return new Map<string, unknown>([
    [
      'range',
      new NativeFunction('range', (args) => {
        if (args.length === 0) throw new TemplateError('range expected at least 1 argument, got 0');
        const [start, stop, step] =
          args.length === 1
            ? [0, num(args[0]), 1]
            : [num(args[0]), num(args[1]), args[2] === undefined ? 1 : num(args[2])];
        if (step === 0) throw new TemplateError('range() arg 3 must not be zero');
        const length = Math.max(0, Math.ceil((stop - start) / step));
        if (length > limits.maxRange)
          throw new SandboxError(
            `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${limits.maxRange}).`,
          );
        return Array.from({ length }, (_, index) => start + index * step);
      }),
    ],
    [
      'dict',
      new NativeFunction('dict', (args, kwargs) => {
        const dict = new Map<unknown, unknown>();
        const [source] = args;
        if (source instanceof Map) for (const [key, value] of source) dict.set(key, value);
        else if (source !== undefined)
          for (const pair of iterate(source)) {
            const [key, value] = iterate(pair);
            dict.set(key, value);
          }
        for (const [key, value] of kwargs) dict.set(key, value);
        return dict;
      }),
    ],
    [
      'namespace',
      new NativeFunction('namespace', (args, kwargs) => {
        const namespace = new Namespace();
        const [source] = args;
        if (source instanceof Map) for (const [key, value] of source) namespace.attrs.set(str(key), value);
        for (const [key, value] of kwargs) namespace.attrs.set(key, value);
        return namespace;
      }),
    ],
    ['cycler', new NativeFunction('cycler', (args) => new Cycler(args))],
    [
      'joiner',
      new NativeFunction('joiner', (args) => {
        const separator = args[0] === undefined ? ', ' : str(args[0]);
        let used = false;
        return new NativeFunction('joiner', () => {
          if (used) return separator;
          used = true;
          return '';
        });
      }),
    ],
  ]);
}

const cache = new Map<string, Node[]>();
const CACHE_SIZE = 500;

/** Parses once per distinct source (bots render the same templates on every turn). */
export function compileTemplate(source: string): Node[] {
  const cached = cache.get(source);
  if (cached) return cached;
  const nodes = parse(source);
  cache.set(source, nodes);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return nodes;
}

/** Variables as a record, or read through a function (the engine reads live conversation state). */
export type Variables = Record<string, unknown> | VariableSource;

function sourceOf(variables: Variables): VariableSource {
  return typeof variables === 'function'
    ? variables
    : (name) => (Object.hasOwn(variables, name) ? variables[name] : undefined);
}

/** The scope holding the globals, shared by renders with the same range cap (templates never write to it). */
const globalScopes = new Map<number, Scope>();
function globalScope(limits: RenderLimits): Scope {
  let scope = globalScopes.get(limits.maxRange);
  if (!scope) {
    scope = new Scope();
    for (const [name, value] of globals(limits)) scope.vars.set(name, value);
    globalScopes.set(limits.maxRange, scope);
  }
  return scope;
}

function setup(variables: Variables, options: RenderOptions) {
  const limits = options.limits ? { ...defaultLimits, ...options.limits } : defaultLimits;
  const context = new RenderContext(limits, options.random ?? Math.random, options.budget);
  const renderer = new Renderer(context, (options.filters ?? {}) as Record<string, unknown>);
  return { renderer, context, scope: new Scope(globalScope(limits), sourceOf(variables)) };
}

/** Runs one render within its budget; every failure comes out as a TemplateError. */
function run<T>(context: RenderContext, render: () => T): T {
  context.budget.enter();
  try {
    return metered(context, render);
  } catch (error) {
    throw asTemplateError(error);
  } finally {
    context.budget.leave();
  }
}

/** Renders a Jinja2 template in the sandbox; every failure is a TemplateError with a line. */
export function renderTemplate(
  source: string,
  variables: Variables = {},
  options: RenderOptions = {},
): string {
  const nodes = compileTemplate(source);
  const { renderer, context, scope } = setup(variables, options);
  return run(context, () => renderer.render(nodes, new Scope(scope)));
}

function expressionNode(expression: string) {
  const nodes = compileTemplate(`{{ ${expression} }}`);
  const [node] = nodes;
  if (nodes.length !== 1 || node?.t !== 'print') throw new TemplateError('expected one expression');
  return node;
}

/**
 * Refuses a result bigger than the output cap once written out as JSON: a list holding one big
 * string many times is small in memory, but not once the engine stores it as a variable.
 */
function checkResultSize(value: unknown, context: RenderContext): void {
  let total = 0;
  const visit = (item: unknown, depth: number): void => {
    if (depth > 64) throw new SandboxError('the value is nested too deeply');
    total += typeof item === 'string' ? item.length : 1;
    // Stops as soon as the cap is passed, however many more items share the same references.
    context.checkSize(total);
    if (Array.isArray(item)) for (const child of item) visit(child, depth + 1);
    else if (item instanceof Map)
      for (const [key, child] of item) {
        visit(key, depth + 1);
        visit(child, depth + 1);
      }
  };
  visit(value, 0);
  context.spend(total);
}

/** Evaluates one Jinja2 expression (conditions, set-variable values) and returns it as plain JS. */
export function evaluateExpression(
  expression: string,
  variables: Variables = {},
  options: RenderOptions = {},
): unknown {
  const node = expressionNode(expression);
  const { renderer, context, scope } = setup(variables, options);
  return run(context, () => {
    const value = renderer.eval(node.expr, scope);
    checkResultSize(value, context);
    return toJs(value);
  });
}

/** Whether an expression holds, by Python's truthiness. */
export function isTruthy(
  expression: string,
  variables: Variables = {},
  options: RenderOptions = {},
): boolean {
  const node = expressionNode(expression);
  const { renderer, context, scope } = setup(variables, options);
  return run(context, () => truthy(renderer.eval(node.expr, scope)));
}

function asTemplateError(error: unknown): TemplateError {
  if (error instanceof TemplateError) return error;
  // A JS engine limit (deep recursion) is the template's doing, never the server's.
  if (error instanceof RangeError)
    return new SandboxError('the template is nested or recursive beyond the limit');
  return new TemplateError(error instanceof Error ? error.message : String(error));
}
