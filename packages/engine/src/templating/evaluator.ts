import { getAttr, getItem, sliceValue } from './access';
import type { Expr, MacroParam, Node, Target } from './ast';
import { type Meter, RenderBudget } from './budget';
import { SandboxError, TemplateBudgetExceeded, TemplateError, UndefinedError } from './errors';
import { applyFilter, type FilterEnv } from './filters';
import { binaryOp, compareOp, iterate } from './operators';
import { applyTest } from './tests';
import {
  Callable,
  dictSet,
  equals,
  fromJs,
  isFloat,
  isNumber,
  Markup,
  MISSING,
  Namespace,
  NativeFunction,
  num,
  PyTuple,
  str,
  toFloat,
  truthy,
  tuple,
  typeName,
  Undefined,
} from './values';

/** What one render may consume before it is stopped (Jinja2's sandbox caps range at 100 000). */
export interface RenderLimits {
  /** The longest string or list a template may build, its output included (characters or items). */
  maxOutput: number;
  /** Nodes and expressions evaluated. */
  maxSteps: number;
  /** Characters built or read in all: outputs, intermediate strings, long strings scanned. */
  maxChars: number;
  maxRange: number;
  maxDepth: number;
}

export const defaultLimits: RenderLimits = {
  maxOutput: 1_000_000,
  maxSteps: 2_000_000,
  maxChars: 20_000_000,
  maxRange: 100_000,
  maxDepth: 200,
};

/** Outside variables by name (plain JS); `undefined` means there is no such variable. */
export type VariableSource = (name: string) => unknown;

export class Scope {
  readonly vars = new Map<string, unknown>();
  /**
   * `external`: outside variables (plain JS), converted to template values the first time a
   * template reads them, so a render pays only for the variables it uses.
   */
  constructor(
    readonly parent?: Scope,
    private readonly external?: VariableSource,
  ) {}
  lookup(name: string): unknown {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (scope.vars.has(name)) return scope.vars.get(name);
      if (scope.external) {
        const raw = scope.external(name);
        if (raw !== undefined) {
          const value = fromJs(raw);
          scope.vars.set(name, value);
          return value;
        }
      }
    }
    return MISSING;
  }
}

/**
 * Everything a render shares: limits, its budget (inside the turn's, when given), host functions.
 * It is the meter the render's work is charged to, down to filters and value printing.
 */
export class RenderContext implements Meter {
  depth = 0;
  readonly budget: RenderBudget;
  constructor(
    readonly limits: RenderLimits,
    readonly random: () => number,
    shared?: RenderBudget,
  ) {
    this.budget = new RenderBudget({ maxSteps: limits.maxSteps, maxChars: limits.maxChars }, shared);
  }

  tick(line: number): void {
    this.budget.step(line);
  }

  /** Refuses a string or list bigger than the output cap (e.g. 'a' * 10**9), before it is built. */
  checkSize(size: number, line?: number): void {
    if (size > this.limits.maxOutput)
      throw new TemplateBudgetExceeded(
        'output',
        `the template produces too much output (over ${this.limits.maxOutput.toLocaleString('en-US')} characters or items in one value)`,
        line,
      );
  }

  allow(size: number, line?: number): void {
    this.checkSize(size, line);
    this.budget.spend(size, line);
  }

  spend(chars: number, line?: number): void {
    this.budget.spend(chars, line);
  }
}

class Output {
  readonly parts: string[] = [];
  length = 0;
  constructor(private readonly context: RenderContext) {}
  write(text: string, line: number): void {
    this.length += text.length;
    this.context.checkSize(this.length, line);
    this.context.spend(text.length, line);
    this.parts.push(text);
  }
  toString(): string {
    return this.parts.join('');
  }
}

/** A `{% macro %}` (or the body of a `{% call %}` block), closed over the scope it was defined in. */
export class Macro extends Callable {
  readonly label: string;
  constructor(
    private readonly renderer: Renderer,
    readonly name: string,
    readonly params: MacroParam[],
    private readonly body: Node[],
    private readonly closure: Scope,
    private readonly caller?: Macro,
  ) {
    super();
    this.label = `Macro '${name}'`;
  }

  attribute(name: string, line?: number): unknown {
    if (name === 'name') return this.name;
    if (name === 'arguments') return tuple(this.params.map((param) => param.name));
    return new Undefined(`'Macro' object has no attribute '${name}'`, line);
  }

