import { type Meter, spend } from './budget';
import { SandboxError, TemplateError } from './errors';
import { printfFormat } from './python-format';
import {
  compare,
  dictGet,
  equals,
  isFloat,
  isInt,
  isNumber,
  isString,
  Markup,
  MISSING,
  Namespace,
  num,
  PyTuple,
  str,
  toFloat,
  tuple,
  typeName,
  Undefined,
} from './values';

// Python's operators on template values: iteration, membership, comparison and arithmetic. They
// sit below methods, filters and the evaluator, which all use them.

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

/** A comparison (`==`, `in`, `<`…) as Python makes it; orders only values Python can order. */
export function compareOp(op: string, left: unknown, right: unknown, line: number): boolean {
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

function repeat<T>(meter: Meter, count: number, size: number, make: (times: number) => T, line: number): T {
  const times = Math.max(0, count);
  meter.allow(times * size, line);
  return make(times);
}

/** Python's binary arithmetic on template values. */
export function binaryOp(op: string, left: unknown, right: unknown, meter: Meter, line: number): unknown {
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
        meter.allow(str(left).length + str(right).length, line);
        const joined = str(left) + str(right);
        return left instanceof Markup ? new Markup(joined) : joined;
      }
      if (
        Array.isArray(left) &&
        Array.isArray(right) &&
        left instanceof PyTuple === right instanceof PyTuple
      ) {
        meter.allow(left.length + right.length, line);
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
        return repeat(meter, count, str(seq).length, (times) => str(seq).repeat(times), line);
      if (Array.isArray(seq)) {
        const items = repeat(
          meter,
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
