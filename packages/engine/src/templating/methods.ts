import { allow, allowJoin, spend } from './budget';
import { TemplateError } from './errors';
import { iterate } from './operators';
import { strFormat } from './python-format';
import {
  dictGet,
  dictSet,
  equals,
  isString,
  Markup,
  MISSING,
  NativeFunction,
  num,
  PyTuple,
  repr,
  str,
  tuple,
  typeName,
} from './values';

/**
 * How `str.format` reads the fields of its arguments (`{0.name}`, `{0[key]}`): the evaluator's own
 * attribute and item access, which itself finds methods here, so it comes in as a parameter.
 */
export interface FieldAccess {
  attr(value: unknown, name: string): unknown;
  item(value: unknown, key: unknown): unknown;
}

type Method = (self: never, args: unknown[], kwargs: Map<string, unknown>, fields: FieldAccess) => unknown;

const WHITESPACE = ' \t\n\r\x0b\x0c';

function stripChars(text: string, chars: unknown, side: 'both' | 'left' | 'right'): string {
  const set = chars === undefined || chars === null ? WHITESPACE : str(chars);
  let start = 0;
  let end = text.length;
  if (side !== 'right') while (start < end && set.includes(text[start] ?? '')) start++;
  if (side !== 'left') while (end > start && set.includes(text[end - 1] ?? '')) end--;
  return text.slice(start, end);
}

/** Python's str.split: on whitespace runs without a separator, exactly on one otherwise. */
export function pySplit(text: string, sep: unknown, maxsplit = -1): string[] {
  if (sep === undefined || sep === null) {
    const parts: string[] = [];
    const rest = text.replace(/^\s+/, '');
    if (!rest) return [];
    let remaining = rest;
    while (remaining) {
      if (maxsplit >= 0 && parts.length === maxsplit) {
        parts.push(remaining.replace(/\s+$/, ''));
        break;
      }
      const match = /\s+/.exec(remaining);
      if (!match) {
        parts.push(remaining);
        break;
      }
      parts.push(remaining.slice(0, match.index));
      remaining = remaining.slice(match.index + match[0].length);
    }
    return parts;
  }
  const separator = str(sep);
  if (separator === '') throw new TemplateError('empty separator');
  const pieces = text.split(separator);
  if (maxsplit < 0 || pieces.length <= maxsplit + 1) return pieces;
  return [...pieces.slice(0, maxsplit), pieces.slice(maxsplit).join(separator)];
}

/** Python's str.title(): each run of letters capitalised. */
export function pyTitle(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
}

export function pyCapitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

function startsOrEnds(
  text: string,
  affix: unknown,
  start: unknown,
  end: unknown,
  fn: 'startsWith' | 'endsWith',
): boolean {
  const slice = text.slice(
    start === undefined || start === null ? 0 : num(start),
    end === undefined || end === null ? undefined : num(end),
  );
  const options = affix instanceof PyTuple ? [...affix] : [affix];
  return options.some((option) => {
    if (!isString(option))
      throw new TemplateError(
        `${fn === 'startsWith' ? 'startswith' : 'endswith'} first arg must be str or a tuple of str, not ${typeName(option)}`,
      );
    return slice[fn](str(option));
  });
}

function count(haystack: string, needle: string): number {
  if (needle === '') return haystack.length + 1;
  return haystack.split(needle).length - 1;
}

const justify = (text: string, width: unknown, fill: unknown, align: 'left' | 'right' | 'center'): string => {
  const size = num(width);
  const char = fill === undefined ? ' ' : str(fill);
  if (text.length >= size) return text;
  allow(size * Math.max(1, char.length));
  const space = size - text.length;
  if (align === 'left') return text + char.repeat(space);
  if (align === 'right') return char.repeat(space) + text;
  // Python's center puts the extra space on the right when the text length is even... as CPython does.
  const left = Math.floor(space / 2) + ((space % 2) & (size % 2));
  return char.repeat(left) + text + char.repeat(space - left);
};

const stringMethods: Record<
  string,
  (self: string, args: unknown[], kwargs: Map<string, unknown>, fields: FieldAccess) => unknown
