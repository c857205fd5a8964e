import { renderMarkdown } from '../text/links';
import { callFailureOf } from './call-failure';
import type { EnterResult, ExecutionContext, ModuleCall } from './module-kit';

/** The debugger's note of a store call: what was asked and, in short, what came back. */
export const storeCall = (request: string, result: string): ModuleCall => ({
  service: 'shopify',
  request: request.slice(0, 500),
  result: result.slice(0, 500),
});

/**
 * A store call that failed: the module's failure message (Markdown with Jinja, empty: nothing)
 * is said, and the failure connection followed with the reason named.
 */
export function storeFailed(
  context: ExecutionContext,
  failureMessage: string,
  request: string,
  error: unknown,
): EnterResult {
  const failure = callFailureOf(error);
  const apology = renderMarkdown(failureMessage, context.render).trim();
  if (apology) context.send({ type: 'text', text: apology });
  return { kind: 'continue', port: 'failure', failure, call: storeCall(request, failure.message) };
}
