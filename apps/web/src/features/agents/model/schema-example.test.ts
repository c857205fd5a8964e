import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleArguments } from './schema-example';

/** The check an agent run (and a tool's test) applies to arguments: zod reading the JSON schema. */
const accepts = (schema: Record<string, unknown>, value: unknown) =>
  z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(value).success;

const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'types and bounds, required fields first',
    {
      type: 'object',
      properties: {
        note: { type: 'string' },
        quantity: { type: 'integer', minimum: 1, maximum: 10 },
        order_id: { type: 'string', pattern: '^A[0-9]+$' },
        gift: { type: 'boolean' },
        weight: { type: 'number', exclusiveMinimum: 0 },
      },
      required: ['order_id', 'quantity'],
    },
    { order_id: 'A1', quantity: 1, gift: true, note: 'example', weight: 0.5 },
  ],
  [
    'what the schema offers: examples, default, enum, const, formats',
    {
      type: 'object',
      properties: {
        city: { type: 'string', examples: ['Valencia'] },
        size: { type: 'string', enum: ['S', 'M'] },
        kind: { const: 'order' },
        email: { type: 'string', format: 'email' },
        day: { type: 'string', format: 'date' },
        page: { type: 'integer', default: 3 },
      },
      required: ['email'],
    },
    { email: 'name@example.com', city: 'Valencia', day: '2026-12-02', kind: 'order', page: 3, size: 'S' },
  ],
  [
    'nested objects, arrays with a minimum, nullable types and lengths',
    {
      type: 'object',
      properties: {
        lines: {
          type: 'array',
          minItems: 2,
          items: {
            type: 'object',
            properties: { sku: { type: 'string', minLength: 10 } },
            required: ['sku'],
          },
        },
        coupon: { type: ['string', 'null'], maxLength: 4 },
        code: { anyOf: [{ type: 'null' }, { type: 'integer', multipleOf: 5, minimum: 7 }] },
      },
      required: ['lines'],
    },
    { lines: [{ sku: 'examplexxx' }, { sku: 'examplexxx' }], code: 10, coupon: 'exam' },
  ],
];

describe('example arguments from a tool’s JSON schema', () => {
  it.each(cases)('%s, and the check an agent run applies accepts them', (_name, schema, expected) => {
    const example = exampleArguments(schema);
    expect(example).toEqual(expected);
    expect(Object.keys(example)).toEqual(Object.keys(expected));
    expect(accepts(schema, example)).toBe(true);
  });

  it('leaves out an optional field whose pattern it cannot guess, keeps a required one to fill in', () => {
    const schema = {
      type: 'object',
      properties: {
        ref: { type: 'string', pattern: '^ZZ-[0-9]{6}$' },
        tag: { type: 'string', pattern: '^#x$' },
      },
      required: ['ref'],
    };
    expect(exampleArguments(schema)).toEqual({ ref: '' });
  });

  it('answers an empty object for no schema, or one that is not an object', () => {
    expect(exampleArguments(undefined)).toEqual({});
    expect(exampleArguments({ type: 'string' })).toEqual({});
  });
});
