import type { Expr, MacroParam, Node, Target } from './ast';
import { type Meter, RenderBudget, spend } from './budget';
import { SandboxError, TemplateBudgetExceeded, TemplateError, UndefinedError } from './errors';
import { applyFilter } from './filters';
import { methodOf } from './methods';
import { printfFormat } from './python-format';
import { applyTest } from './tests';
import {
  Callable,
  compare,
  dictGet,
  dictSet,
  equals,
  fromJs,
  isFloat,
  isInt,
  isNumber,
  isString,
  Markup,
  MISSING,
  Namespace,
  NativeFunction,
  num,
  PyFloat,
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

  attr(name: string): unknown {
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

/** Iterates a value as Python's for does. */
export function iterate(value: unknown, line?: number): unknown[] {
  if (value instanceof Undefined) return [];
  if (Array.isArray(value) || isString(value))
    spend(Array.isArray(value) ? value.length : str(value).length, line);
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'string') return [...value];
  if (value instanceof Markup) return [...value.value];
  if (value instanceof Map) return [...value.keys()];
  if (value instanceof Namespace) return [...value.attrs.keys()];
  throw new TemplateError(`'${typeName(value)}' object is not iterable`, line);
}

export class Renderer {
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
        const result = applyTest(
          expr.name,
          value,
          args,
          this.evalKwargs(expr.kwargs, scope),
          this,
          expr.line,
        );
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

function compareOp(op: string, left: unknown, right: unknown, line: number): boolean {
  switch (op) {
    case '==':
      return equals(left, right);
    case '!=':
      return !equals(left, right);
    case 'in':
      return contains(right, left, line);
    case 'notin':
      return !contains(right, left, line);
  }
  if (left instanceof Undefined) left.fail();
  if (right instanceof Undefined) right.fail();
  try {
    const order = compare(left, right);
    return op === '<' ? order < 0 : op === '>' ? order > 0 : op === '<=' ? order <= 0 : order >= 0;
  } catch (error) {
    if (error instanceof TemplateError) error.line ??= line;
    throw error;
  }
}

export function contains(container: unknown, item: unknown, line?: number): boolean {
  if (isString(container) || Array.isArray(container))
    spend(Array.isArray(container) ? container.length : str(container).length, line);
  if (isString(container)) {
    if (!isString(item))
      throw new TemplateError(`'in <string>' requires string as left operand, not ${typeName(item)}`, line);
    return str(container).includes(str(item));
  }
  if (Array.isArray(container)) return container.some((candidate) => equals(candidate, item));
  if (container instanceof Map) return dictGet(container, item) !== MISSING;
  if (container instanceof Undefined) return false;
  throw new TemplateError(`argument of type '${typeName(container)}' is not iterable`, line);
}

function repeat<T>(
  context: RenderContext,
  count: number,
  size: number,
  make: (times: number) => T,
  line: number,
): T {
  const times = Math.max(0, count);
  context.allow(times * size, line);
  return make(times);
}

/** Python's binary arithmetic on template values. */
export function binaryOp(
  op: string,
  left: unknown,
  right: unknown,
  context: RenderContext,
  line: number,
): unknown {
  if (left instanceof Undefined) left.fail();
  if (right instanceof Undefined) right.fail();
  const numeric =
    (isNumber(left) || typeof left === 'boolean') && (isNumber(right) || typeof right === 'boolean');
  const floaty = isFloat(left) || isFloat(right);
  const fail = (): never => {
    throw new TemplateError(
      `unsupported operand type(s) for ${op}: '${typeName(left)}' and '${typeName(right)}'`,
      line,
    );
  };
  switch (op) {
    case '+':
      if (numeric) return floaty ? toFloat(num(left) + num(right)) : num(left) + num(right);
      if (isString(left) && isString(right)) {
        context.allow(str(left).length + str(right).length, line);
        const joined = str(left) + str(right);
        return left instanceof Markup ? new Markup(joined) : joined;
      }
      if (
        Array.isArray(left) &&
        Array.isArray(right) &&
        left instanceof PyTuple === right instanceof PyTuple
      ) {
        context.allow(left.length + right.length, line);
        return left instanceof PyTuple ? tuple([...left, ...right]) : [...left, ...right];
      }
      if (isString(left))
        throw new TemplateError(`can only concatenate str (not "${typeName(right)}") to str`, line);
      return fail();
    case '-':
      if (numeric) return floaty ? toFloat(num(left) - num(right)) : num(left) - num(right);
      return fail();
    case '*': {
      if (numeric) return floaty ? toFloat(num(left) * num(right)) : num(left) * num(right);
      const [seq, count] =
        isInt(right) || typeof right === 'boolean'
          ? [left, num(right)]
          : [right, isInt(left) ? num(left) : Number.NaN];
      if (Number.isNaN(count)) return fail();
      if (isString(seq))
        return repeat(context, count, str(seq).length, (times) => str(seq).repeat(times), line);
      if (Array.isArray(seq)) {
        const items = repeat(
          context,
          count,
          seq.length,
          (times) => Array.from({ length: times }, () => seq).flat(),
          line,
        );
        return seq instanceof PyTuple ? tuple(items) : items;
      }
      return fail();
    }
    case '/':
      if (!numeric) return fail();
      if (num(right) === 0) throw new TemplateError('division by zero', line);
      return toFloat(num(left) / num(right));
    case '//': {
      if (!numeric) return fail();
      if (num(right) === 0) throw new TemplateError('integer division or modulo by zero', line);
      const result = Math.floor(num(left) / num(right));
      return floaty ? toFloat(result) : result;
    }
    case '%': {
      if (isString(left)) return printfFormat(str(left), right, line);
      if (!numeric) return fail();
      if (num(right) === 0) throw new TemplateError('integer division or modulo by zero', line);
      const a = num(left);
      const b = num(right);
      const result = ((a % b) + b) % b;
      return floaty ? toFloat(result) : result;
    }
    case '**': {
      if (!numeric) return fail();
      const result = num(left) ** num(right);
      if (!Number.isFinite(result)) throw new SandboxError('the number is too large', line);
      return floaty || num(right) < 0 ? toFloat(result) : result;
    }
  }
  return fail();
}

/** Jinja2's getattr: the object's own attribute (methods), then its item. */
export function getAttr(value: unknown, name: string, line?: number): unknown {
  return getAttribute(value, name, line, true);
}

/** The `attr` filter: the attribute only, never an item of a dict. */
export function getAttrOnly(value: unknown, name: string, line?: number): unknown {
  return getAttribute(value, name, line, false);
}

function getAttribute(
  value: unknown,
  name: string,
  line: number | undefined,
  itemFallback: boolean,
): unknown {
  if (value instanceof Undefined) value.fail();
  if (value instanceof LoopContext) return value.attr(name);
  if (value instanceof Callable && 'attribute' in value && typeof value.attribute === 'function') {
    const found = (value as Callable & { attribute(name: string): unknown }).attribute(name);
    return found === undefined
      ? new Undefined(`'${value.label}' object has no attribute '${name}'`, line)
      : found;
  }
  if (value instanceof PyTuple && value.constructor !== PyTuple && (name === 'grouper' || name === 'list')) {
    return value[name === 'grouper' ? 0 : 1];
  }
  if (value instanceof Namespace) {
    return value.attrs.has(name)
      ? value.attrs.get(name)
      : new Undefined(`'Namespace' object has no attribute '${name}'`, line);
  }
  if (value instanceof Macro) {
    if (name === 'name') return value.name;
    if (name === 'arguments') return tuple(value.params.map((param) => param.name));
    return new Undefined(`'Macro' object has no attribute '${name}'`, line);
  }
  const method = methodOf(value, name);
  if (method) return method;
  if (value instanceof Map && itemFallback) {
    const item = dictGet(value, name);
    if (item !== MISSING) return item;
  }
  if (value instanceof PyFloat || typeof value === 'number') {
    if (name === 'real') return value;
    if (name === 'imag') return isFloat(value) ? new PyFloat(0) : 0;
  }
  return new Undefined(`'${typeName(value)} object' has no attribute '${name}'`, line);
}

/** Jinja2's getitem: the item, then (for a string key) the attribute. */
export function getItem(value: unknown, key: unknown, line?: number): unknown {
  if (value instanceof Undefined) value.fail();
  if (value instanceof Map) {
    const item = dictGet(value, key);
    if (item !== MISSING) return item;
  } else if ((Array.isArray(value) || isString(value)) && (isInt(key) || typeof key === 'boolean')) {
    if (isString(value)) spend(str(value).length, line);
    const items = Array.isArray(value) ? value : [...str(value)];
    const index = num(key) < 0 ? items.length + num(key) : num(key);
    if (index >= 0 && index < items.length) return items[index];
    return new Undefined(`'${typeName(value)} object' has no element ${num(key)}`, line);
  }
  if (typeof key === 'string') return getAttr(value, key, line);
  return new Undefined(`'${typeName(value)} object' has no element ${str(key)}`, line);
}

function sliceValue(value: unknown, start: unknown, stop: unknown, step: unknown, line: number): unknown {
  if (value instanceof Undefined) value.fail();
  const items = Array.isArray(value) ? value : isString(value) ? [...str(value)] : undefined;
  if (!items) throw new TemplateError(`'${typeName(value)}' object is not subscriptable`, line);
  spend(items.length, line);
  const length = items.length;
  const by = step === null || step instanceof Undefined ? 1 : num(step);
  if (by === 0) throw new TemplateError('slice step cannot be zero', line);
  const bound = (raw: unknown, fallback: number, low: number, high: number) => {
    if (raw === null || raw instanceof Undefined) return fallback;
    let index = num(raw);
    if (index < 0) index += length;
    return Math.min(Math.max(index, low), high);
  };
  const result: unknown[] = [];
  if (by > 0) {
    for (let index = bound(start, 0, 0, length); index < bound(stop, length, 0, length); index += by)
      result.push(items[index]);
  } else {
    for (
      let index = bound(start, length - 1, -1, length - 1);
      index > bound(stop, -1, -1, length - 1);
      index += by
    )
      result.push(items[index]);
  }
  if (isString(value)) return result.join('');
  return value instanceof PyTuple ? tuple(result) : result;
}

export { UndefinedError };
