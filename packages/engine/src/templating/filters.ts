import { getAttrOnly, getItem } from './access';
import { allow, allowJoin, type Meter, spend } from './budget';
import { TemplateError } from './errors';
import { loadJson, toJson } from './json';
import { pyCapitalize } from './methods';
import { binaryOp, iterate } from './operators';
import { printfFormat, pyRound } from './python-format';
import {
  compare,
  equals,
  isFloat,
  isInt,
  isNumber,
  isString,
  Markup,
  num,
  PyFloat,
  PyTuple,
  repr,
  str,
  toFloat,
  truthy,
  tuple,
  typeName,
  Undefined,
} from './values';

/**
 * What a filter may use of the render running it: its meter and random source (`random`, `sum`),
 * and the tests by name (`select`, `reject`). Tests know the filters (`is filter`), so they come in
 * here rather than by import.
 */
export interface FilterEnv {
  readonly context: Meter & { readonly random: () => number };
  test(name: string, value: unknown, args: unknown[], kwargs: Map<string, unknown>): boolean;
}

type Filter = (value: unknown, args: unknown[], kwargs: Map<string, unknown>, env: FilterEnv) => unknown;

/** Reads argument `name` given by position or keyword, with Python's default. */
function arg<T>(
  args: unknown[],
  kwargs: Map<string, unknown>,
  position: number,
  name: string,
  fallback: T,
): unknown | T {
  if (kwargs.has(name)) return kwargs.get(name);
  return position < args.length ? args[position] : fallback;
}

/** A `groupby` result: a tuple with `grouper` and `list` attributes. */
export class GroupTuple extends PyTuple {}

const escapeMap: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapeMap[char] ?? char);

/** `attribute` may be dotted (`user.name`) or an index (`0`), as Jinja2's make_attrgetter reads it. */
function attrGetter(attribute: unknown, fallback?: unknown): (item: unknown) => unknown {
  const parts =
    attribute === null || attribute === undefined
      ? []
      : isInt(attribute)
        ? [attribute]
        : str(attribute).split('.');
  return (item) => {
    let value = item;
    for (const part of parts)
      value = getItem(value, typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : part);
    if (value instanceof Undefined && fallback !== undefined) return fallback;
    return value;
  };
}

/** Python's len() of a str: code points, counted without copying a long string. */
function codePoints(text: string): number {
  spend(text.length);
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}

/** A key equal simple values share (as their Python hashes would), or undefined for containers. */
function hashKey(value: unknown): string | undefined {
  if (value === null) return 'none';
  if (isNumber(value) || typeof value === 'boolean') return `n:${num(value)}`;
  if (isString(value)) return `s:${str(value)}`;
  return undefined;
}

function sortKey(caseSensitive: boolean) {
  return (value: unknown) => (!caseSensitive && isString(value) ? str(value).toLowerCase() : value);
}

function sortItems(items: unknown[], key: (item: unknown) => unknown, reverse: boolean): unknown[] {
  const keyed = items.map((item, index) => ({ item, key: key(item), index }));
  keyed.sort((a, b) => compare(a.key, b.key) || a.index - b.index);
  if (reverse) keyed.reverse();
  // Python's reverse sort is still stable for equal keys.
  if (reverse) {
    const stable: typeof keyed = [];
    for (let start = 0; start < keyed.length; ) {
      let end = start + 1;
      while (
        end < keyed.length &&
        equals((keyed[end] as (typeof keyed)[0]).key, (keyed[start] as (typeof keyed)[0]).key)
      )
        end++;
      stable.push(...keyed.slice(start, end).reverse());
      start = end;
    }
    return stable.map((entry) => entry.item);
  }
  return keyed.map((entry) => entry.item);
}

function truncate(text: string, length: number, killwords: boolean, end: string, leeway: number): string {
  if (text.length <= length + leeway) return text;
  if (killwords) return text.slice(0, length - end.length) + end;
  const cut = text.slice(0, length - end.length);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace >= 0 ? cut.slice(0, lastSpace) : cut) + end;
}

