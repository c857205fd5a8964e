import { setTimeout as sleep } from 'node:timers/promises';
import type { CallFailureReason } from '@parley/contracts';
import { callFailure, OutsideCallFailed } from '@parley/engine';
import { z } from 'zod';
import { type GuardedHttpOptions, guardedRequest } from '../http/guarded-http';

/** Where and how Parley calls Shopify's Admin GraphQL API (from config: tests point it at a fake). */
export interface ShopifySettings {
  /** A store's base address, `{shop}` standing for its myshopify domain (`https://{shop}`). */
  adminUrl: string;
  apiVersion: string;
  timeoutMs: number;
  /** The longest wait for the store's cost bucket to refill before a call fails as throttled. */
  throttleMaxWaitMs: number;
}

/** A connected store: its myshopify domain and the Admin API access token (opened, in memory only). */
export interface ShopifyStore {
  domain: string;
  accessToken: string;
}

export type ShopifyFailure = 'token_rejected' | 'throttled' | 'not_found' | 'error';

/** A Shopify call that failed, named for the conversation's log, the debugger and the settings screen. */
export class ShopifyError extends OutsideCallFailed {
  override name = 'ShopifyError';
  constructor(
    readonly kind: ShopifyFailure,
    reason: CallFailureReason,
    message: string,
    readonly status?: number,
  ) {
    super(callFailure(reason, message, status));
  }
}

/** Shopify's cost extension: what the query cost and how full the store's bucket is. */
const costSchema = z.object({
  requestedQueryCost: z.number(),
  actualQueryCost: z.number().nullable().optional(),
  throttleStatus: z.object({
    maximumAvailable: z.number(),
    currentlyAvailable: z.number(),
    restoreRate: z.number(),
  }),
});
type QueryCost = z.infer<typeof costSchema>;

const graphqlAnswerSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(z.object({ message: z.string(), extensions: z.object({ code: z.string() }).partial().optional() }))
    .optional(),
  extensions: z.object({ cost: costSchema.optional() }).partial().optional(),
});

/** Each store's bucket as its last answer left it, and when: the next call estimates the refill. */
interface BucketReading {
  available: number;
  maximum: number;
  restoreRate: number;
  at: number;
  /** What the last query asked for: the next one is taken to ask about as much. */
  lastCost: number;
}

/**
 * One Shopify client per server process. It keeps, per store, the cost bucket as Shopify last
 * reported it (so a call that would be throttled waits for the refill, or fails fast when the wait
 * is too long) and a short cache of answers.
 *
 * Why a cache: shoppers in many conversations ask the same things at once ("shoes", "gift card"),
 * and each search spends points from one bucket the store shares with every other app it has
 * installed. Products and order states change slowly enough that 60 seconds old is still right
 * for a chat, so a repeated question costs nothing. It lives in the process (not the database): an
 * answer another process does not find it simply asks Shopify again, so nothing depends on it.
 */
export class ShopifyClient {
  private readonly buckets = new Map<string, BucketReading>();
  private readonly cache = new Map<string, { until: number; data: unknown; cost: number | null }>();

  constructor(
    private readonly settings: ShopifySettings,
    private readonly outgoing: GuardedHttpOptions,
    private readonly options: {
      now?: () => number;
      wait?: (ms: number) => Promise<unknown>;
      cacheMs?: number;
      cacheEntries?: number;
    } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The Admin GraphQL endpoint of a store. */
  endpointOf(domain: string): string {
    return `${this.settings.adminUrl.replace('{shop}', domain)}/admin/api/${this.settings.apiVersion}/graphql.json`;
  }

  /**
   * Runs one query and parses its `data` with `schema`. `cache: true` answers from the cache when
   * the same store (and token) asked the same within the last minute.
   */
  async query<T>(
    store: ShopifyStore,
    request: { query: string; variables?: Record<string, unknown>; cache?: boolean },
    schema: z.ZodType<T>,
  ): Promise<{ data: T; cached: boolean; cost: number | null }> {
    const key = cacheKey(store, request.query, request.variables);
    const hit = request.cache ? this.cache.get(key) : undefined;
    if (hit && hit.until > this.now()) return { data: schema.parse(hit.data), cached: true, cost: hit.cost };
    const answer = await this.withThrottle(store, request);
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success)
      throw new ShopifyError(
        'error',
        'unknown',
        `The store answered in an unexpected shape: ${parsed.error.message}`,
      );
    if (request.cache) this.remember(key, answer.data, answer.cost);
    return { data: parsed.data, cached: false, cost: answer.cost };
  }

  private remember(key: string, data: unknown, cost: number | null): void {
    const limit = this.options.cacheEntries ?? 1000;
    if (this.cache.size >= limit) {
      // Oldest first (a Map keeps insertion order): drop the expired and, if still full, the oldest.
      const now = this.now();
      for (const [old, entry] of this.cache) if (entry.until <= now) this.cache.delete(old);
      if (this.cache.size >= limit) this.cache.delete(this.cache.keys().next().value as string);
    }
    this.cache.set(key, { until: this.now() + (this.options.cacheMs ?? 60_000), data, cost });
  }

