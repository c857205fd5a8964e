import fc from 'fast-check';

/** Strings PostgreSQL and naive code trip on: NULs, lone surrogates, long and odd text. */
const nastyString = fc.oneof(
  fc.string(),
  fc.constantFrom('hello \ud800', '\udc00', 'a\0b', '\0', '\ud83d', 'x'.repeat(5000), '', ' ', '{{ 7*7 }}'),
  // Any UTF-16 code unit, so lone surrogates land anywhere in a string.
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 40,
  }),
);

/** Written as a literal past double precision (see `toJsonText`). */
const HUGE = '\u0001huge-number\u0001';

const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 2 ** 63, -(2 ** 31), 0.1),
  fc.constant(HUGE),
);

const scalar = fc.oneof(nastyString, number, fc.boolean(), fc.constant(null));

/** Any JSON value, a few levels deep, with nasty leaves. */
export const randomJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** An object with the keys a route expects (so validation sometimes passes) and random values. */
export function objectWithKeys(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  if (keys.length === 0) return fc.dictionary(nastyString, randomJson, { maxKeys: 3 });
  const plausible = fc.oneof(randomJson, nastyString, fc.constantFrom('en', 'agent', 'bot', 'webchat', 1));
  return fc.record(Object.fromEntries(keys.map((key) => [key, plausible])), { requiredKeys: [] });
}

/** `value` wrapped in `levels` arrays or objects. */
export const deeplyNested = (value: fc.Arbitrary<unknown>) =>
  fc.tuple(value, fc.integer({ min: 30, max: 5000 }), fc.boolean()).map(([inner, levels, asObject]) => {
    let nested = inner;
    for (let level = 0; level < levels; level++) nested = asObject ? { a: nested } : [nested];
    return nested;
  });

/** The JSON text of a value, with huge-number markers written as literals no double holds. */
export function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replaceAll(
    JSON.stringify(HUGE),
    '1234567890123456789012345678901e400',
  );
}

/** The parts of a JSON Schema (as the OpenAPI document has them) that shape a generated value. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Free text the schema accepts, seeded with NULs and lone surrogates. */
function textFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'email')
    return nastyString.map((text) => `a${text.replace(/[\s@]/g, '')}@example.com`);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 5000;
  return nastyString.map((text) => text.padEnd(min, 'x').slice(0, max));
}

/**
 * Values shaped like `schema` (so they pass validation and reach the handler and the database),
 * with NULs, lone surrogates and extreme numbers where the schema leaves room for them.
 */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueFor(choice, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return textFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e308, max: schema.maximum ?? 1e308, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) return fc.dictionary(nastyString, randomJson, { maxKeys: 3 });
      const fields = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, valueFor(property, depth + 1)]),
      );
      return fc.record(fields, { requiredKeys: schema.required ?? [] });
    }
    default:
      return randomJson;
  }
}
