import { TemplateError } from './errors';
import { filterNames } from './filters';
import { contains } from './operators';
import {
  Callable,
  compare,
  equals,
  isFloat,
  isInt,
  isNumber,
  isString,
  Markup,
  Namespace,
  num,
  str,
  Undefined,
} from './values';

type Test = (value: unknown, args: unknown[]) => boolean;

const ordered =
  (check: (order: number) => boolean): Test =>
  (value, [other]) =>
    check(compare(value, other));

/** Jinja2's built-in tests. */
export const tests: Record<string, Test> = {
  boolean: (value) => typeof value === 'boolean',
  callable: (value) => value instanceof Callable,
  defined: (value) => !(value instanceof Undefined),
  undefined: (value) => value instanceof Undefined,
  divisibleby: (value, [divisor]) => num(value) % num(divisor) === 0,
  eq: (value, [other]) => equals(value, other),
  ne: (value, [other]) => !equals(value, other),
  escaped: (value) => value instanceof Markup,
  even: (value) => num(value) % 2 === 0,
  odd: (value) => Math.abs(num(value) % 2) === 1,
  false: (value) => value === false,
  true: (value) => value === true,
  float: (value) => isFloat(value),
  integer: (value) => isInt(value),
  number: (value) => isNumber(value) || typeof value === 'boolean',
  ge: ordered((order) => order >= 0),
  gt: ordered((order) => order > 0),
  le: ordered((order) => order <= 0),
  lt: ordered((order) => order < 0),
  in: (value, [container]) => contains(container, value),
  iterable: (value) =>
    isString(value) || Array.isArray(value) || value instanceof Map || value instanceof Undefined,
  lower: (value) => isString(value) && str(value) === str(value).toLowerCase(),
  upper: (value) => isString(value) && str(value) === str(value).toUpperCase(),
  mapping: (value) => value instanceof Map,
  none: (value) => value === null,
  sameas: (value, [other]) => value === other || (value === null && other === null),
  sequence: (value) => isString(value) || Array.isArray(value) || value instanceof Map,
  string: (value) => isString(value),
  filter: (value) => typeof value === 'string' && filterNames.has(value),
  test: (value) => typeof value === 'string' && Object.hasOwn(tests, value),
  namespace: (value) => value instanceof Namespace,
};

const aliases: Record<string, string> = {
  '==': 'eq',
  equalto: 'eq',
  '!=': 'ne',
  '>': 'gt',
  greaterthan: 'gt',
  '>=': 'ge',
  '<': 'lt',
  lessthan: 'lt',
  '<=': 'le',
};

export function hasTest(name: string): boolean {
  return Object.hasOwn(tests, aliases[name] ?? name);
}

export function applyTest(
  name: string,
  value: unknown,
  args: unknown[],
  _kwargs: Map<string, unknown>,
  line?: number,
): boolean {
  const test = tests[aliases[name] ?? name];
  if (!test || !Object.hasOwn(tests, aliases[name] ?? name))
    throw new TemplateError(`No test named '${name}'.`, line);
  if (
    value instanceof Undefined &&
    ![
      'defined',
      'undefined',
      'none',
      'boolean',
      'false',
      'true',
      'string',
      'number',
      'integer',
      'float',
      'mapping',
      'sequence',
      'iterable',
      'callable',
      'escaped',
      'sameas',
      'eq',
      'ne',
      'in',
      'filter',
      'test',
      'namespace',
      'lower',
      'upper',
    ].includes(aliases[name] ?? name)
  ) {
    value.fail();
  }
  try {
    return test(value, args);
  } catch (error) {
    if (error instanceof TemplateError) error.line ??= line;
    throw error;
  }
}