> = {
  upper: (self) => self.toUpperCase(),
  lower: (self) => self.toLowerCase(),
  casefold: (self) => self.toLowerCase(),
  title: (self) => pyTitle(self),
  capitalize: (self) => pyCapitalize(self),
  swapcase: (self) =>
    [...self].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''),
  strip: (self, [chars]) => stripChars(self, chars, 'both'),
  lstrip: (self, [chars]) => stripChars(self, chars, 'left'),
  rstrip: (self, [chars]) => stripChars(self, chars, 'right'),
  split: (self, [sep, maxsplit], kwargs) =>
    pySplit(self, sep ?? kwargs.get('sep'), num(maxsplit ?? kwargs.get('maxsplit') ?? -1)),
  rsplit: (self, [sep, maxsplit]) => {
    const limit = num(maxsplit ?? -1);
    if (limit < 0) return pySplit(self, sep);
    const reversed = pySplit(
      [...self].reverse().join(''),
      sep === undefined || sep === null ? sep : [...str(sep)].reverse().join(''),
      limit,
    );
    return reversed.map((part) => [...part].reverse().join('')).reverse();
  },
  splitlines: (self, [keepends]) => {
    const lines = self.split(/(\r\n|\r|\n)/);
    const out: string[] = [];
    for (let index = 0; index < lines.length; index += 2) {
      const text = lines[index] ?? '';
      const end = lines[index + 1] ?? '';
      if (index === lines.length - 1 && text === '') break;
      out.push(keepends ? text + end : text);
    }
    return out;
  },
  replace: (self, [old, replacement, times]) => {
    const limit = times === undefined ? -1 : num(times);
    spend(self.length);
    const parts = self.split(str(old));
    allowJoin(parts, str(replacement).length > str(old).length ? str(replacement) : str(old));
    if (limit < 0 || parts.length - 1 <= limit) return parts.join(str(replacement));
    return (
      parts.slice(0, limit + 1).join(str(replacement)) + str(old) + parts.slice(limit + 1).join(str(old))
    );
  },
  startswith: (self, [affix, start, end]) => startsOrEnds(self, affix, start, end, 'startsWith'),
  endswith: (self, [affix, start, end]) => startsOrEnds(self, affix, start, end, 'endsWith'),
  find: (self, [needle]) => self.indexOf(str(needle)),
  rfind: (self, [needle]) => self.lastIndexOf(str(needle)),
  index: (self, [needle]) => {
    const at = self.indexOf(str(needle));
    if (at < 0) throw new TemplateError('substring not found');
    return at;
  },
  rindex: (self, [needle]) => {
    const at = self.lastIndexOf(str(needle));
    if (at < 0) throw new TemplateError('substring not found');
    return at;
  },
  count: (self, [needle]) => count(self, str(needle)),
  join: (self, [items]) => {
    const parts = iterate(items).map((item) => {
      if (!isString(item))
        throw new TemplateError(`sequence item: expected str instance, ${typeName(item)} found`);
      return str(item);
    });
    allowJoin(parts, self);
    return parts.join(self);
  },
  format: (self, args, kwargs, fields) =>
    strFormat(self, args, kwargs, (value, key, isIndex) =>
      isIndex && /^\d+$/.test(key)
        ? fields.item(value, Number(key))
        : isIndex
          ? fields.item(value, key)
          : fields.attr(value, key),
    ),
  zfill: (self, [width]) => {
    const sign = /^[+-]/.test(self) ? (self[0] ?? '') : '';
    const body = self.slice(sign.length);
    allow(num(width));
    return sign + body.padStart(num(width) - sign.length, '0');
  },
  center: (self, [width, fill]) => justify(self, width, fill, 'center'),
  ljust: (self, [width, fill]) => justify(self, width, fill, 'left'),
  rjust: (self, [width, fill]) => justify(self, width, fill, 'right'),
  isdigit: (self) => /^\d+$/u.test(self),
  isdecimal: (self) => /^\d+$/u.test(self),
  isnumeric: (self) => /^\p{N}+$/u.test(self),
  isalpha: (self) => /^\p{L}+$/u.test(self),
  isalnum: (self) => /^[\p{L}\p{N}]+$/u.test(self),
  isspace: (self) => /^\s+$/.test(self),
  islower: (self) => /\p{Ll}/u.test(self) && !/\p{Lu}/u.test(self),
  isupper: (self) => /\p{Lu}/u.test(self) && !/\p{Ll}/u.test(self),
  istitle: (self) => /\p{L}/u.test(self) && pyTitle(self) === self,
  partition: (self, [sep]) => {
    const at = self.indexOf(str(sep));
    return at < 0
      ? tuple([self, '', ''])
      : tuple([self.slice(0, at), str(sep), self.slice(at + str(sep).length)]);
  },
  rpartition: (self, [sep]) => {
    const at = self.lastIndexOf(str(sep));
    return at < 0
      ? tuple(['', '', self])
      : tuple([self.slice(0, at), str(sep), self.slice(at + str(sep).length)]);
  },
  removeprefix: (self, [prefix]) => (self.startsWith(str(prefix)) ? self.slice(str(prefix).length) : self),
  removesuffix: (self, [suffix]) =>
    str(suffix) && self.endsWith(str(suffix)) ? self.slice(0, -str(suffix).length) : self,
};

