import type { CallFailureReason } from '@parley/contracts';
import { callFailure, OutsideCallFailed } from '@parley/engine';
import * as deepl from 'deepl-node';

/** A DeepL key's plan: keys ending in `:fx` belong to DeepL API Free, the others to Pro. */
export type DeepLPlan = 'free' | 'pro';

export interface DeepLSettings {
  /** DeepL's hosts for each plan (from config: tests point both at local fakes). */
  freeUrl: string;
  proUrl: string;
  /** One request, connecting and reading included. */
  timeoutMs: number;
}

export interface DeepLUsage {
  plan: DeepLPlan;
  characterCount: number;
  characterLimit: number;
}

export const planOfKey = (key: string): DeepLPlan => (key.endsWith(':fx') ? 'free' : 'pro');

/** A DeepL call that failed, named for the conversation's log and the settings screen. */
export class DeepLError extends OutsideCallFailed {
  override name = 'DeepLError';
  constructor(
    reason: CallFailureReason,
    message: string,
    readonly status?: number,
  ) {
    super(callFailure(reason, message, status));
  }
  /** DeepL refused the key (403): wrong, revoked, or meant for the other plan's host. */
  get keyRejected(): boolean {
    return this.status === 403;
  }
}

/**
 * The official client, for one key, on its plan's host. Its requests go through the client's own
 * axios, not guardedRequest: the client takes no transport of ours, and needs none of the guard,
 * since it only ever calls the DeepL host the operator configured (a user's key picks which of the
 * two, never an address). Its time limit is kept: no retries (a turn waits on it; the failure is
 * logged and the message goes out untranslated), each request within `timeoutMs`: the client's own
 * timeout never goes below a second (its backoff timer's first step), so a deadline of ours ends
 * the wait when `timeoutMs` is shorter.
 */
function translatorFor(key: string, settings: DeepLSettings): deepl.Translator {
  return new deepl.Translator(key, {
    serverUrl: planOfKey(key) === 'free' ? settings.freeUrl : settings.proUrl,
    maxRetries: 0,
    minTimeout: settings.timeoutMs,
    sendPlatformInfo: false,
  });
}

/** The account's usage this billing period: the call that proves a key works. */
export async function deeplUsage(key: string, settings: DeepLSettings): Promise<DeepLUsage> {
  try {
    const usage = await withinTime(translatorFor(key, settings).getUsage(), settings.timeoutMs);
    return {
      plan: planOfKey(key),
      characterCount: usage.character?.count ?? 0,
      characterLimit: usage.character?.limit ?? 0,
    };
  } catch (error) {
    throw named(error, settings.timeoutMs);
  }
}

/**
 * Translates many texts in one request. `xml` texts carry markup DeepL keeps as it is (see
 * protectTemplates). Languages are Parley's codes (`en`, `pt-BR`): DeepL wants a bare source and
 * a regional target for English and Portuguese.
 */
export async function deeplTranslate(
  key: string,
  settings: DeepLSettings,
  request: { texts: string[]; source: string; target: string; xml: boolean },
): Promise<string[]> {
  if (request.texts.length === 0) return [];
  try {
    const results = await withinTime(
      translatorFor(key, settings).translateText(
        request.texts,
        deeplSource(request.source),
        deeplTarget(request.target),
        request.xml ? { tagHandling: 'xml' } : {},
      ),
      settings.timeoutMs,
    );
    return results.map((result) => result.text);
  } catch (error) {
    throw named(error, settings.timeoutMs);
  }
}

function withinTime<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeepLError('timeout', `DeepL did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const deeplSource = (language: string) => language.split('-')[0]?.toLowerCase() as deepl.SourceLanguageCode;

function deeplTarget(language: string): deepl.TargetLanguageCode {
  const [base = '', region] = language.toLowerCase().split('-');
  if (base === 'en') return region === 'gb' ? 'en-GB' : 'en-US';
  if (base === 'pt') return region === 'br' ? 'pt-BR' : 'pt-PT';
  return base as deepl.TargetLanguageCode;
}

function named(error: unknown, timeoutMs: number): DeepLError {
  if (error instanceof DeepLError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof deepl.AuthorizationError)
    return new DeepLError(
      'error_status',
      'DeepL refused the API key (wrong, revoked, or for the other plan)',
      403,
    );
  if (error instanceof deepl.QuotaExceededError)
    return new DeepLError('rate_limited', 'The DeepL character quota for this billing period is spent', 456);
  if (error instanceof deepl.TooManyRequestsError)
    return new DeepLError('rate_limited', 'DeepL is receiving too many requests', 429);
  if (error instanceof deepl.ConnectionError) {
    return /timeout/i.test(message)
      ? new DeepLError('timeout', `DeepL did not answer within ${timeoutMs} ms`)
      : new DeepLError('unreachable', `could not reach DeepL (${message})`);
  }
  return new DeepLError('error_status', `DeepL answered an error: ${message}`);
}
