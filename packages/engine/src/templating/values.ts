import { allowJoin, spend } from './budget';
import { TemplateError, UndefinedError } from './errors';

/**
 * Python's value model, as Jinja2 sees it, on plain JS values:
 * None → null, bool → boolean, int → integral number, float → non-integral number or PyFloat
 * (an integral float such as 20.0), str → string, list → array, tuple → PyTuple, dict → Map.
 * Nothing else from JS ever reaches a template: objects become Maps on the way in.
 */

/** A float whose value happens to be integral (20.0): printed with its `.0`. */
export class PyFloat {
  constructor(readonly value: number) {}
}

export class PyTuple extends Array<unknown> {
  static override get [Symbol.species]() {
    return Array;
  }
}

export function tuple(items: Iterable<unknown>): PyTuple {
  const result = new PyTuple();
  for (const item of items) result.push(item);
  return result;
}

/** A string marked safe (Jinja2's Markup); without autoescape it prints as its text. */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** Jinja2's default Undefined: prints empty, iterates empty, fails on attribute access. */
export class Undefined {
  constructor(
    readonly hint: string,
    readonly line?: number,
  ) {}
  fail(): never {
    throw new UndefinedError(this.hint, this.line);
  }
}

/** Something a template may call: macros, built-in functions and bound methods. */
export abstract class Callable {
  abstract readonly label: string;
  abstract call(args: unknown[], kwargs: Map<string, unknown>): unknown;
}

export class NativeFunction extends Callable {
  constructor(
    readonly label: string,
    private readonly fn: (args: unknown[], kwargs: Map<string, unknown>) => unknown,
  ) {
    super();
  }
  call(args: unknown[], kwargs: Map<string, unknown>): unknown {
    return this.fn(args, kwargs);
  }
}

/** `namespace()`: the one object templates may assign attributes to. */
export class Namespace {
  readonly attrs = new Map<string, unknown>();
}

export type PyDict = Map<unknown, unknown>;

export const isFloat = (value: unknown): boolean =>
  value instanceof PyFloat || (typeof value === 'number' && !Number.isInteger(value));
export const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);
export const isNumber = (value: unknown): boolean => typeof value === 'number' || value instanceof PyFloat;
export const isString = (value: unknown): value is string | Markup =>
  typeof value === 'string' || value instanceof Markup;
export const isDict = (value: unknown): value is PyDict => value instanceof Map;
export const isSequence = (value: unknown): value is unknown[] => Array.isArray(value);

/** The JS number of an int or float. */
export function num(value: unknown): number {
  if (value instanceof PyFloat) return value.value;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new TemplateError(`expected a number, got ${typeName(value)}`);
}

/** A float result: integral values keep their float-ness. */
export function toFloat(value: number): number | PyFloat {
  return Number.isInteger(value) ? new PyFloat(value) : value;
}

export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Markup) return value.value;
  if (value instanceof Undefined) return '';
  return repr(value, true);
}

export function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (value instanceof Undefined) return 'Undefined';
  if (typeof value === 'boolean') return 'bool';
  if (isFloat(value)) return 'float';
  if (typeof value === 'number') return 'int';
  if (typeof value === 'string') return 'str';
  if (value instanceof Markup) return 'Markup';
  if (value instanceof PyTuple) return 'tuple';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'dict';
  if (value instanceof Namespace) return 'Namespace';
  if (value instanceof Callable) return 'function';
  return 'object';
}

/** Python's repr() of a float: shortest round-trip digits, exponent outside 1e-4 ≤ |x| < 1e16. */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  let text: string;
  if (exponent < -4 || exponent >= 16) {
    const rest = digits.slice(1);
    text = `${digits[0]}${rest ? `.${rest}` : ''}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  } else if (exponent < 0) {
    text = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  } else if (digits.length <= exponent + 1) {
    text = `${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
  } else {
    text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  }
  return negative ? `-${text}` : text;
}

