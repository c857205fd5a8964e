import { allow, allowJoin, spend } from './budget';
import { TemplateError } from './errors';
import {
  Callable,
  dictSet,
  floatRepr,
  isString,
  Namespace,
  num,
  PyFloat,
  str,
  toFloat,
  tuple,
  typeName,
  Undefined,
} from './values';

const jsonEscapes: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function jsonString(text: string): string {
  spend(text.length);
  // Python's json.dumps with ensure_ascii: everything outside printable ASCII as \uXXXX, one per
  // UTF-16 unit (so surrogate pairs as Python writes them), in one native replace.
  const escaped = text.replace(
    /["\\]|[^ -~]/g,
    (char) => jsonEscapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${escaped}"`;
}

/** Python's json.dumps(value, sort_keys=True[, indent]) as Jinja2's tojson calls it, made HTML-safe. */
export function toJson(value: unknown, indent: unknown): string {
  if (!(indent === null || indent === undefined || isString(indent))) allow(num(indent));
  const step =
    indent === null || indent === undefined ? null : isString(indent) ? str(indent) : ' '.repeat(num(indent));
  const dump = (item: unknown, level: number): string => {
    if (item === null) return 'null';
    if (item === true) return 'true';
    if (item === false) return 'false';
    if (item instanceof PyFloat) return floatRepr(item.value);
    if (typeof item === 'number') {
      if (Number.isNaN(item)) return 'NaN';
      if (!Number.isFinite(item)) return item > 0 ? 'Infinity' : '-Infinity';
      return Number.isInteger(item) ? String(item) : floatRepr(item);
    }
    if (isString(item)) return jsonString(str(item));
    const open = (items: string[], left: string, right: string) => {
      if (items.length === 0) return `${left}${right}`;
      if (step === null) {
        allowJoin(items, ', ', 2);
        return `${left}${items.join(', ')}${right}`;
      }
      allow(step.length * (level + 1));
      const pad = `\n${step.repeat(level + 1)}`;
      allowJoin(items, `,${pad}`, pad.length * 2);
      return `${left}${pad}${items.join(`,${pad}`)}\n${step.repeat(level)}${right}`;
    };
    if (Array.isArray(item))
      return open(
        item.map((entry) => dump(entry, level + 1)),
        '[',
        ']',
      );
    if (item instanceof Map || item instanceof Namespace) {
      const entries = item instanceof Namespace ? [...item.attrs.entries()] : [...item.entries()];
      const keyed = entries.map(([key, entry]) => {
        if (key !== null && typeof key === 'object' && !(key instanceof PyFloat))
          throw new TemplateError(`keys must be str, int, float, bool or None, not ${typeName(key)}`);
        const text =
          key === null
            ? 'null'
            : key === true
              ? 'true'
              : key === false
                ? 'false'
                : key instanceof PyFloat
                  ? floatRepr(key.value)
                  : String(key);
        return [text, entry] as const;
      });
      keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return open(
        keyed.map(([key, entry]) => `${jsonString(key)}: ${dump(entry, level + 1)}`),
        '{',
        '}',
      );
    }
    if (item instanceof Undefined)
      throw new TemplateError('Object of type Undefined is not JSON serializable');
    if (item instanceof Callable)
      throw new TemplateError(`Object of type ${item.label} is not JSON serializable`);
    throw new TemplateError(`Object of type ${typeName(item)} is not JSON serializable`);
  };
  return dump(value, 0)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll("'", '\\u0027');
}

/**
 * Parses JSON, or the Python literal a bot often receives instead (single quotes, True/None,
 * escaped apostrophes such as `{'name': 'O\'Brien'}`), keeping ints and floats apart.
 */
export function loadJson(text: string): unknown {
  let pos = 0;
  const fail = (message: string): never => {
    throw new TemplateError(`loadjson: ${message} at position ${pos}`);
  };
  const space = () => {
    while (pos < text.length && /\s/.test(text[pos] ?? '')) pos++;
  };
  const parseString = (): string => {
    const quote = text[pos++];
    let out = '';
    while (pos < text.length && text[pos] !== quote) {
      const char = text[pos++] ?? '';
      if (char !== '\\') {
        out += char;
        continue;
      }
      const escaped = text[pos++] ?? '';
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        b: '\b',
        f: '\f',
        '/': '/',
        '\\': '\\',
        "'": "'",
        '"': '"',
        '\n': '',
      };
      if (escaped in simple) out += simple[escaped];
      else if (escaped === 'u') {
        out += String.fromCharCode(Number.parseInt(text.slice(pos, pos + 4), 16));
        pos += 4;
      } else if (escaped === 'x') {
        out += String.fromCharCode(Number.parseInt(text.slice(pos, pos + 2), 16));
        pos += 2;
      } else out += `\\${escaped}`;
    }
    if (text[pos] !== quote) fail('unterminated string');
    pos++;
    return out;
  };
  const parseValue = (depth: number): unknown => {
    if (depth > 100) fail('nested too deeply');
    space();
    const char = text[pos];
    if (char === '"' || char === "'") return parseString();
    if (char === '{') {
      pos++;
      const dict = new Map<unknown, unknown>();
      space();
      while (text[pos] !== '}') {
        const key = parseValue(depth + 1);
        space();
        if (text[pos++] !== ':') fail("expected ':'");
        dictSet(dict, key, parseValue(depth + 1));
        space();
        if (text[pos] === ',') pos++;
        else if (text[pos] !== '}') fail("expected ',' or '}'");
        space();
      }
      pos++;
      return dict;
    }
    if (char === '[' || char === '(') {
      const close = char === '[' ? ']' : ')';
      pos++;
      const items: unknown[] = [];
      space();
      while (text[pos] !== close) {
        items.push(parseValue(depth + 1));
        space();
        if (text[pos] === ',') pos++;
        else if (text[pos] !== close) fail(`expected ',' or '${close}'`);
        space();
      }
      pos++;
      return char === '(' ? tuple(items) : items;
    }
    const word = /^(true|false|null|True|False|None|NaN|-?Infinity)\b/.exec(text.slice(pos));
    if (word?.[0]) {
      pos += word[0].length;
      const words: Record<string, unknown> = {
        true: true,
        True: true,
        false: false,
        False: false,
        null: null,
        None: null,
        NaN: Number.NaN,
        Infinity: Number.POSITIVE_INFINITY,
        '-Infinity': Number.NEGATIVE_INFINITY,
      };
      return words[word[0]];
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(pos));
    if (number?.[0]) {
      pos += number[0].length;
      const value = Number(number[0]);
      return number[1] !== undefined || number[2] !== undefined ? toFloat(value) : value;
    }
    return fail(`unexpected ${char === undefined ? 'end of input' : JSON.stringify(char)}`);
  };
  const value = parseValue(0);
  space();
  if (pos < text.length) fail('extra data');
  return value;
}
