import { TemplateError } from './errors';

export type TokenType =
  | 'data'
  | 'variable_begin'
  | 'variable_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'integer'
  | 'float'
  | 'operator'
  | 'eof';

export interface Token {
  type: TokenType;
  value: string;
  line: number;
}

const operators = [
  '//',
  '**',
  '==',
  '!=',
  '>=',
  '<=',
  '+',
  '-',
  '/',
  '*',
  '%',
  '~',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '>',
  '<',
  '=',
  '.',
  ':',
  '|',
  ',',
  ';',
];
const closing: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const namePattern = /[a-zA-Z_\u00c0-\uffff][\w\u00c0-\uffff]*/y;
const floatPattern = /(?:\d+_)*\d+(?:(?:\.(?:\d+_)*\d+)?e[+-]?(?:\d+_)*\d+|\.(?:\d+_)*\d+)/iy;
const integerPattern = /(?:0b(?:_?[01])+|0o(?:_?[0-7])+|0x(?:_?[\da-f])+|[1-9](?:_?\d)*|0(?:_?0)*)/iy;
const stringPattern = /('([^'\\]*(?:\\.[^'\\]*)*)'|"([^"\\]*(?:\\.[^"\\]*)*)")/sy;
const rawPattern = /\{%(-?)\s*raw\s*(-?)%\}/y;
const endRawPattern = /\{%(-?)\s*endraw\s*(-?)%\}/g;

/** Python's unicode-escape decoding of a string literal's body, as Jinja2 reads it. */
function decodeEscapes(body: string, line: number): string {
  return body.replace(
    /\\(x[\da-fA-F]{2}|u[\da-fA-F]{4}|U[\da-fA-F]{8}|[0-7]{1,3}|[\s\S])/g,
    (whole, code: string) => {
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        '\\': '\\',
        "'": "'",
        '"': '"',
        a: '\x07',
        b: '\b',
        f: '\f',
        v: '\v',
        '\n': '',
      };
      if (code in simple) return simple[code] ?? '';
      if (/^[xuU]/.test(code)) return String.fromCodePoint(Number.parseInt(code.slice(1), 16));
      if (/^[0-7]+$/.test(code)) return String.fromCodePoint(Number.parseInt(code, 8));
      if (code === 'N') throw new TemplateError('named unicode escapes are not supported', line);
      return whole;
    },
  );
}

/**
 * Splits a template into data and tag tokens following Jinja2's default lexer: `{{ }}`, `{% %}`,
 * `{# #}` with `-` whitespace control, `{% raw %}`, no trim_blocks/lstrip_blocks, and one
 * trailing newline of the source dropped (keep_trailing_newline=False).
 */
export function tokenize(input: string): Token[] {
  let source = input.replace(/\r\n?/g, '\n');
  if (source.endsWith('\n')) source = source.slice(0, -1);
  const tokens: Token[] = [];
  let pos = 0;
  let line = 1;
  /** Set by a `-` before a closing delimiter: strip the whitespace that follows. */
  let stripNext = false;

  const pushData = (text: string, stripEnd: boolean) => {
    let data = stripNext ? text.replace(/^\s+/, '') : text;
    if (stripEnd) data = data.replace(/\s+$/, '');
    stripNext = false;
    if (data) tokens.push({ type: 'data', value: data, line });
  };
  const advanceLines = (text: string) => {
    for (const char of text) if (char === '\n') line++;
  };

  while (pos < source.length) {
    const open = source.slice(pos).search(/\{[{%#]/);
    if (open === -1) {
      pushData(source.slice(pos), false);
      advanceLines(source.slice(pos));
      break;
    }
    const start = pos + open;
    const kind = source[start + 1];
    const stripBefore = source[start + 2] === '-';
    const text = source.slice(pos, start);
    rawPattern.lastIndex = start;
    const raw = kind === '%' ? rawPattern.exec(source) : null;
    pushData(text, stripBefore || Boolean(raw?.[1]));
    advanceLines(text);

    if (raw) {
      endRawPattern.lastIndex = rawPattern.lastIndex;
      const end = endRawPattern.exec(source);
      if (!end) throw new TemplateError('Missing end of raw directive', line);
      stripNext = raw[2] === '-';
      pushData(source.slice(rawPattern.lastIndex, end.index), end[1] === '-');
      advanceLines(source.slice(start, end.index + end[0].length));
      stripNext = end[2] === '-';
      pos = end.index + end[0].length;
      continue;
    }

    if (kind === '#') {
      const close = source.indexOf('#}', start + 2);
      if (close === -1) throw new TemplateError('Missing end of comment tag', line);
      advanceLines(source.slice(start, close + 2));
      stripNext = source[close - 1] === '-' && close - 1 > start + 1;
      pos = close + 2;
      continue;
    }

    const isVariable = kind === '{';
    const endDelimiter = isVariable ? '}}' : '%}';
    tokens.push({
      type: isVariable ? 'variable_begin' : 'block_begin',
      value: source.slice(start, start + 2),
      line,
    });
    pos = start + 2 + (stripBefore || source[start + 2] === '+' ? 1 : 0);
    const balance: string[] = [];
    let closed = false;
    while (pos < source.length) {
      const char = source[pos] ?? '';
      if (/\s/.test(char)) {
        if (char === '\n') line++;
        pos++;
        continue;
      }
      if (balance.length === 0) {
        if (source.startsWith(`-${endDelimiter}`, pos) || source.startsWith(endDelimiter, pos)) {
          const stripAfter = source[pos] === '-';
          tokens.push({ type: isVariable ? 'variable_end' : 'block_end', value: endDelimiter, line });
          pos += endDelimiter.length + (stripAfter ? 1 : 0);
          stripNext = stripAfter;
          closed = true;
          break;
        }
      }
      const matched = matchToken(source, pos, line);
      if (!matched) throw new TemplateError(`unexpected char ${JSON.stringify(char)} at ${pos}`, line);
      const { token, end } = matched;
      if (token.type === 'operator') {
        if (token.value in closing) balance.push(closing[token.value] ?? '');
        else if (token.value === ')' || token.value === ']' || token.value === '}') {
          if (balance.length === 0) throw new TemplateError(`unexpected '${token.value}'`, line);
          const expected = balance.pop();
          if (expected !== token.value)
            throw new TemplateError(`unexpected '${token.value}', expected '${expected}'`, line);
        }
      }
      advanceLines(source.slice(pos, end));
      tokens.push(token);
      pos = end;
    }
    if (!closed) {
      throw new TemplateError(
        `unexpected end of template, expected '${isVariable ? 'end of print statement' : 'end of statement block'}'`,
        line,
      );
    }
  }
  tokens.push({ type: 'eof', value: '', line });
  return tokens;
}

function matchToken(source: string, pos: number, line: number): { token: Token; end: number } | undefined {
  for (const [pattern, type] of [
    [floatPattern, 'float'],
    [integerPattern, 'integer'],
    [namePattern, 'name'],
  ] as const) {
    // `items.0.1` is two subscripts, not the float 0.1 (Jinja2's negative lookbehind).
    if (type === 'float' && source[pos - 1] === '.') continue;
    pattern.lastIndex = pos;
    const match = pattern.exec(source);
    if (match) {
      // A number straight followed by a letter is not a number (e.g. 1abc).
      if (type !== 'name' && /[\w]/.test(source[pattern.lastIndex] ?? '')) continue;
      return {
        token: { type, value: match[0].replaceAll('_', type === 'name' ? '_' : ''), line },
        end: pattern.lastIndex,
      };
    }
  }
  stringPattern.lastIndex = pos;
  const string = stringPattern.exec(source);
  if (string) {
    const body = string[2] ?? string[3] ?? '';
    return {
      token: { type: 'string', value: decodeEscapes(body, line), line },
      end: stringPattern.lastIndex,
    };
  }
  const operator = operators.find((candidate) => source.startsWith(candidate, pos));
  if (operator) return { token: { type: 'operator', value: operator, line }, end: pos + operator.length };
  return undefined;
}
