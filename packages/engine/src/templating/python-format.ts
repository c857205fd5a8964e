import { allow, spend } from './budget';
import { TemplateError } from './errors';
import { floatRepr, isFloat, isInt, isNumber, num, PyTuple, repr, str, typeName, Undefined } from './values';

/** Python's round(x, digits): correctly rounded, ties to even. */
export function pyRound(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  if (digits < 0) {
    const factor = 10 ** -digits;
    return pyRound(value / factor, 0) * factor;
  }
  // toFixed with many digits prints the double's exact decimal expansion (up to 100 digits).
  const exact = Math.abs(value).toFixed(Math.min(100, digits + 25));
  const cut = exact.indexOf('.') + 1 + digits;
  const rest = exact.slice(cut);
  const kept = Number(exact.slice(0, digits === 0 ? cut - 1 : cut));
  const unit = 10 ** -digits;
  let rounded = kept;
  if (/^5(0*)$/.test(rest)) {
    const lastDigit = Math.round(kept / unit) % 10;
    if (lastDigit % 2 === 1) rounded = kept + unit;
  } else if (rest[0] !== undefined && rest[0] >= '5') {
    rounded = kept + unit;
  }
  const result = Number(rounded.toFixed(digits));
  return value < 0 ? -result : result;
}

function pad(text: string, width: number, align: string, fill: string): string {
  if (text.length >= width) return text;
  allow(width);
  const space = width - text.length;
  if (align === '<') return text + fill.repeat(space);
  if (align === '^') return fill.repeat(Math.floor(space / 2)) + text + fill.repeat(Math.ceil(space / 2));
  if (align === '=') {
    const sign = /^[+\- ]/.test(text) ? (text[0] ?? '') : '';
    return sign + fill.repeat(space) + text.slice(sign.length);
  }
  return fill.repeat(space) + text;
}