/** Python's textwrap.wrap as Jinja2's wordwrap uses it. */
function wordwrap(
  text: string,
  width: number,
  breakLongWords: boolean,
  wrapstring: string,
  breakOnHyphens: boolean,
): string {
  // As Python's textwrap: a width under 1 could never fit a character (and would never end).
  if (width <= 0) throw new TemplateError(`invalid width ${width} (must be > 0)`);
  spend(text.length);
  const wrapped = text.split(/\r\n|\r|\n/).flatMap((paragraph) => {
    const chunks = paragraph
      .replace(/\t/g, '        ')
      .split(breakOnHyphens ? /(\s+|(?<=[^\d\W]-)(?=[^\d\W]))/ : /(\s+)/)
      .filter((chunk) => chunk !== '' && chunk !== undefined);
    const lines: string[] = [];
    let current: string[] = [];
    let size = 0;
    for (let index = 0; index < chunks.length; index++) {
      let chunk = chunks[index] as string;
      if (/^\s+$/.test(chunk)) {
        if (current.length === 0) continue;
        chunk = chunk.replace(/\s/g, ' ');
      }
      if (size + chunk.length <= width) {
        current.push(chunk);
        size += chunk.length;
        continue;
      }
      if (chunk.length > width && !/^\s+$/.test(chunk)) {
        if (breakLongWords) {
          let rest = chunk;
          while (rest.length > 0) {
            const room = width - size;
            if (room <= 0) {
              lines.push(current.join('').replace(/\s+$/, ''));
              current = [];
              size = 0;
              continue;
            }
            current.push(rest.slice(0, room));
            size += Math.min(room, rest.length);
            rest = rest.slice(room);
            if (rest) {
              lines.push(current.join('').replace(/\s+$/, ''));
              current = [];
              size = 0;
            }
          }
          continue;
        }
      }
      if (current.length) lines.push(current.join('').replace(/\s+$/, ''));
      current = /^\s+$/.test(chunk) ? [] : [chunk];
      size = current.length ? chunk.length : 0;
    }
    if (current.length) lines.push(current.join('').replace(/\s+$/, ''));
    // An empty paragraph still takes its place between two wrapstrings.
    return lines.length ? lines : [''];
  });
  allowJoin(wrapped, wrapstring);
  return wrapped.join(wrapstring);
}