  call(args: unknown[], kwargs: Map<string, unknown>): unknown {
    const context = this.renderer.context;
    if (++context.depth > context.limits.maxDepth) throw new SandboxError('maximum recursion depth exceeded');
    try {
      const scope = new Scope(this.closure);
      const rest = new Map(kwargs);
      this.params.forEach((param, index) => {
        let value: unknown;
        if (index < args.length) value = args[index];
        else if (rest.has(param.name)) value = rest.get(param.name);
        else if (param.default) value = this.renderer.eval(param.default, scope);
        else value = new Undefined(`parameter '${param.name}' was not provided`);
        rest.delete(param.name);
        scope.vars.set(param.name, value);
      });
      const caller = rest.get('caller') ?? this.caller;
      rest.delete('caller');
      if (caller !== undefined) scope.vars.set('caller', caller);
      scope.vars.set('varargs', tuple(args.slice(this.params.length)));
      scope.vars.set('kwargs', rest);
      const output = new Output(context);
      this.renderer.renderNodes(this.body, scope, output);
      return output.toString();
    } finally {
      context.depth--;
    }
  }
}

/** The `loop` variable of a for loop. */
class LoopContext extends Callable {
  readonly label = 'LoopContext';
  index0 = -1;
  private lastChanged: unknown = MISSING;
  constructor(
    readonly items: unknown[],
    readonly depth0: number,
    private readonly recurse?: (items: unknown, depth0: number) => string,
  ) {
    super();
  }

  attribute(name: string): unknown {
    const length = this.items.length;
    switch (name) {
      case 'index':
        return this.index0 + 1;
      case 'index0':
        return this.index0;
      case 'revindex':
        return length - this.index0;
      case 'revindex0':
        return length - this.index0 - 1;
      case 'first':
        return this.index0 === 0;
      case 'last':
        return this.index0 === length - 1;
      case 'length':
        return length;
      case 'depth':
        return this.depth0 + 1;
      case 'depth0':
        return this.depth0;
      case 'previtem':
        return this.index0 > 0 ? this.items[this.index0 - 1] : new Undefined('there is no previous item');
      case 'nextitem':
        return this.index0 < length - 1
          ? this.items[this.index0 + 1]
          : new Undefined('there is no next item');
      case 'cycle':
        return new NativeFunction('cycle', (args) => {
          if (args.length === 0) throw new TemplateError('no items for cycling given');
          return args[this.index0 % args.length];
        });
      case 'changed':
        return new NativeFunction('changed', (args) => {
          const value = tuple(args);
          if (this.lastChanged !== MISSING && equals(value, this.lastChanged)) return false;
          this.lastChanged = value;
          return true;
        });
      default:
        return new Undefined(`'LoopContext' object has no attribute '${name}'`);
    }
  }

  call(args: unknown[]): unknown {
    if (!this.recurse)
      throw new TemplateError('Tried to call non recursive loop. Maybe you forgot the "recursive" modifier.');
    return this.recurse(args[0], this.depth0 + 1);
  }
}

export class Renderer implements FilterEnv {
  constructor(
    readonly context: RenderContext,
    private readonly filters: Record<string, unknown> = {},
  ) {}

  render(nodes: Node[], scope: Scope): string {
    const output = new Output(this.context);
    this.renderNodes(nodes, scope, output);
    return output.toString();
  }

  renderNodes(nodes: Node[], scope: Scope, out: Output): void {
    for (const node of nodes) this.renderNode(node, scope, out);
  }

  private renderNode(node: Node, scope: Scope, out: Output): void {
    this.context.tick(node.line);
    switch (node.t) {
      case 'text':
        out.write(node.value, node.line);
        return;
      case 'print':
        out.write(str(this.eval(node.expr, scope)), node.line);
        return;
      case 'if': {
        for (const [test, body] of node.branches) {
          if (truthy(this.eval(test, scope))) {
            this.renderNodes(body, scope, out);
            return;
          }
        }
        if (node.otherwise) this.renderNodes(node.otherwise, scope, out);
        return;
      }
      case 'for':
        this.renderFor(node, scope, out);
        return;
      case 'set':
        this.assign(node.target, this.eval(node.value, scope), scope);
        return;
      case 'setblock': {
        let value: unknown = this.render(node.body, new Scope(scope));
        for (const filter of node.filters) value = this.applyFilterExpr(filter, value, scope);
        this.assign(node.target, value, scope);
        return;
      }
      case 'macro':
        scope.vars.set(node.name, new Macro(this, node.name, node.params, node.body, scope));
        return;
      case 'callblock': {
        const call = node.call;
        if (call.t !== 'call') throw new TemplateError('expected a call', node.line);
        const caller = new Macro(this, 'caller', node.params, node.body, scope);
        const { fn, args, kwargs } = this.evalCall(call, scope);
        kwargs.set('caller', caller);
        out.write(str(this.callValue(fn, args, kwargs, node.line)), node.line);
        return;
      }
      case 'filterblock': {
        let value: unknown = this.render(node.body, new Scope(scope));
        for (const filter of node.filters) value = this.applyFilterExpr(filter, value, scope);
        out.write(str(value), node.line);
        return;
      }
      case 'with': {
        const inner = new Scope(scope);
        for (const [target, value] of node.assignments) this.assign(target, this.eval(value, scope), inner);
        this.renderNodes(node.body, inner, out);
        return;
      }
      case 'block':
        this.renderNodes(node.body, new Scope(scope), out);
        return;
      case 'load':
        throw new TemplateError(
          `{% ${node.keyword} %} is not available: templates cannot load other templates`,
          node.line,
        );
    }
  }

