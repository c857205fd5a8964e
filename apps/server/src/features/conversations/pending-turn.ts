import { callFailureSchema } from '@parley/contracts';
import {
  callFailure,
  callFailureOf,
  type EngineServices,
  OutsideCallFailed,
  type TurnInput,
} from '@parley/engine';
import { z } from 'zod';

/**
 * What became of an outside call: its answer, or why it failed (the module takes its failure port
 * and says why). Records written before failures were named carry only the message.
 */
const callOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), message: z.string(), failure: callFailureSchema.optional() }),
]);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

const callKindSchema = z.enum(['http', 'llm', 'translate', 'webhook', 'knowledge', 'store', 'agent']);
export type CallKind = z.infer<typeof callKindSchema>;

/**
 * The record of a turn waiting on outside calls, kept on its conversation while it waits: the
 * turn's input (so another process can finish it), the seed of its randomness (so working it out
 * again takes the same branches), and each call in the order the turn made them, with its outcome
 * once known. Keyed by the conversation and the state's turn counter (the claim checks it), each
 * call by its place in the turn.
 */
export const pendingTurnSchema = z.object({
  input: z.custom<TurnInput>((value) => typeof value === 'object' && value !== null && 'type' in value),
  incoming: z
    .object({ role: z.enum(['user', 'agent']), text: z.string(), clientMessageId: z.string().optional() })
    .nullable(),
  agentId: z.string().nullable().optional(),
  debug: z.boolean().optional(),
  /** The language an agent's reply is written in (their profile's), so the turn worked out again translates it the same way. */
  agentLanguage: z.string().nullable().optional(),
  seed: z.number().int(),
  calls: z.array(
    z.object({
      kind: callKindSchema,
      /** What was called (method and address, or the model): for people reading the record. */
      target: z.string(),
      outcome: callOutcomeSchema.optional(),
    }),
  ),
});
export type PendingTurn = z.infer<typeof pendingTurnSchema>;

/** The outcome given to a call whose process stopped before recording what it answered. */
export const UNKNOWN_OUTCOME =
  'The server stopped while waiting for this call; it was not repeated, so its answer is unknown';
export const interruptedOutcome = (): CallOutcome => ({
  ok: false,
  message: UNKNOWN_OUTCOME,
  failure: callFailure('interrupted', UNKNOWN_OUTCOME),
});

/** A failed outcome as the port rejected with it, so the module names the same reason again. */
function failedWith(outcome: Extract<CallOutcome, { ok: false }>): OutsideCallFailed {
  return new OutsideCallFailed(outcome.failure ?? callFailure('unknown', outcome.message));
}

/** The longest an agent's turn may take (its own time limit is at most 300 s). */
const AGENT_TURN_MS = 310_000;

/** An outside call a turn asked for that has not been made yet. */
export interface NextCall {
  /** Its place among the turn's calls. */
  index: number;
  kind: CallKind;
  target: string;
  timeoutMs: number;
  perform(): Promise<unknown>;
  /** Starts what the call needs that has no side effect, while the turn records it (see warm). */
  warm?(): void;
}

/** Refusal given to the engine for a call not made yet: the turn's result is thrown away. */
class OutsideCallDeferred extends Error {
  override name = 'OutsideCallDeferred';
}

/** One instance for every refusal: capturing a stack each time was a measurable part of a turn. */
const DEFERRED = new OutsideCallDeferred('Outside calls are made with nothing held');

/** mulberry32: a small seeded generator, so a turn worked out again draws the same numbers. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const newSeed = () => Math.floor(Math.random() * 2 ** 31);

/**
 * The engine's ports for working a turn out with the calls known so far: the engine's n-th
 * outside call is answered from the n-th record of its calls. The host's translations are
 * answered by what they translate (`keyedCall`): a turn worked out again may find some texts in
 * memory and skip a call, which must not shift the others. The first call beyond the records is
 * not made: it is noted (`nextCall`) and refused, and the host makes it with nothing held, then
 * works the turn out again.
 */