const urlSafe = /[A-Za-z0-9_.\-~/]/;
function urlQuote(text: string, safe = urlSafe): string {
  return [...new TextEncoder().encode(text)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 128 && safe.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

function filesize(value: unknown, binary: boolean): string {
  const bytes = num(value);
  const base = binary ? 1024 : 1000;
  const prefixes = binary
    ? ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB']
    : ['kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  if (bytes === 1) return '1 Byte';
  if (bytes < base) return `${Math.trunc(bytes)} Bytes`;
  let unit = base;
  for (let index = 0; index < prefixes.length; index++) {
    unit = base ** (index + 2);
    if (bytes < unit) return `${((base * bytes) / unit).toFixed(1)} ${prefixes[index]}`;
  }
  return `${((base * bytes) / unit).toFixed(1)} ${prefixes.at(-1)}`;
}

function striptags(text: string): string {
  const stripped = text.replace(/<!--.*?-->/gs, '').replace(/<[^>]*>/g, '');
  return stripped
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')
    .replace(
      /&(amp|lt|gt|quot|#39|#34|apos);/g,
      (entity, name: string) =>
        ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#34': '"', apos: "'" })[name] ?? entity,
    );
}

const httpPattern =
  /^((https?:\/\/|www\.)(([\w%-]+\.)+)?([a-z]{2,63}|xn--[\w%]{2,59})|([\w%-]{2,63}\.)+(com|net|int|edu|gov|org|info|mil)|(https?:\/\/)((([\d]{1,3})(\.[\d]{1,3}){3})|(\[([\da-f]{0,4}:){2}([\da-f]{0,4}:?){1,6}\])))(?::[\d]{1,5})?(?:[/?#]\S*)?$/i;
const emailPattern = /^\S+@\w[\w.-]*\.\w+$/;

/** Jinja2 3.1's urlize, step for step: escape, split on whitespace, peel punctuation, link. */
export function urlize(
  text: string,
  trimLength: number | null,
  nofollow: boolean,
  target: unknown,
  rel: unknown,
): string {
  const relParts = new Set([
    ...(rel ? str(rel).split(/\s+/).filter(Boolean) : []),
    ...(nofollow ? ['nofollow'] : []),
    'noopener',
  ]);
  const relAttr = ` rel="${escapeHtml([...relParts].sort().join(' '))}"`;
  const targetAttr = target ? ` target="${escapeHtml(str(target))}"` : '';
  const trim = (url: string) =>
    trimLength !== null && url.length > trimLength ? `${url.slice(0, trimLength)}...` : url;
  return escapeHtml(text)
    .split(/(\s+)/)
    .map((word) => {
      let head = '';
      let middle = word;
      let tail = '';
      const lead = /^([(<]|&lt;)+/.exec(middle);
      if (lead) {
        head = lead[0];
        middle = middle.slice(head.length);
      }
      const trail = /([)>.,\n]|&gt;)+$/.exec(middle);
      if (trail) {
        tail = trail[0];
        middle = middle.slice(0, trail.index);
      }
      for (const [open, close] of [
        ['(', ')'],
        ['<', '>'],
        ['&lt;', '&gt;'],
      ] as const) {
        const opened = middle.split(open).length - 1;
        if (opened <= middle.split(close).length - 1) continue;
        const movable = Math.min(opened, tail.split(close).length - 1);
        for (let moved = 0; moved < movable; moved++) {
          const end = tail.indexOf(close) + close.length;
          middle += tail.slice(0, end);
          tail = tail.slice(end);
        }
      }
      if (httpPattern.test(middle)) {
        const href =
          middle.startsWith('https://') || middle.startsWith('http://') ? middle : `https://${middle}`;
        middle = `<a href="${href}"${relAttr}${targetAttr}>${trim(middle)}</a>`;
      } else if (middle.startsWith('mailto:') && emailPattern.test(middle.slice(7))) {
        middle = `<a href="${middle}">${middle.slice(7)}</a>`;
      } else if (
        middle.includes('@') &&
        !middle.startsWith('www.') &&
        !middle.includes(':') &&
        emailPattern.test(middle)
      ) {
        middle = `<a href="mailto:${middle}">${middle}</a>`;
      }
      return `${head}${middle}${tail}`;
    })
    .join('');
}

function mapItems(
  items: unknown[],
  args: unknown[],
  kwargs: Map<string, unknown>,
  env: FilterEnv,
): unknown[] {
  if (kwargs.has('attribute') || (args.length === 0 && kwargs.size > 0)) {
    const getter = attrGetter(kwargs.get('attribute'), kwargs.get('default'));
    return items.map(getter);
  }
  const [name, ...rest] = args;
  if (name === undefined) throw new TemplateError('map requires a filter argument');
  return items.map((item) => applyFilter(str(name), item, rest, kwargs, env));
}

function selectItems(
  items: unknown[],
  args: unknown[],
  kwargs: Map<string, unknown>,
  env: FilterEnv,
  keep: boolean,
  byAttribute: boolean,
): unknown[] {
  const [first, ...rest] = args;
  const getter = byAttribute ? attrGetter(first) : (item: unknown) => item;
  const [testName, ...testArgs] = byAttribute ? rest : args;
  return items.filter((item) => {
    const value = getter(item);
    const passed = testName === undefined ? truthy(value) : env.test(str(testName), value, testArgs, kwargs);
    return passed === keep;
  });
}

function minMax(items: unknown[], args: unknown[], kwargs: Map<string, unknown>, pick: number): unknown {
  if (items.length === 0) return new Undefined('No aggregated item, sequence was empty.');
  const key = sortKey(Boolean(arg(args, kwargs, 0, 'case_sensitive', false)));
  const getter = attrGetter(arg(args, kwargs, 1, 'attribute', null));
  return items.reduce((best, item) =>
    compare(key(getter(item)), key(getter(best))) * pick > 0 ? item : best,
  );
}

export const filters: Record<string, Filter> = {
  abs: (value) => {
    if (!isNumber(value) && typeof value !== 'boolean')
      throw new TemplateError(`bad operand type for abs(): '${typeName(value)}'`);
    return isFloat(value) ? toFloat(Math.abs(num(value))) : Math.abs(num(value));
  },
  attr: (value, [name]) => getAttrOnly(value, str(name)),
  batch: (value, args, kwargs) => {
    const size = num(arg(args, kwargs, 0, 'linecount', 1));
    const fill = arg(args, kwargs, 1, 'fill_with', undefined);
    const items = iterate(value);
    // As Jinja2: a batch is full at exactly `size` items, so 0 yields one empty batch first and
    // a negative size never fills one.
    if (size < 1) return items.length === 0 ? [] : size === 0 ? [[], items] : [items];
    const batches: unknown[][] = [];
    for (let index = 0; index < items.length; index += size) batches.push(items.slice(index, index + size));
    const last = batches.at(-1);
    if (fill !== undefined && fill !== null && last) {
      allow(size);
      while (last.length < size) last.push(fill);
    }
    return batches;
  },
  capitalize: (value) => pyCapitalize(str(value)),
  center: (value, args, kwargs) => {
    const text = str(value);
    const width = num(arg(args, kwargs, 0, 'width', 80));
    const space = width - text.length;
    if (space <= 0) return text;
    allow(width);
    const left = Math.floor(space / 2) + (space & width & 1);
    return ' '.repeat(left) + text + ' '.repeat(space - left);
  },
  default: (value, args, kwargs) => {
    const fallback = arg(args, kwargs, 0, 'default_value', '');
    const boolean = truthy(arg(args, kwargs, 1, 'boolean', false));
    return value instanceof Undefined || (boolean && !truthy(value)) ? fallback : value;
  },
  dictsort: (value, args, kwargs) => {
    if (!(value instanceof Map)) throw new TemplateError('You can only sort by either "key" or "value"');
    const caseSensitive = Boolean(arg(args, kwargs, 0, 'case_sensitive', false));
    const by = str(arg(args, kwargs, 1, 'by', 'key'));
    if (by !== 'key' && by !== 'value')
      throw new TemplateError('You can only sort by either "key" or "value"');
    const reverse = truthy(arg(args, kwargs, 2, 'reverse', false));
    const key = sortKey(caseSensitive);
    const pairs = [...value.entries()].map(([k, v]) => tuple([k, v]));
    return sortItems(pairs, (pair) => key((pair as unknown[])[by === 'key' ? 0 : 1]), reverse);
  },
  escape: (value) => (value instanceof Markup ? value : new Markup(escapeHtml(str(value)))),
  filesizeformat: (value, args, kwargs) => filesize(value, truthy(arg(args, kwargs, 0, 'binary', false))),
  first: (value) => {
    const items = iterate(value);
    return items.length ? items[0] : new Undefined('No first item, sequence was empty.');
  },
  float: (value, args, kwargs) => {
    const fallback = arg(args, kwargs, 0, 'default', new PyFloat(0));
    if (isNumber(value) || typeof value === 'boolean') return toFloat(num(value));
    if (isString(value)) {
      const text = str(value).trim().replaceAll('_', '');
      if (/^[+-]?(\d+\.?\d*(e[+-]?\d+)?|\.\d+(e[+-]?\d+)?|inf(inity)?|nan)$/i.test(text)) {
        const lower = text.toLowerCase();
        return toFloat(
          lower.includes('inf')
            ? lower.startsWith('-')
              ? -Infinity
              : Infinity
            : lower.includes('nan')
              ? Number.NaN
              : Number(text),
        );
      }
    }
    return fallback;
  },
  forceescape: (value) => new Markup(escapeHtml(str(value))),
  format: (value, args, kwargs) => {
    if (args.length && kwargs.size)
      throw new TemplateError("can't handle positional and keyword arguments at the same time");
    return printfFormat(str(value), kwargs.size ? kwargs : args.length === 1 ? args[0] : tuple(args));
  },
  groupby: (value, args, kwargs) => {
    const getter = attrGetter(
      arg(args, kwargs, 0, 'attribute', null),
      arg(args, kwargs, 1, 'default', undefined),
    );
    const caseSensitive = truthy(arg(args, kwargs, 2, 'case_sensitive', false));
    const key = (item: unknown) => {
      const grouper = getter(item);
      return !caseSensitive && isString(grouper) ? str(grouper).toLowerCase() : grouper;
    };
    const sorted = sortItems(iterate(value), key, false);
    const groups: GroupTuple[] = [];
    for (const item of sorted) {
      const last = groups.at(-1);
      if (last && equals(key(item), key(last[1] ? ((last[1] as unknown[])[0] as unknown) : undefined)))
        (last[1] as unknown[]).push(item);
      else {
        const group = new GroupTuple();
        group.push(caseSensitive ? getter(item) : getter(item), [item]);
        groups.push(group);
      }
    }
    return groups;
  },
  indent: (value, args, kwargs) => {
    const width = arg(args, kwargs, 0, 'width', 4);
    const first = truthy(arg(args, kwargs, 1, 'first', false));
    const blank = truthy(arg(args, kwargs, 2, 'blank', false));
    if (!isString(width)) allow(num(width));
    const indent = isString(width) ? str(width) : ' '.repeat(num(width));
    const text = `${str(value)}\n`;
    const lines = text.split('\n');
    lines.pop();
    allow(text.length + indent.length * lines.length);
    const [head = '', ...rest] = lines;
    const body = rest.map((line) => (blank || line.trim() ? indent + line : line)).join('\n');
    let result = rest.length ? `${head}\n${body}` : head;
    if (first) result = indent + result;
    return result;
  },
  int: (value, args, kwargs) => {
    const fallback = arg(args, kwargs, 0, 'default', 0);
    const base = num(arg(args, kwargs, 1, 'base', 10));
    if (isNumber(value) || typeof value === 'boolean') return Math.trunc(num(value));
    if (isString(value)) {
      const text = str(value).trim().replaceAll('_', '');
      const digits =
        base === 16
          ? /^[+-]?(0x)?[\da-f]+$/i
          : base === 8
            ? /^[+-]?(0o)?[0-7]+$/i
            : base === 2
              ? /^[+-]?(0b)?[01]+$/i
              : /^[+-]?\d+$/;
      if (digits.test(text)) return Number.parseInt(text.replace(/^([+-]?)0[xob]/i, '$1'), base);
      const asFloat = filters.float?.(value, [null], new Map(), undefined as never);
      if (asFloat !== null && isNumber(asFloat) && Number.isFinite(num(asFloat)))
        return Math.trunc(num(asFloat));
    }
    return fallback;
  },
  items: (value) => {
    if (value instanceof Undefined) return [];
    if (!(value instanceof Map)) throw new TemplateError(`Can only get item pairs from a mapping.`);
    return [...value.entries()].map(([key, item]) => tuple([key, item]));
  },
  join: (value, args, kwargs) => {
    const separator = str(arg(args, kwargs, 0, 'd', ''));
    const attribute = arg(args, kwargs, 1, 'attribute', null);
    const getter = attrGetter(attribute);
    const parts = iterate(value).map((item) => str(getter(item)));
    allowJoin(parts, separator);
    return parts.join(separator);
  },
  last: (value) => {
    const items = iterate(value);
    return items.length ? items[items.length - 1] : new Undefined('No last item, sequence was empty.');
  },
  length: (value) => {
    if (value instanceof Undefined) return 0;
    if (isString(value)) return codePoints(str(value));
    if (Array.isArray(value)) return value.length;
    if (value instanceof Map) return value.size;
    throw new TemplateError(`object of type '${typeName(value)}' has no len()`);
  },
  list: (value) => iterate(value),
  loadjson: (value) => loadJson(str(value)),
  lower: (value) => str(value).toLowerCase(),
  map: (value, args, kwargs, env) => mapItems(iterate(value), args, kwargs, env),
  max: (value, args, kwargs) => minMax(iterate(value), args, kwargs, 1),
  min: (value, args, kwargs) => minMax(iterate(value), args, kwargs, -1),
  pprint: (value) => repr(value, false),
  random: (value, _args, _kwargs, env) => {
    const items = iterate(value);
    if (items.length === 0) throw new TemplateError('Cannot choose from an empty sequence');
    return items[Math.floor(env.context.random() * items.length)];
  },
  reject: (value, args, kwargs, env) => selectItems(iterate(value), args, kwargs, env, false, false),
  rejectattr: (value, args, kwargs, env) => selectItems(iterate(value), args, kwargs, env, false, true),
  replace: (value, args, kwargs) => {
    const text = str(value);
    const old = str(arg(args, kwargs, 0, 'old', ''));
    const replacement = str(arg(args, kwargs, 1, 'new', ''));
    const count = arg(args, kwargs, 2, 'count', null);
    spend(text.length);
    const parts = text.split(old);
    allowJoin(parts, replacement.length > old.length ? replacement : old);
    if (count === null || parts.length - 1 <= num(count)) return parts.join(replacement);
    const limit = num(count);
    return parts.slice(0, limit + 1).join(replacement) + old + parts.slice(limit + 1).join(old);
  },
  reverse: (value) => (isString(value) ? [...str(value)].reverse().join('') : iterate(value).reverse()),
  round: (value, args, kwargs) => {
    const precision = num(arg(args, kwargs, 0, 'precision', 0));
    const method = str(arg(args, kwargs, 1, 'method', 'common'));
    if (!['common', 'ceil', 'floor'].includes(method))
      throw new TemplateError('method must be common, ceil or floor');
    if (method === 'common') {
      if (isInt(value) || typeof value === 'boolean') return num(value);
      return toFloat(pyRound(num(value), precision));
    }
    const factor = 10 ** precision;
    const fn = method === 'ceil' ? Math.ceil : Math.floor;
    return toFloat(fn(num(value) * factor) / factor);
  },
  safe: (value) => (value instanceof Markup ? value : new Markup(str(value))),
  select: (value, args, kwargs, env) => selectItems(iterate(value), args, kwargs, env, true, false),
  selectattr: (value, args, kwargs, env) => selectItems(iterate(value), args, kwargs, env, true, true),
  slice: (value, args, kwargs) => {
    const items = iterate(value);
    const slices = num(arg(args, kwargs, 0, 'slices', 1));
    if (slices === 0) throw new TemplateError('integer division or modulo by zero');
    allow(slices);
    const fill = arg(args, kwargs, 1, 'fill_with', null);
    const perSlice = Math.floor(items.length / slices);
    const withExtra = items.length % slices;
    const result: unknown[][] = [];
    let offset = 0;
    for (let index = 0; index < slices; index++) {
      const start = offset + index * perSlice;
      if (index < withExtra) offset++;
      const end = offset + (index + 1) * perSlice;
      const part = items.slice(start, end);
      if (fill !== null && index >= withExtra) part.push(fill);
      result.push(part);
    }
    return result;
  },
  sort: (value, args, kwargs) => {
    const reverse = truthy(arg(args, kwargs, 0, 'reverse', false));
    const key = sortKey(truthy(arg(args, kwargs, 1, 'case_sensitive', false)));
    const attribute = arg(args, kwargs, 2, 'attribute', null);
    // `attribute='city,name'` sorts by several keys, as Jinja2's make_multi_attrgetter does.
    const getters = (isString(attribute) ? str(attribute).split(',') : [attribute]).map((part) =>
      attrGetter(part),
    );
    const sortBy = (item: unknown) =>
      getters.length === 1
        ? key((getters[0] as (x: unknown) => unknown)(item))
        : getters.map((get) => key(get(item)));
    return sortItems(iterate(value), sortBy, reverse);
  },
  string: (value) => (value instanceof Markup ? value : str(value)),
  striptags: (value) => striptags(str(value)),
  sum: (value, args, kwargs, env) => {
    const getter = attrGetter(arg(args, kwargs, 0, 'attribute', null));
    let total = arg(args, kwargs, 1, 'start', 0);
    for (const item of iterate(value)) total = binaryOp('+', total, getter(item), env.context, 0);
    return total;
  },
  title: (value) =>
    str(value)
      .split(/([-\s({[<]+)/)
      .filter(Boolean)
      .map((item) => item.charAt(0).toUpperCase() + item.slice(1).toLowerCase())
      .join(''),
  tojson: (value, args, kwargs) => new Markup(toJson(value, arg(args, kwargs, 0, 'indent', null))),
  trim: (value, args, kwargs) => {
    const chars = arg(args, kwargs, 0, 'chars', null);
    const text = str(value);
    if (chars === null) return text.replace(/^[\s]+|[\s]+$/g, '');
    const set = str(chars);
    let start = 0;
    let end = text.length;
    while (start < end && set.includes(text[start] ?? '')) start++;
    while (end > start && set.includes(text[end - 1] ?? '')) end--;
    return text.slice(start, end);
  },
  truncate: (value, args, kwargs) =>
    truncate(
      str(value),
      num(arg(args, kwargs, 0, 'length', 255)),
      truthy(arg(args, kwargs, 1, 'killwords', false)),
      str(arg(args, kwargs, 2, 'end', '...')),
      num(arg(args, kwargs, 3, 'leeway', null) ?? 5),
    ),
  unique: (value, args, kwargs) => {
    const key = sortKey(truthy(arg(args, kwargs, 0, 'case_sensitive', false)));
    const getter = attrGetter(arg(args, kwargs, 1, 'attribute', null));
    // Python keeps a set: equal simple values (1, 1.0, True; 'a', Markup('a')) share one hash key,
    // so the filter stays linear; only containers are compared one by one.
    const seenSimple = new Set<string>();
    const seenOther: unknown[] = [];
    const result: unknown[] = [];
    for (const item of iterate(value)) {
      const k = key(getter(item));
      const simple = hashKey(k);
      if (simple !== undefined) {
        if (seenSimple.has(simple)) continue;
        seenSimple.add(simple);
      } else {
        if (Array.isArray(k) && !(k instanceof PyTuple)) throw new TemplateError("unhashable type: 'list'");
        if (k instanceof Map) throw new TemplateError("unhashable type: 'dict'");
        if (seenOther.some((other) => equals(other, k))) continue;
        seenOther.push(k);
      }
      result.push(item);
    }
    return result;
  },
  upper: (value) => str(value).toUpperCase(),
  urlencode: (value) => {
    // Query strings quote everything but unreserved characters, and spaces become '+'.
    const queryQuote = (part: unknown) => urlQuote(str(part), /[A-Za-z0-9_.\-~]/).replaceAll('%20', '+');
    if (value instanceof Map)
      return [...value.entries()].map(([key, item]) => `${queryQuote(key)}=${queryQuote(item)}`).join('&');
    if (Array.isArray(value)) return value.map((pair) => iterate(pair).map(queryQuote).join('=')).join('&');
    return urlQuote(str(value));
  },
  urlize: (value, args, kwargs) => {
    const trim = arg(args, kwargs, 0, 'trim_url_limit', null);
    return new Markup(
      urlize(
        str(value),
        trim === null ? null : num(trim),
        truthy(arg(args, kwargs, 1, 'nofollow', false)),
        arg(args, kwargs, 2, 'target', null),
        arg(args, kwargs, 3, 'rel', null),
      ),
    );
  },
  wordcount: (value) => (str(value).match(/\w+/gu) ?? []).length,
  wordwrap: (value, args, kwargs) =>
    wordwrap(
      str(value),
      num(arg(args, kwargs, 0, 'width', 79)),
      truthy(arg(args, kwargs, 1, 'break_long_words', true)),
      str(arg(args, kwargs, 2, 'wrapstring', null) ?? '\n'),
      truthy(arg(args, kwargs, 3, 'break_on_hyphens', true)),
    ),
  xmlattr: (value, args, kwargs) => {
    if (!(value instanceof Map)) throw new TemplateError('xmlattr expects a mapping');
    const autospace = truthy(arg(args, kwargs, 0, 'autospace', true));
    const parts: string[] = [];
    for (const [key, item] of value) {
      if (item === null || item instanceof Undefined) continue;
      const name = str(key);
      if (/[\s/>=]/.test(name)) throw new TemplateError(`Invalid character in attribute name: ${repr(name)}`);
      parts.push(`${escapeHtml(name)}="${escapeHtml(str(item))}"`);
    }
    const text = parts.join(' ');
    return new Markup(autospace && text ? ` ${text}` : text);
  },
};

const filterAliases: Record<string, string> = { d: 'default', e: 'escape', count: 'length' };

export const filterNames = new Set([...Object.keys(filters), ...Object.keys(filterAliases)]);

export function applyFilter(
  name: string,
  value: unknown,
  args: unknown[],
  kwargs: Map<string, unknown>,
  env: FilterEnv,
  line?: number,
  extra: Record<string, unknown> = {},
): unknown {
  const key = filterAliases[name] ?? name;
  const filter = (
    Object.hasOwn(extra, key) ? extra[key] : Object.hasOwn(filters, key) ? filters[key] : undefined
  ) as Filter | undefined;
  if (!filter) throw new TemplateError(`No filter named '${name}'.`, line);
  const undefinedSafe = [
    'default',
    'length',
    'list',
    'join',
    'items',
    'string',
    'first',
    'last',
    'upper',
    'lower',
    'capitalize',
    'title',
    'trim',
    'escape',
    'forceescape',
    'safe',
    'striptags',
    'wordcount',
    'truncate',
    'center',
    'indent',
    'replace',
    'int',
    'float',
    'tojson',
    'urlencode',
    'format',
    'reverse',
    'sort',
    'unique',
    'map',
    'select',
    'reject',
    'selectattr',
    'rejectattr',
    'sum',
    'batch',
    'slice',
    'dictsort',
    'groupby',
    'min',
    'max',
    'pprint',
    'wordwrap',
    'urlize',
    'attr',
  ];
  if (value instanceof Undefined && !undefinedSafe.includes(key)) value.fail();
  try {
    return filter(value, args, kwargs, env);
  } catch (error) {
    if (error instanceof TemplateError) error.line ??= line;
    throw error;
  }
}
