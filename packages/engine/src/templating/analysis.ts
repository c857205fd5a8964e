import type { Expr, Node, Target } from './ast';
import { compileTemplate } from './index';

const globalNames = new Set([
  'range',
  'dict',
  'namespace',
  'cycler',
  'joiner',
  'loop',
  'varargs',
  'kwargs',
  'caller',
]);

/** Every name an expression mentions (what an `{% if %}` test looks at). */
function namesIn(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) namesIn(item, names);
  else if (value && typeof value === 'object') {
    const expr = value as { t?: string; name?: unknown };
    if (expr.t === 'name' && typeof expr.name === 'string') names.add(expr.name);
    for (const child of Object.values(value)) if (child && typeof child === 'object') namesIn(child, names);
  }
  return names;
}

/** `default(…, true)` (or `d`): replaces None and empty values, not only undefined ones. */
const replacesNone = (expr: Extract<Expr, { t: 'filter' }>) => {
  if (expr.name !== 'default' && expr.name !== 'd') return false;
  const boolean = expr.args[1] ?? expr.kwargs.find(([name]) => name === 'boolean')?.[1];
  return boolean?.t === 'const' && Boolean(boolean.value);
};

/**
 * The variable `{{ … }}` prints as it is: a name, alone or through filters none of which replaces
 * None (`{{ name }}`, `{{ name | upper }}`, `{{ name | default('x') }}`, which in Jinja2 replaces
 * only an undefined value). Null when it prints anything else (`name or 'x'`, `name.field`, …).
 */
function barePrinted(expr: Expr): string | null {
  if (expr.t === 'name') return expr.name;
  if (expr.t === 'filter' && expr.node && !replacesNone(expr)) return barePrinted(expr.node);
  return null;
}

export interface TemplateReading {
  /** The variables it reads from outside itself (not set, looped over or passed in within it). */
  names: string[];
  /**
   * Those of them it prints as they are (see barePrinted), outside an `{% if %}` that tests them:
   * a None among them reaches the reader as “None”, as Jinja2 prints it.
   */
  printed: string[];
}

/**
 * What a template reads from outside itself and what it prints as it is: what the flow validator
 * checks against the flow's variables. Syntax errors throw.
 */
export function readTemplate(source: string): TemplateReading {
  const free = new Set<string>();
  const printed = new Set<string>();
  // Names tested by the `{% if %}` branches around the node being read.
  let guarded: ReadonlySet<string> = new Set();
  const visitNodes = (nodes: Node[], bound: Set<string>) => {
    const local = new Set(bound);
    for (const node of nodes) visitNode(node, local);
  };
  const bindTarget = (target: Target, bound: Set<string>) => {
    if (target.t === 'name') bound.add(target.name);
    else if (target.t === 'tuple') for (const item of target.items) bindTarget(item, bound);
  };
  const visitExpr = (expr: Expr | undefined | null, bound: Set<string>) => {
    if (!expr) return;
    switch (expr.t) {
      case 'name':
        if (!bound.has(expr.name) && !globalNames.has(expr.name)) free.add(expr.name);
        return;
      case 'const':
        return;
      case 'list':
      case 'tuple':
      case 'concat':
        for (const item of expr.items) visitExpr(item, bound);
        return;
      case 'dict':
        for (const [key, value] of expr.pairs) {
          visitExpr(key, bound);
          visitExpr(value, bound);
        }
        return;
      case 'getattr':
        visitExpr(expr.node, bound);
        return;
      case 'getitem':
        visitExpr(expr.node, bound);
        visitExpr(expr.key, bound);
        return;
      case 'slice':
        visitExpr(expr.start, bound);
        visitExpr(expr.stop, bound);
        visitExpr(expr.step, bound);
        return;
      case 'call':
        visitExpr(expr.node, bound);
        for (const arg of expr.args) visitExpr(arg, bound);
        for (const [, value] of expr.kwargs) visitExpr(value, bound);
        visitExpr(expr.dynArgs, bound);
        visitExpr(expr.dynKwargs, bound);
        return;
      case 'filter':
      case 'test':
        visitExpr(expr.node, bound);
        for (const arg of expr.args) visitExpr(arg, bound);
        for (const [, value] of expr.kwargs) visitExpr(value, bound);
        return;
      case 'unary':
        visitExpr(expr.node, bound);
        return;
      case 'binary':
        visitExpr(expr.left, bound);
        visitExpr(expr.right, bound);
        return;
      case 'compare':
        visitExpr(expr.first, bound);
        for (const [, operand] of expr.ops) visitExpr(operand, bound);
        return;
      case 'cond':
        visitExpr(expr.test, bound);
        visitExpr(expr.whenTrue, bound);
        visitExpr(expr.whenFalse, bound);
        return;
    }
  };
  const visitNode = (node: Node, bound: Set<string>) => {
    switch (node.t) {
      case 'text':
      case 'load':
        return;
      case 'print': {
        visitExpr(node.expr, bound);
        const name = barePrinted(node.expr);
        if (name && !bound.has(name) && !globalNames.has(name) && !guarded.has(name)) printed.add(name);
        return;
      }
      case 'if': {
        const outer = guarded;
        for (const [test, body] of node.branches) {
          visitExpr(test, bound);
          guarded = new Set([...outer, ...namesIn(test)]);
          visitNodes(body, bound);
          guarded = outer;
        }
        if (node.otherwise) visitNodes(node.otherwise, bound);
        return;
      }
      case 'for': {
        visitExpr(node.iter, bound);
        const inner = new Set(bound);
        bindTarget(node.target, inner);
        visitExpr(node.filter, inner);
        visitNodes(node.body, inner);
        if (node.otherwise) visitNodes(node.otherwise, bound);
        return;
      }
      case 'set':
        visitExpr(node.value, bound);
        bindTarget(node.target, bound);
        return;
      case 'setblock':
        visitNodes(node.body, bound);
        bindTarget(node.target, bound);
        return;
      case 'macro': {
        bound.add(node.name);
        const inner = new Set(bound);
        for (const param of node.params) {
          visitExpr(param.default, bound);
          inner.add(param.name);
        }
        visitNodes(node.body, inner);
        return;
      }
      case 'callblock': {
        visitExpr(node.call, bound);
        const inner = new Set(bound);
        for (const param of node.params) inner.add(param.name);
        visitNodes(node.body, inner);
        return;
      }
      case 'filterblock':
        for (const filter of node.filters) visitExpr(filter, bound);
        visitNodes(node.body, bound);
        return;
      case 'with': {
        const inner = new Set(bound);
        for (const [target, value] of node.assignments) {
          visitExpr(value, bound);
          bindTarget(target, inner);
        }
        visitNodes(node.body, inner);
        return;
      }
      case 'block':
        visitNodes(node.body, bound);
        return;
    }
  };
  visitNodes(compileTemplate(source), new Set());
  return { names: [...free], printed: [...printed].filter((name) => free.has(name)) };
}

/**
 * The variables a template reads from outside itself (not set, looped over or passed in within
 * it): what the flow validator checks against the flow's variables. Syntax errors throw.
 */
export const freeVariables = (source: string): string[] => readTemplate(source).names;
