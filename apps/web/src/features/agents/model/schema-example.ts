/**
 * Example arguments for a tool from its JSON schema, to start its test from something the schema
 * accepts: a value the schema gives (`examples`, `example`, `default`, `const`, `enum`) first,
 * else one fitting its type and bounds. The server checks the test's arguments against the same
 * schema, so an example that misses (a pattern too hard to guess) is refused with the field named.
 */
export function exampleArguments(schema: unknown): Record<string, unknown> {
  const value = exampleOf(schema, 0);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

type Schema = Record<string, unknown>;

/** Nested objects and arrays deeper than this are left empty (a schema may be recursive). */
const MAX_DEPTH = 6;

const isSchema = (value: unknown): value is Schema =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Strings a pattern most often wants, tried in order; the first it accepts is the example. */
const PATTERN_GUESSES = ['example', 'A1', '1', 'a1', 'ABC', 'abc', 'A-1', '2026-12-02', 'name@example.com'];

const FORMATS: Record<string, string> = {
  email: 'name@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  date: '2026-12-02',
  'date-time': '2026-12-02T10:00:00Z',
  time: '10:00:00',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  ipv4: '192.0.2.1',
  hostname: 'example.com',
};

/** What the schema itself offers as a value, if anything. */
function givenValue(schema: Schema): { value: unknown } | null {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ('example' in schema) return { value: schema.example };
  if ('default' in schema) return { value: schema.default };
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return null;
}

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? schema.type[0];
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function stringExample(schema: Schema): string | undefined {
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format];
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const fits = (text: string) => text.length >= min && text.length <= max;
  if (typeof schema.pattern === 'string') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      return undefined;
    }
    return PATTERN_GUESSES.find((guess) => pattern.test(guess) && fits(guess));
  }
  const text = 'example'.padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(text.length, max)));
}

function numberExample(schema: Schema, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  let value = min ?? Math.min(1, max ?? 1);
  if (integer) value = Math.ceil(value);
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : null;
  if (step) value = Math.ceil(value / step) * step;
  return value;
}

function objectExample(schema: Schema, depth: number): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
  // Required fields first, as the schema lists them, then the others by name (a stored schema's
  // key order is not kept).
  const optional = Object.keys(properties)
    .filter((name) => !required.includes(name))
    .sort();
  const example: Record<string, unknown> = {};
  for (const name of [...required, ...optional]) {
    const value = exampleOf(properties[name], depth + 1);
    // An optional field no example fits is left out rather than sent wrong.
    if (value !== undefined) example[name] = value;
    else if (required.includes(name)) example[name] = '';
  }
  return example;
}

function exampleOf(schema: unknown, depth: number): unknown {
  if (!isSchema(schema)) return undefined;
  const given = givenValue(schema);
  if (given) return given.value;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const branch = branches.find((each) => isSchema(each) && each.type !== 'null') ?? branches[0];
      return exampleOf({ ...schema, [key]: undefined, ...(isSchema(branch) ? branch : {}) }, depth);
    }
  }
  switch (typeOf(schema)) {
    case 'string':
      return stringExample(schema);
    case 'integer':
      return numberExample(schema, true);
    case 'number':
      return numberExample(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (depth >= MAX_DEPTH) return [];
      const item = exampleOf(schema.items, depth + 1);
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return item === undefined ? [] : Array.from({ length: count }, () => item);
    }
    case 'object':
      return depth >= MAX_DEPTH ? {} : objectExample(schema, depth);
    default:
      return undefined;
  }
}