export function replayingServices(
  services: EngineServices,
  known: PendingTurn['calls'],
  seed: number,
  timeouts: { llmMs: number; storeMs: number },
) {
  const engineCalls = known.filter((call) => call.kind !== 'translate');
  let made = 0;
  let next: NextCall | null = null;
  const defer = (
    kind: CallKind,
    target: string,
    timeoutMs: number,
    perform: () => Promise<unknown>,
    warm?: () => void,
  ) => {
    // A new call goes after every recorded one.
    next ??= { index: known.length, kind, target, timeoutMs, perform, ...(warm ? { warm } : {}) };
    return Promise.reject(DEFERRED);
  };
  const answer = <T>(outcome: CallOutcome): Promise<T> =>
    outcome.ok ? Promise.resolve(outcome.value as T) : Promise.reject(failedWith(outcome));
  const ask = <T>(
    kind: CallKind,
    target: string,
    timeoutMs: number,
    perform: () => Promise<T>,
    warm?: () => void,
  ): Promise<T> => {
    const recorded = engineCalls[made++];
    if (recorded?.outcome) {
      if (recorded.kind !== kind)
        return Promise.reject(new Error('The turn changed while its outside call was pending'));
      return answer(recorded.outcome);
    }
    return defer(kind, target, timeoutMs, perform, warm) as Promise<T>;
  };
  const keyedCall = <T>(key: string, timeoutMs: number, perform: () => Promise<T>): Promise<T> => {
    const recorded = known.find((call) => call.kind === 'translate' && call.target === key && call.outcome);
    if (recorded?.outcome) return answer(recorded.outcome);
    return defer('translate', key, timeoutMs, perform) as Promise<T>;
  };
  return {
    services: {
      ...services,
      random: seededRandom(seed),
      http: {
        request: (request) =>
          ask('http', `${request.method} ${request.url}`.slice(0, 500), request.timeoutMs, () =>
            services.http.request(request),
          ),
      },
      webhooks: {
        deliver: (call) =>
          ask(
            'webhook',
            `instance ${call.instanceId}`,
            call.timeoutMs,
            () => services.webhooks.deliver(call),
            () => services.webhooks.warm?.(call),
          ),
      },
      llm: {
        complete: (request, onToken) =>
          ask('llm', request.model || 'default model', timeouts.llmMs, () =>
            services.llm.complete(request, onToken),
          ),
      },
      agents: {
        // The agent's own limits bound its turn (at most 300 s); a little more for its bookkeeping.
        run: (call) =>
          ask('agent', `agent ${call.agentId} v${call.version}`, AGENT_TURN_MS, () =>
            services.agents.run(call),
          ),
      },
      knowledge: {
        answer: (request) =>
          ask('knowledge', request.model || 'default model', timeouts.llmMs, () =>
            services.knowledge.answer(request),
          ),
      },
      store: {
        call: (request) =>
          ask('store', `shopify ${request.operation}`, timeouts.storeMs, () => services.store.call(request)),
      },
    } satisfies EngineServices,
    /** A translation of the host's own in the turn, answered by its key (what it translates). */
    keyedCall,
    /** The first call the turn needs that has no outcome yet; null when the turn is complete. */
    nextCall: (): NextCall | null => next,
  };
}

/**
 * Makes a call with nothing held and reports what became of it. It ends after `timeoutMs` even if
 * the port does not (a receiver that never answers costs its own conversation a failure port).
 */
export async function performCall(call: NextCall): Promise<CallOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OutsideCallFailed(callFailure('timeout', `timed out after ${call.timeoutMs} ms`))),
      call.timeoutMs + 250,
    );
  });
  try {
    return { ok: true, value: await Promise.race([call.perform(), deadline]) };
  } catch (error) {
    const failure = callFailureOf(error);
    return { ok: false, message: failure.message, failure };
  } finally {
    clearTimeout(timer);
  }
}
