import { z } from 'zod';

/**
 * Why a call to the outside world (a language model, a webhook, a translation) failed, named so
 * the builder's debugger and the inbox can say it in the reader's language:
 * - `not_configured`: this server has no provider set up for it (no language model);
 * - `error_status`: the other side answered an error status (`status`, and its own message);
 * - `rate_limited`: it answered 429: too many requests, or the account's quota (budget) is spent;
 * - `timeout`: no complete answer in the time allowed;
 * - `unreachable`: it could not be reached (refused, unknown host, a destination not allowed);
 * - `too_large`: its answer is larger than the server reads;
 * - `invalid_address`: the address is not a web address;
 * - `template_error`: the request's template (address, headers, body) does not render;
 * - `not_json`: the answer was to be read as JSON (mapped into variables) and is not JSON;
 * - `interrupted`: the server stopped while waiting; the call was not repeated;
 * - `unknown`: anything else (the message says what).
 */
export const callFailureReasons = [
  'not_configured',
  'error_status',
  'rate_limited',
  'timeout',
  'unreachable',
  'too_large',
  'invalid_address',
  'template_error',
  'not_json',
  'interrupted',
  'unknown',
] as const;
export const callFailureReasonSchema = z.enum(callFailureReasons);
export type CallFailureReason = z.infer<typeof callFailureReasonSchema>;

/** The longest failure message kept: a provider's own words, as far as a person reads them. */
export const MAX_FAILURE_MESSAGE = 500;

export const callFailureSchema = z.object({
  reason: callFailureReasonSchema,
  /** What the other side (or the server, on the way) said, in English as it said it. */
  message: z.string().max(MAX_FAILURE_MESSAGE),
  /** The HTTP status the other side answered, when it answered one. */
  status: z.number().int().optional(),
});
export type CallFailure = z.infer<typeof callFailureSchema>;