  private renderFor(node: Extract<Node, { t: 'for' }>, scope: Scope, out: Output): void {
    const run = (iterable: unknown, depth0: number, into: Output): void => {
      let items = iterate(iterable, node.line);
      if (node.filter) {
        const filter = node.filter;
        items = items.filter((item) => {
          const check = new Scope(scope);
          this.assign(node.target, item, check);
          return truthy(this.eval(filter, check));
        });
      }
      const loop = new LoopContext(
        items,
        depth0,
        node.recursive
          ? (children, depth) => {
              const nested = new Output(this.context);
              run(children, depth, nested);
              return nested.toString();
            }
          : undefined,
      );
      for (const item of items) {
        this.context.tick(node.line);
        loop.index0++;
        const inner = new Scope(scope);
        inner.vars.set('loop', loop);
        this.assign(node.target, item, inner);
        this.renderNodes(node.body, inner, into);
      }
      if (items.length === 0 && node.otherwise) this.renderNodes(node.otherwise, scope, into);
    };
    run(this.eval(node.iter, scope), 0, out);
  }

  private assign(target: Target, value: unknown, scope: Scope): void {
    if (target.t === 'name') {
      scope.vars.set(target.name, value);
    } else if (target.t === 'nsattr') {
      const namespace = scope.lookup(target.name);
      if (!(namespace instanceof Namespace))
        throw new TemplateError('cannot assign attribute on non-namespace object', target.line);
      namespace.attrs.set(target.attr, value);
    } else {
      const items = iterate(value, target.line);
      if (items.length !== target.items.length) {
        throw new TemplateError(
          items.length > target.items.length
            ? `too many values to unpack (expected ${target.items.length})`
            : `not enough values to unpack (expected ${target.items.length}, got ${items.length})`,
          target.line,
        );
      }
      for (const [index, item] of target.items.entries()) this.assign(item, items[index], scope);
    }
  }

  eval(expr: Expr, scope: Scope): unknown {
    const value = this.evalExpr(expr, scope);
    // The filters and methods check sizes before building; this catches anything that grew anyway.
    if (typeof value === 'string' || Array.isArray(value)) this.context.checkSize(value.length, expr.line);
    else if (value instanceof Markup) this.context.checkSize(value.value.length, expr.line);
    return value;
  }