  /**
   * Waits for the bucket when the last answer said it was nearly empty, sends, and on Shopify's
   * THROTTLED answer waits the time the missing points take to restore and tries again (twice at
   * most, each wait within the configured bound); past the bound it fails fast as `rate_limited`.
   */
  private async withThrottle(
    store: ShopifyStore,
    request: { query: string; variables?: Record<string, unknown> },
  ): Promise<{ data: unknown; cost: number | null }> {
    await this.waitForBucket(store.domain, this.estimatedWait(store.domain));
    for (let attempt = 0; ; attempt++) {
      const answer = await this.send(store, request);
      const cost = answer.extensions?.cost;
      if (cost) this.read(store.domain, cost);
      const throttled = answer.errors?.some((error) => error.extensions?.code === 'THROTTLED');
      if (!throttled) {
        if (answer.errors?.length)
          throw new ShopifyError(
            'error',
            'error_status',
            `The store refused the query: ${answer.errors.map((error) => error.message).join('; ')}`,
            200,
          );
        return { data: answer.data, cost: cost?.actualQueryCost ?? cost?.requestedQueryCost ?? null };
      }
      const wait = cost ? restoreWait(cost) : this.settings.throttleMaxWaitMs;
      if (attempt >= 2) throw throttledError(wait);
      await this.waitForBucket(store.domain, wait);
    }
  }

  /** How long until the bucket holds what the last query cost, as the last reading refills. */
  private estimatedWait(domain: string): number {
    const bucket = this.buckets.get(domain);
    if (!bucket || bucket.restoreRate <= 0) return 0;
    const elapsed = (this.now() - bucket.at) / 1000;
    const available = Math.min(bucket.maximum, bucket.available + elapsed * bucket.restoreRate);
    const missing = bucket.lastCost - available;
    return missing > 0 ? Math.ceil((missing / bucket.restoreRate) * 1000) : 0;
  }

  private async waitForBucket(domain: string, ms: number): Promise<void> {
    if (ms <= 0) return;
    if (ms > this.settings.throttleMaxWaitMs) {
      throw throttledError(ms, domain);
    }
    await (this.options.wait ?? sleep)(ms);
  }

  private read(domain: string, cost: QueryCost): void {
    const status = cost.throttleStatus;
    this.buckets.set(domain, {
      available: status.currentlyAvailable,
      maximum: status.maximumAvailable,
      restoreRate: status.restoreRate,
      at: this.now(),
      lastCost: cost.requestedQueryCost,
    });
  }

  /** One POST to the store's Admin GraphQL endpoint through the guarded client. */
  private async send(
    store: ShopifyStore,
    request: { query: string; variables?: Record<string, unknown> },
  ): Promise<z.infer<typeof graphqlAnswerSchema>> {
    const response = await guardedRequest(
      {
        method: 'POST',
        url: this.endpointOf(store.domain),
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Shopify-Access-Token': store.accessToken,
        },
        body: JSON.stringify({ query: request.query, variables: request.variables ?? {} }),
        timeoutMs: this.settings.timeoutMs,
      },
      this.outgoing,
    );
    if (response.status === 401 || response.status === 403)
      throw new ShopifyError(
        'token_rejected',
        'error_status',
        response.status === 401
          ? 'The store refused the access token (revoked, expired or mistyped): reconnect the store'
          : 'The access token may not read this (give the app read_products and read_orders)',
        response.status,
      );
    if (response.status === 404)
      throw new ShopifyError('not_found', 'error_status', `No Shopify store answers at ${store.domain}`, 404);
    if (response.status === 429) {
      const retryAfter = Number(response.headers['retry-after']);
      throw throttledError(Number.isFinite(retryAfter) ? retryAfter * 1000 : 1000);
    }
    if (response.status < 200 || response.status >= 300)
      throw new ShopifyError(
        'error',
        'error_status',
        `The store answered ${response.status}`,
        response.status,
      );
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      throw new ShopifyError('error', 'not_json', 'The store’s answer is not JSON');
    }
    const parsed = graphqlAnswerSchema.safeParse(json);
    if (!parsed.success)
      throw new ShopifyError('error', 'unknown', 'The store answered in an unexpected shape');
    return parsed.data;
  }
}

/** Milliseconds until the bucket refills enough for the query Shopify refused. */
function restoreWait(cost: QueryCost): number {
  const { currentlyAvailable, restoreRate } = cost.throttleStatus;
  const missing = cost.requestedQueryCost - currentlyAvailable;
  if (missing <= 0) return 0;
  return restoreRate > 0 ? Math.ceil((missing / restoreRate) * 1000) : Number.POSITIVE_INFINITY;
}

function throttledError(waitMs: number, domain?: string): ShopifyError {
  const seconds = Number.isFinite(waitMs) ? Math.ceil(waitMs / 1000) : null;
  return new ShopifyError(
    'throttled',
    'rate_limited',
    `The store’s API limit is used up${domain ? ` at ${domain}` : ''}${seconds === null ? '' : `; it refills in about ${seconds} s`}`,
    429,
  );
}

/** Cache entries are per store and token (a new token never reads an old token's answers). */
function cacheKey(
  store: ShopifyStore,
  query: string,
  variables: Record<string, unknown> | undefined,
): string {
  return JSON.stringify([store.domain, store.accessToken.slice(-8), query, variables ?? {}]);
}
