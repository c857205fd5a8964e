import type { CallFailure } from '@parley/kit';
import { callFailure } from '../kit/call-failure';

/** Where a value of a JSON answer goes: `data.items.0.id`, or `''` for the whole answer. */
export interface ResponseMapping {
  variable: string;
  path: string;
}

/** The value at a dotted path (object keys, list indexes); undefined when the path leads nowhere. */
export function readJsonPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let at: unknown = value;
  for (const key of path.split('.')) {
    if (Array.isArray(at) && /^\d+$/.test(key)) at = at[Number(key)];
    else if (at !== null && typeof at === 'object' && Object.hasOwn(at, key))
      at = (at as Record<string, unknown>)[key];
    else return undefined;
  }
  return at;
}

/**
 * The variables an answer maps to. Mapping needs a JSON answer: any other is a named failure
 * (`not_json`), so the bot takes its failure port rather than going on with empty variables.
 * A path that leads nowhere sets the variable to null.
 */
export function mapResponse(
  body: string,
  mapping: readonly ResponseMapping[],
): { ok: true; variables: Record<string, unknown> } | { ok: false; failure: CallFailure } {
  if (mapping.length === 0) return { ok: true, variables: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const start = body.slice(0, 60).replace(/\s+/g, ' ');
    return { ok: false, failure: callFailure('not_json', `The answer is not JSON: ${start}`) };
  }
  return {
    ok: true,
    variables: Object.fromEntries(
      mapping.map(({ variable, path }) => [variable, readJsonPath(parsed, path) ?? null]),
    ),
  };
}