const listMethods: Record<string, (self: unknown[], args: unknown[]) => unknown> = {
  append: (self, [item]) => {
    allow(self.length + 1);
    self.push(item);
    return null;
  },
  extend: (self, [items]) => {
    const added = iterate(items);
    allow(self.length + added.length);
    // One by one: spreading a long list into push() would overflow the call stack.
    for (const item of added) self.push(item);
    return null;
  },
  insert: (self, [index, item]) => {
    allow(self.length + 1);
    self.splice(num(index), 0, item);
    return null;
  },
  pop: (self, [index]) => {
    if (self.length === 0) throw new TemplateError('pop from empty list');
    const at = index === undefined ? self.length - 1 : num(index) < 0 ? self.length + num(index) : num(index);
    if (at < 0 || at >= self.length) throw new TemplateError('pop index out of range');
    return self.splice(at, 1)[0];
  },
  remove: (self, [item]) => {
    const at = self.findIndex((candidate) => equals(candidate, item));
    if (at < 0) throw new TemplateError('list.remove(x): x not in list');
    self.splice(at, 1);
    return null;
  },
  index: (self, [item]) => {
    const at = self.findIndex((candidate) => equals(candidate, item));
    if (at < 0) throw new TemplateError(`${repr(item)} is not in list`);
    return at;
  },
  count: (self, [item]) => self.filter((candidate) => equals(candidate, item)).length,
  reverse: (self) => {
    self.reverse();
    return null;
  },
  copy: (self) => [...self],
  clear: (self) => {
    self.length = 0;
    return null;
  },
};

const tupleMethods: Record<string, (self: unknown[], args: unknown[]) => unknown> = {
  index: listMethods.index as (self: unknown[], args: unknown[]) => unknown,
  count: listMethods.count as (self: unknown[], args: unknown[]) => unknown,
};

const dictMethods: Record<
  string,
  (self: Map<unknown, unknown>, args: unknown[], kwargs: Map<string, unknown>) => unknown
> = {
  items: (self) => [...self.entries()].map(([key, value]) => tuple([key, value])),
  keys: (self) => [...self.keys()],
  values: (self) => [...self.values()],
  get: (self, [key, fallback]) => {
    const value = dictGet(self, key);
    return value === MISSING ? (fallback ?? null) : value;
  },
  pop: (self, [key, fallback]) => {
    const value = dictGet(self, key);
    if (value === MISSING) {
      if (fallback === undefined) throw new TemplateError(`KeyError: ${repr(key)}`);
      return fallback;
    }
    for (const candidate of self.keys()) if (equals(candidate, key)) self.delete(candidate);
    return value;
  },
  setdefault: (self, [key, fallback]) => {
    const value = dictGet(self, key);
    if (value !== MISSING) return value;
    dictSet(self, key, fallback ?? null);
    return fallback ?? null;
  },
  update: (self, [other], kwargs) => {
    if (other instanceof Map) for (const [key, value] of other) dictSet(self, key, value);
    else if (other !== undefined)
      for (const pair of iterate(other)) {
        const [key, value] = iterate(pair);
        dictSet(self, key, value);
      }
    for (const [key, value] of kwargs) dictSet(self, key, value);
    return null;
  },
  copy: (self) => new Map(self),
  clear: (self) => {
    self.clear();
    return null;
  },
};

/** The bound method `name` of a value, as Python offers it (and nothing else). */
export function methodOf(value: unknown, name: string, fields: FieldAccess): NativeFunction | undefined {
  let table: Record<string, Method> | undefined;
  let self: unknown = value;
  let kind = '';
  if (typeof value === 'string' || value instanceof Markup) {
    table = stringMethods as Record<string, Method>;
    self = str(value);
    kind = 'str';
  } else if (value instanceof PyTuple) {
    table = tupleMethods as Record<string, Method>;
    kind = 'tuple';
  } else if (Array.isArray(value)) {
    table = listMethods as Record<string, Method>;
    kind = 'list';
  } else if (value instanceof Map) {
    table = dictMethods as Record<string, Method>;
    kind = 'dict';
  }
  if (!table || !Object.hasOwn(table, name)) return undefined;
  const method = table[name] as Method;
  return new NativeFunction(`built-in method ${name} of ${kind} object`, (args, kwargs) =>
    method(self as never, args, kwargs, fields),
  );
}
