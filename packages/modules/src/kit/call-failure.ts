import { type CallFailure, type CallFailureReason, MAX_FAILURE_MESSAGE } from '@parley/kit';

/** A named failure, its message cut to what is kept. */
export function callFailure(reason: CallFailureReason, message: string, status?: number): CallFailure {
  return {
    reason,
    message: message.slice(0, MAX_FAILURE_MESSAGE),
    ...(status !== undefined ? { status } : {}),
  };
}

/**
 * What a host's port (`llm`, `http`, `translate`) rejects with when the outside call failed for a
 * reason it can name: the module takes its failure connection and says why.
 */
export class OutsideCallFailed extends Error {
  override name = 'OutsideCallFailed';
  readonly failure: CallFailure;
  constructor(failure: CallFailure, options?: ErrorOptions) {
    super(failure.message, options);
    this.failure = callFailure(failure.reason, failure.message, failure.status);
  }
}

/** The named failure of whatever a port rejected with (`unknown` when the host did not name it). */
export function callFailureOf(error: unknown): CallFailure {
  if (error instanceof OutsideCallFailed) return error.failure;
  return callFailure('unknown', error instanceof Error ? error.message : String(error));
}