  private evalExpr(expr: Expr, scope: Scope): unknown {
    this.context.tick(expr.line);
    switch (expr.t) {
      case 'const':
        return expr.value;
      case 'name': {
        const value = scope.lookup(expr.name);
        return value === MISSING ? new Undefined(`'${expr.name}' is undefined`, expr.line) : value;
      }
      case 'list':
        return expr.items.map((item) => this.eval(item, scope));
      case 'tuple':
        return tuple(expr.items.map((item) => this.eval(item, scope)));
      case 'dict': {
        const dict = new Map<unknown, unknown>();
        for (const [key, value] of expr.pairs) {
          const k = this.eval(key, scope);
          if (Array.isArray(k) && !(k instanceof PyTuple))
            throw new TemplateError("unhashable type: 'list'", expr.line);
          if (k instanceof Map) throw new TemplateError("unhashable type: 'dict'", expr.line);
          dictSet(dict, k, this.eval(value, scope));
        }
        return dict;
      }
      case 'getattr':
        return getAttr(this.eval(expr.node, scope), expr.attr, expr.line);
      case 'getitem':
        return this.getItemExpr(expr, scope);
      case 'slice':
        throw new TemplateError('a slice is only valid inside []', expr.line);
      case 'call': {
        const { fn, args, kwargs } = this.evalCall(expr, scope);
        return this.callValue(fn, args, kwargs, expr.line);
      }
      case 'filter':
        return this.applyFilterExpr(expr, expr.node ? this.eval(expr.node, scope) : null, scope);
      case 'test': {
        const value = this.eval(expr.node, scope);
        const args = expr.args.map((arg) => this.eval(arg, scope));
        const result = applyTest(expr.name, value, args, this.evalKwargs(expr.kwargs, scope), expr.line);
        return expr.negated ? !result : result;
      }
      case 'unary': {
        const value = this.eval(expr.node, scope);
        if (expr.op === 'not') return !truthy(value);
        if (value instanceof Undefined) value.fail();
        if (!isNumber(value) && typeof value !== 'boolean') {
          throw new TemplateError(`bad operand type for unary ${expr.op}: '${typeName(value)}'`, expr.line);
        }
        const n = expr.op === '-' ? -num(value) : num(value);
        return isFloat(value) ? toFloat(n) : n;
      }
      case 'binary':
        return this.evalBinary(expr, scope);
      case 'concat': {
        const parts = expr.items.map((item) => str(this.eval(item, scope)));
        this.context.allow(
          parts.reduce((total, part) => total + part.length, 0),
          expr.line,
        );
        return parts.join('');
      }
      case 'compare': {
        let left = this.eval(expr.first, scope);
        for (const [op, rightExpr] of expr.ops) {
          const right = this.eval(rightExpr, scope);
          if (!compareOp(op, left, right, expr.line)) return false;
          left = right;
        }
        return true;
      }
      case 'cond':
        if (truthy(this.eval(expr.test, scope))) return this.eval(expr.whenTrue, scope);
        return expr.whenFalse
          ? this.eval(expr.whenFalse, scope)
          : new Undefined('the condition was false and there is no else', expr.line);
    }
  }

  private getItemExpr(expr: Extract<Expr, { t: 'getitem' }>, scope: Scope): unknown {
    const value = this.eval(expr.node, scope);
    if (expr.key.t === 'slice') {
      const { start, stop, step } = expr.key;
      const part = (node?: Expr) => (node ? this.eval(node, scope) : null);
      return sliceValue(value, part(start), part(stop), part(step), expr.line);
    }
    return getItem(value, this.eval(expr.key, scope), expr.line);
  }

  private evalKwargs(pairs: [string, Expr][], scope: Scope): Map<string, unknown> {
    return new Map(pairs.map(([key, value]) => [key, this.eval(value, scope)]));
  }

  private evalCall(expr: Extract<Expr, { t: 'call' }>, scope: Scope) {
    const fn = this.eval(expr.node, scope);
    const args = expr.args.map((arg) => this.eval(arg, scope));
    if (expr.dynArgs) args.push(...iterate(this.eval(expr.dynArgs, scope), expr.line));
    const kwargs = this.evalKwargs(expr.kwargs, scope);
    if (expr.dynKwargs) {
      const extra = this.eval(expr.dynKwargs, scope);
      if (!(extra instanceof Map)) throw new TemplateError('argument after ** must be a mapping', expr.line);
      for (const [key, value] of extra) kwargs.set(str(key), value);
    }
    return { fn, args, kwargs };
  }

  callValue(fn: unknown, args: unknown[], kwargs: Map<string, unknown>, line?: number): unknown {
    if (fn instanceof Undefined) fn.fail();
    if (!(fn instanceof Callable)) throw new TemplateError(`'${typeName(fn)}' object is not callable`, line);
    try {
      return fn.call(args, kwargs);
    } catch (error) {
      if (error instanceof TemplateError && error.line === undefined) error.line = line;
      throw error;
    }
  }

  /** A test by name, for the filters that take one (`select`, `reject`). */
  test(name: string, value: unknown, args: unknown[], kwargs: Map<string, unknown>): boolean {
    return applyTest(name, value, args, kwargs);
  }

  private applyFilterExpr(expr: Expr, value: unknown, scope: Scope): unknown {
    if (expr.t !== 'filter') throw new TemplateError('expected a filter', expr.line);
    const args = expr.args.map((arg) => this.eval(arg, scope));
    return applyFilter(
      expr.name,
      value,
      args,
      this.evalKwargs(expr.kwargs, scope),
      this,
      expr.line,
      this.filters,
    );
  }

  private evalBinary(expr: Extract<Expr, { t: 'binary' }>, scope: Scope): unknown {
    const left = this.eval(expr.left, scope);
    if (expr.op === 'and') return truthy(left) ? this.eval(expr.right, scope) : left;
    if (expr.op === 'or') return truthy(left) ? left : this.eval(expr.right, scope);
    const right = this.eval(expr.right, scope);
    return binaryOp(expr.op, left, right, this.context, expr.line);
  }
}

export { UndefinedError };