function exponential(value: number, precision: number, upper: boolean): string {
  const [mantissa, exponent = '0'] = value.toExponential(precision).split('e');
  const exp = Number(exponent);
  const text = `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return upper ? text.toUpperCase() : text;
}

/** Python's %g / {:g}: significant digits, trailing zeros dropped unless `#`. */
function general(value: number, precision: number, upper: boolean, keepZeros = false): string {
  const p = precision === 0 ? 1 : precision;
  allow(p);
  if (value === 0) return keepZeros ? `0.${'0'.repeat(p - 1)}` : '0';
  const exp = Math.floor(Math.log10(Math.abs(Number(value.toPrecision(p)))));
  let text: string;
  if (exp < -4 || exp >= p) {
    text = exponential(value, p - 1, upper);
    if (!keepZeros) text = text.replace(/\.?0+(e)/i, '$1');
  } else {
    text = value.toFixed(Math.max(0, p - 1 - exp));
    if (!keepZeros && text.includes('.')) text = text.replace(/\.?0+$/, '');
  }
  return text;
}

function intOf(value: unknown, conversion: string): number {
  if (isNumber(value) || typeof value === 'boolean') return Math.trunc(num(value));
  throw new TemplateError(`%${conversion} format: a real number is required, not ${typeName(value)}`);
}

function floatOf(value: unknown, conversion: string): number {
  if (isNumber(value) || typeof value === 'boolean') return num(value);
  throw new TemplateError(`must be real number, not ${typeName(value)} (in %${conversion})`);
}

/** Python's `'%s and %d' % args` (the `format` filter and the % operator on strings). */
export function printfFormat(template: string, args: unknown, line?: number): string {
  const byName = args instanceof Map && /%\(/.test(template) ? args : undefined;
  const values = byName ? [] : args instanceof PyTuple ? [...args] : [args];
  let next = 0;
  const take = (): unknown => {
    if (next >= values.length) throw new TemplateError('not enough arguments for format string', line);
    return values[next++];
  };
  const pattern = /%(?:\(([^)]*)\))?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?([diouxXeEfFgGcrsa%])/g;
  const result = template.replace(
    pattern,
    (
      _,
      key: string | undefined,
      flags: string,
      widthText?: string,
      precisionText?: string,
      conversion = 's',
    ) => {
      if (conversion === '%') return '%';
      const width = widthText === '*' ? num(take()) : widthText ? Number(widthText) : 0;
      const precision =
        precisionText === '*' ? num(take()) : precisionText !== undefined ? Number(precisionText) : undefined;
      const value = key !== undefined && byName ? byName.get(key) : take();
      if (key !== undefined && byName && !byName.has(key))
        throw new TemplateError(`KeyError: '${key}'`, line);
      let text: string;
      switch (conversion) {
        case 's':
          text = str(value);
          if (precision !== undefined) text = text.slice(0, precision);
          break;
        case 'r':
        case 'a':
          text = repr(value);
          break;
        case 'd':
        case 'i':
        case 'u':
          text = String(intOf(value, conversion));
          break;
        case 'x':
        case 'X':
        case 'o': {
          const n = intOf(value, conversion);
          text = Math.abs(n).toString(conversion === 'o' ? 8 : 16);
          if (flags.includes('#')) text = (conversion === 'o' ? '0o' : '0x') + text;
          if (conversion === 'X') text = text.toUpperCase();
          if (n < 0) text = `-${text}`;
          break;
        }
        case 'e':
        case 'E':
          text = exponential(floatOf(value, conversion), precision ?? 6, conversion === 'E');
          break;
        case 'f':
        case 'F':
          text = floatOf(value, conversion).toFixed(precision ?? 6);
          break;
        case 'g':
        case 'G':
          text = general(floatOf(value, conversion), precision ?? 6, conversion === 'G', flags.includes('#'));
          break;
        case 'c':
          text = typeof value === 'string' ? value : String.fromCodePoint(intOf(value, conversion));
          break;
        default:
          text = str(value);
      }
      if (/[diouxXeEfFgG]/.test(conversion)) {
        if (!text.startsWith('-') && flags.includes('+')) text = `+${text}`;
        else if (!text.startsWith('-') && flags.includes(' ')) text = ` ${text}`;
      }
      const padded = flags.includes('-')
        ? pad(text, width, '<', ' ')
        : flags.includes('0') && /[diouxXeEfFgG]/.test(conversion)
          ? pad(text, width, '=', '0')
          : pad(text, width, '>', ' ');
      // Many conversions of one long value add up, though each is small in memory until joined.
      spend(padded.length);
      return padded;
    },
  );
  if (!byName && next < values.length && !(values.length === 1 && (values[0] instanceof Map || next === 0))) {
    throw new TemplateError('not all arguments converted during string formatting', line);
  }
  return result;
}

/** Python's format(value, spec): `[[fill]align][sign][#][0][width][,|_][.precision][type]`. */
export function formatSpec(value: unknown, spec: string): string {
  const match = /^(?:(.)?([<>=^]))?([+\- ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/s.exec(
    spec,
  );
  if (!match) throw new TemplateError(`Invalid format specifier '${spec}'`);
  const [, fillChar, alignChar, sign = '-', alternate, zero, widthText, grouping, precisionText, typeChar] =
    match;
  const width = widthText ? Number(widthText) : 0;
  const precision = precisionText !== undefined ? Number(precisionText) : undefined;
  const numeric = isNumber(value) || typeof value === 'boolean';
  let type = typeChar ?? '';
  if (!type && numeric) type = isFloat(value) ? '' : 'd';
  let text: string;
  if (!numeric || value instanceof Undefined) {
    if (type && type !== 's')
      throw new TemplateError(`Unknown format code '${type}' for object of type '${typeName(value)}'`);
    text = str(value);
    if (precision !== undefined) text = text.slice(0, precision);
  } else {
    const n = num(value);
    const abs = Math.abs(n);
    switch (type) {
      case 'd':
      case 'n':
        if (!isInt(value) && typeof value !== 'boolean')
          throw new TemplateError("Unknown format code 'd' for object of type 'float'");
        text = String(abs);
        break;
      case 'b':
        text = (alternate ? '0b' : '') + abs.toString(2);
        break;
      case 'o':
        text = (alternate ? '0o' : '') + abs.toString(8);
        break;
      case 'x':
      case 'X':
        text = (alternate ? '0x' : '') + abs.toString(16);
        if (type === 'X') text = text.toUpperCase();
        break;
      case 'c':
        text = String.fromCodePoint(n);
        break;
      case 'e':
      case 'E':
        text = exponential(abs, precision ?? 6, type === 'E');
        break;
      case 'f':
      case 'F':
        text = abs.toFixed(precision ?? 6);
        break;
      case '%':
        text = `${(abs * 100).toFixed(precision ?? 6)}%`;
        break;
      case 'g':
      case 'G':
        text = general(abs, precision ?? 6, type === 'G', Boolean(alternate));
        break;
      default:
        text = precision !== undefined ? general(abs, precision, false, false) : floatRepr(abs);
        if (precision !== undefined && !text.includes('.') && !text.includes('e')) text += '';
    }
    if (grouping) {
      const [whole = '', fraction] = text.split('.');
      text =
        whole.replace(/\B(?=(\d{3})+(?!\d))/g, grouping) + (fraction !== undefined ? `.${fraction}` : '');
    }
    const signText = n < 0 || Object.is(n, -0) ? '-' : sign === '+' ? '+' : sign === ' ' ? ' ' : '';
    text = signText + text;
  }
  const align = alignChar ?? (zero && numeric ? '=' : numeric ? '>' : '<');
  const fill = fillChar ?? (zero && !alignChar ? '0' : ' ');
  return pad(text, width, align, fill);
}

/** Python's str.format: `{}`, `{0}`, `{name}`, `{0.attr}`, `{0[key]}`, `!r`/`!s`, and format specs. */
export function strFormat(
  template: string,
  args: unknown[],
  kwargs: Map<string, unknown>,
  lookup: (value: unknown, key: string, isIndex: boolean) => unknown,
): string {
  let auto = 0;
  let out = '';
  for (let index = 0; index < template.length; index++) {
    const char = template[index];
    if (char === '{' && template[index + 1] === '{') {
      out += '{';
      index++;
      continue;
    }
    if (char === '}' && template[index + 1] === '}') {
      out += '}';
      index++;
      continue;
    }
    if (char === '}') throw new TemplateError("Single '}' encountered in format string");
    if (char !== '{') {
      out += char;
      continue;
    }
    const close = template.indexOf('}', index);
    if (close === -1) throw new TemplateError("Single '{' encountered in format string");
    const field = template.slice(index + 1, close);
    index = close;
    const [, name = '', conversion, spec = ''] = /^([^!:]*)(?:!([rsa]))?(?::(.*))?$/s.exec(field) ?? [];
    const [, head = '', rest = ''] = /^([^.[]*)(.*)$/s.exec(name) ?? [];
    let value: unknown;
    if (head === '') {
      if (auto >= args.length)
        throw new TemplateError(`Replacement index ${auto} out of range for positional args tuple`);
      value = args[auto++];
    } else if (/^\d+$/.test(head)) {
      const position = Number(head);
      if (position >= args.length)
        throw new TemplateError(`Replacement index ${position} out of range for positional args tuple`);
      value = args[position];
    } else {
      if (!kwargs.has(head)) throw new TemplateError(`KeyError: '${head}'`);
      value = kwargs.get(head);
    }
    for (const part of rest.matchAll(/\.(\w+)|\[([^\]]+)\]/g)) {
      value = part[1] !== undefined ? lookup(value, part[1], false) : lookup(value, part[2] ?? '', true);
    }
    if (conversion === 'r' || conversion === 'a') value = repr(value);
    else if (conversion === 's') value = str(value);
    const piece = formatSpec(value, spec);
    spend(piece.length);
    out += piece;
  }
  return out;
}