/** Python's repr() of a str: single quotes unless the text has ' and no ". */
export function stringRepr(value: string): string {
  spend(value.length);
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  // One native replace (control characters are those outside ' '..'~' and below U+0080): a
  // character loop takes a fifth of a second on a long string.
  const escaped = value.replace(
    quote === "'" ? /[\\']|[^ -~\u0080-\uffff]/g : /[\\"]|[^ -~\u0080-\uffff]/g,
    (char) => {
      if (char === '\\') return '\\\\';
      if (char === quote) return `\\${quote}`;
      if (char === '\n') return '\\n';
      if (char === '\r') return '\\r';
      if (char === '\t') return '\\t';
      return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    },
  );
  return quote + escaped + quote;
}

/** Python's str() (top level) or repr() (inside containers) of any template value. */
export function repr(value: unknown, topLevel = false): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value instanceof Undefined) return topLevel ? '' : 'Undefined';
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === 'number') return Number.isInteger(value) ? intText(value) : floatRepr(value);
  if (typeof value === 'string') return topLevel ? value : stringRepr(value);
  if (value instanceof Markup) return topLevel ? value.value : `Markup(${stringRepr(value.value)})`;
  if (value instanceof PyTuple) {
    const items = value.map((item) => repr(item));
    allowJoin(items, ', ', 3);
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => repr(item));
    allowJoin(items, ', ', 2);
    return `[${items.join(', ')}]`;
  }
  if (value instanceof Map) {
    const items = [...value.entries()].map(([key, item]) => `${repr(key)}: ${repr(item)}`);
    allowJoin(items, ', ', 2);
    return `{${items.join(', ')}}`;
  }
  if (value instanceof Namespace) return '<Namespace>';
  if (value instanceof Callable) return `<${value.label}>`;
  return String(value);
}

function intText(value: number): string {
  // Beyond 2^53 a JS number has no exact digits; print what it holds without exponent.
  return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
}

export function truthy(value: unknown): boolean {
  if (value === null || value === false || value instanceof Undefined) return false;
  if (value === true) return true;
  if (typeof value === 'number') return value !== 0;
  if (value instanceof PyFloat) return value.value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (value instanceof Markup) return value.value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  return true;
}

/** Python ==, structural for containers. */
export function equals(a: unknown, b: unknown): boolean {
  if (a instanceof Undefined || b instanceof Undefined)
    return a instanceof Undefined && b instanceof Undefined;
  if (isNumber(a) || typeof a === 'boolean') {
    return (isNumber(b) || typeof b === 'boolean') && num(a) === num(b);
  }
  if (isString(a)) return isString(b) && str(a) === str(b);
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) &&
      a instanceof PyTuple === b instanceof PyTuple &&
      a.length === b.length &&
      a.every((item, index) => equals(item, b[index]))
    );
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) {
      const other = dictGet(b, key);
      if (other === MISSING || !equals(value, other)) return false;
    }
    return true;
  }
  return a === b;
}

/** Python's ordering (<), refusing what Python refuses. */
export function compare(a: unknown, b: unknown): number {
  if ((isNumber(a) || typeof a === 'boolean') && (isNumber(b) || typeof b === 'boolean'))
    return num(a) - num(b);
  if (isString(a) && isString(b)) {
    const x = str(a);
    const y = str(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      if (!equals(a[index], b[index])) return compare(a[index], b[index]);
    }
    return a.length - b.length;
  }
  throw new TemplateError(`'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

export const MISSING: unique symbol = Symbol('missing');

/** Looks a key up in a dict by Python equality (1 and 1.0 and True are one key). */
export function dictGet(dict: PyDict, key: unknown): unknown {
  if (dict.has(key)) return dict.get(key);
  if (isNumber(key) || typeof key === 'boolean' || key instanceof Markup) {
    for (const [candidate, value] of dict) if (equals(candidate, key)) return value;
  }
  return MISSING;
}

export function dictSet(dict: PyDict, key: unknown, value: unknown): void {
  if (!dict.has(key) && (isNumber(key) || typeof key === 'boolean')) {
    for (const candidate of dict.keys()) {
      if (equals(candidate, key)) {
        dict.set(candidate, value);
        return;
      }
    }
  }
  dict.set(key instanceof Markup ? key.value : key, value);
}

/** Turns outside data (JSON-like JS values) into template values. */
export function fromJs(value: unknown, depth = 0): unknown {
  if (depth > 64) throw new TemplateError('variables are nested too deeply');
  if (value === undefined) return null;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => fromJs(item, depth + 1));
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, fromJs(item, depth + 1)]));
  if (typeof value === 'object') {
    return new Map(Object.entries(value).map(([key, item]) => [key, fromJs(item, depth + 1)]));
  }
  return null;
}

/** Turns a template value back into plain JS (for variables set by templates, tojson, …). */
export function toJs(value: unknown): unknown {
  if (value instanceof PyFloat) return value.value;
  if (value instanceof Markup) return value.value;
  if (value instanceof Undefined) return null;
  if (Array.isArray(value)) return value.map(toJs);
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([key, item]) => [str(key), toJs(item)]));
  if (value instanceof Namespace)
    return Object.fromEntries([...value.attrs].map(([key, item]) => [key, toJs(item)]));
  if (value instanceof Callable) return null;
  return value;
}
