import { spend } from './budget';
import { TemplateError } from './errors';
import { type FieldAccess, methodOf } from './methods';
import {
  Callable,
  dictGet,
  isFloat,
  isInt,
  isString,
  MISSING,
  Namespace,
  num,
  PyFloat,
  PyTuple,
  str,
  tuple,
  typeName,
  Undefined,
} from './values';

// Attribute and item access on template values (`user.name`, `items[0]`, `text[1:3]`), as Jinja2
// does it: an object's own attributes, then Python's methods of its type, then its items.

/**
 * A callable object with attributes of its own (`loop.index`, a macro's `name`, `cycler.next`):
 * `undefined` when it has no such attribute.
 */
interface AttributeHolder extends Callable {
  attribute(name: string, line?: number): unknown;
}

/** What `str.format` uses to read `{0.name}` and `{0[key]}`. */
const fields: FieldAccess = {
  attr: (value, name) => getAttr(value, name),
  item: (value, key) => getItem(value, key),
};

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
  if (value instanceof Callable && 'attribute' in value && typeof value.attribute === 'function') {
    const found = (value as AttributeHolder).attribute(name, line);
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
  const method = methodOf(value, name, fields);
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

/** `value[start:stop:step]`, as Python slices a list, a tuple or a string. */
export function sliceValue(
  value: unknown,
  start: unknown,
  stop: unknown,
  step: unknown,
  line: number,
): unknown {
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
