/**
 * Which sampling parameters a model takes. OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 …)
 * refuse `max_tokens` (they take `max_completion_tokens`) and a `temperature` other than their
 * default, answering 400 with the parameter named:
 * `{ "error": { "type": "invalid_request_error", "param": "max_tokens", "code": "unsupported_parameter" } }`
 * (`"code": "unsupported_value"` for a temperature the model does not support). Other
 * OpenAI-compatible servers may know only `max_tokens`. So a call starts from a guess by the
 * model's name, and each refusal is learnt once per API and model and remembered in the process.
 */

/** A parameter a call can say another way or do without; any other refusal is the call's failure. */
const adjustable = ['temperature', 'max_tokens', 'max_completion_tokens'] as const;
export type AdjustableParameter = (typeof adjustable)[number];

/** What an API said it refuses of a model's calls. */
export type Refusals = ReadonlySet<AdjustableParameter>;

/** Names of OpenAI's reasoning models, which take `max_completion_tokens` from the first call. */
const reasoningFamily = /^(?:o\d+(?:$|-)|gpt-5)/i;

/** Learnt refusals by API and model; bounded, since any user can name any model (oldest go). */
const learnt = new Map<string, Refusals>();
const MAX_LEARNT = 1_000;

const keyOf = (baseUrl: string, model: string) => `${baseUrl}\n${model}`;

/** The refusals learnt so far for this API's model (none before its first refusal). */
export function refusalsOf(baseUrl: string, model: string): Refusals {
  return learnt.get(keyOf(baseUrl, model)) ?? new Set();
}

/**
 * The sampling parameters of a call: the answer's length under the name the model takes (none if
 * it refused both), and the temperature unless the model refused it (it then uses its default).
 */
export function samplingParameters(
  model: string,
  refusals: Refusals,
  wanted: { temperature: number; maxTokens: number },
): Record<string, number> {
  const names: AdjustableParameter[] = reasoningFamily.test(model)
    ? ['max_completion_tokens', 'max_tokens']
    : ['max_tokens', 'max_completion_tokens'];
  const limit = names.find((name) => !refusals.has(name));
  return {
    ...(refusals.has('temperature') ? {} : { temperature: wanted.temperature }),
    ...(limit ? { [limit]: wanted.maxTokens } : {}),
  };
}

/**
 * Notes what a 400 refused, when it is a parameter the call can do without: true when the call is
 * worth making again without it (the refusal was not known to the call that met it).
 */
export function learnRefusal(
  baseUrl: string,
  model: string,
  known: Refusals,
  refused: { param?: string | null | undefined; code?: string | null | undefined },
): boolean {
  const param = adjustable.find((name) => name === refused.param);
  if (!param || known.has(param)) return false;
  // A value the model does not support is dropped only for the temperature (its default is
  // always allowed); a length out of range is the call's failure.
  const dropped =
    refused.code === 'unsupported_parameter' ||
    (refused.code === 'unsupported_value' && param === 'temperature');
  if (!dropped) return false;
  const key = keyOf(baseUrl, model);
  const refusals = new Set([...(learnt.get(key) ?? []), ...known, param]);
  learnt.delete(key);
  learnt.set(key, refusals);
  if (learnt.size > MAX_LEARNT) learnt.delete(learnt.keys().next().value ?? '');
  return true;
}
