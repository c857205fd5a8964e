import { DEFAULT_NLU_LIMITS, type NluLimits } from '@parley/flow';
import { z } from 'zod';
import { type AllowList, parseAllowList } from './integrations/http/address-policy';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  /** Connections each server process keeps to PostgreSQL (the embedded database has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A statement running longer is cancelled (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** A streaming replica of DATABASE_URL: the inbox lists and reports read there. */
  DATABASE_READ_URL: postgresUrl,
  /** Reads go back to the primary while the replica is further behind than this. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Encrypts the secrets users store (API keys, webhook secrets); see sealed-secrets.ts. */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Parley <no-reply@parley.local>'),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` for a person at a terminal, `json` for log collectors; by default pretty on a TTY. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Visitors' chat messages per minute: in one conversation, and from one IP address. */
  CHAT_RATE_LIMIT_PER_CONVERSATION: z.coerce.number().int().positive().default(30),
  CHAT_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(300),
  /** How long a broadcast recipient claimed by a process stays its own: past it, another process sends it. */
  BROADCAST_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * A header a trusted proxy in front of Parley sets to the visitor's country (`CF-IPCountry`,
   * `X-Country`…). Unset: the country is the region of the browser's language, when it names one.
   */
  CHAT_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name such as CF-IPCountry')
    .transform((name) => name.toLowerCase())
    .optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  STATUS_PAGE_URL: z.url({ protocol: /^https?$/ }).default('https://status.parley.dev'),
  SUPPORT_URL: z.url({ protocol: /^https?$/ }).default('https://support.parley.dev'),
  /** The agents API (its own host in production); requests to it carry `Bearer` tokens. */
  AGENTS_API_URL: z.string().min(1).default('/agents-api'),
  /** An OpenAI-compatible API for LLM modules; without a key those modules report it and go on. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.openai.com/v1'),
  OPENAI_DEFAULT_MODEL: z.string().min(1).max(100).default('gpt-4o-mini'),
  /**
   * The embeddings model of the same API (`/embeddings`) knowledge is embedded with for semantic
   * search; unset, knowledge is searched by its words alone.
   */
  OPENAI_EMBEDDINGS_MODEL: z.string().min(1).max(100).optional(),
  /** Asks the model for vectors this long (text-embedding-3 models shorten theirs); unset: the model's own. */
  OPENAI_EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(8).max(4096).optional(),
  /** How long one embeddings call (a batch of passages, or a visitor's question) may take. */
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** DeepL's API hosts: keys ending in `:fx` go to the free one, others to pro (tests: local fakes). */
  DEEPL_FREE_URL: z.url({ protocol: /^https?$/ }).default('https://api-free.deepl.com'),
  DEEPL_PRO_URL: z.url({ protocol: /^https?$/ }).default('https://api.deepl.com'),
  /**
   * Translate a bot's texts in the background when a language is offered or a version published,
   * so a visitor's first turn finds them cached; and the first wait before a failed run is retried.
   */
  PRETRANSLATE: booleanFlag.default(true),
  PRETRANSLATE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Shopify's Admin API: where a store lives (`{shop}` is its myshopify domain; tests point it at
   * a local fake), the API version called, how long one call may take, and the longest wait for
   * the store's cost bucket to refill before a call fails as throttled.
   */
  SHOPIFY_ADMIN_URL: z
    .string()
    .default('https://{shop}')
    .refine(
      (value) => value.includes('{shop}') && /^https?:\/\//.test(value),
      'a web address holding {shop}',
    ),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$|^unstable$/, 'a Shopify API version such as 2025-01')
    .default('2025-01'),
  SHOPIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  SHOPIFY_THROTTLE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(3_000),
  /**
   * Zendesk Support's API: where an account lives (`{subdomain}` is the account's; tests point it
   * at a local fake) and how long one call may take.
   */
  ZENDESK_API_URL: z
    .string()
    .default('https://{subdomain}.zendesk.com')
    .refine(
      (value) => value.includes('{subdomain}') && /^https?:\/\//.test(value),
      'a web address holding {subdomain}',
    ),
  ZENDESK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Meta's Graph API (Messenger's Send, profile and Page lookups; tests: a local fake) and its version. */
  GRAPH_API_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'A Graph version such as v17.0')
    .default('v17.0'),
  /** How long a translation (or a key's check) waits for DeepL; past it the text goes untranslated. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** How long an AI module waits for its whole answer before taking its failure port. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Completions (POST /api/llm/completions) one company may ask for in 15 minutes. */
  LLM_COMPLETIONS_PER_COMPANY: z.coerce.number().int().positive().default(600),
  /**
   * How long past its call's timeout a turn waiting on an outside call keeps its claim on the
   * conversation; after that another process finishes it (its own process is taken to have stopped).
   */
  TURN_LEASE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /**
   * On SIGTERM: how long the process may take to finish its running turns and jobs before it exits
   * anyway (below the orchestrator's own grace period), and how long it first keeps serving while
   * answering readiness as not ready (for load balancers that route by readiness).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Host names, IPs or CIDR ranges user-configured calls (webhooks) may reach though private. */
  OUTGOING_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value, context) => {
      try {
        return parseAllowList(value.split(',').filter((entry) => entry.trim() !== ''));
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  OUTGOING_MAX_RESPONSE_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Asynchronous webhooks: how many times a failed delivery is tried again, and the first wait. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The messaging suite: how long received event ids are kept (its retries come within days). */
  SUNSHINE_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** The messaging suite's `Retry-After` on a 429 is waited, up to this many seconds. */
  SUNSHINE_RETRY_AFTER_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  TELEMETRY_INSTRUMENTATION_KEY: z.string().min(8).max(200).default('4a1c5b0e-7e3f-4f55-9d3b-parley000web'),
  /** Bounds of one bot's intent model (training time and memory grow with it). */
  NLU_MAX_UTTERANCES: z.coerce.number().int().min(1).max(500_000).default(DEFAULT_NLU_LIMITS.maxUtterances),
  NLU_MAX_UTTERANCE_LENGTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(DEFAULT_NLU_LIMITS.maxUtteranceLength),
  /** How long a message waits for its bot's model in training before going on without it. */
  NLU_TRAINING_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

/** Everything the server needs to know about its environment, typed. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A real PostgreSQL server; when absent the embedded PGlite under `dataDir/pg` is used. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per process, and the longest a statement may run (0: unlimited). */
  databasePool: { size: number; statementTimeoutMs: number };
  /** A read replica for the inbox lists and reports, and how far behind it may be (see read-replica.ts). */
  databaseRead: { url: string; maxLagMs: number } | undefined;
  /** The server's public address: PUBLIC_URL, or `http://localhost:PORT` when it is not set. */
  publicUrl: string;
  /** PUBLIC_URL exactly as configured (no trailing slash); undefined when it is not set. */
  configuredPublicUrl: string | undefined;
  /** Unset: generated once and kept in the shared PostgreSQL database, or under `dataDir` (see secrets.ts). */
  jwtSecret: string | undefined;
  /** Unset: generated once and kept like the JWT secret. */
  secretsKey: string | undefined;
  sessionTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seed the demo accounts: forced by SEED_DEMO, otherwise on the embedded database only. */
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logFormat: 'pretty' | 'json';
  trustProxy: boolean;
  authRateLimit: { perIp: number; perAccount: number; windowMs: number };
  /** Visitors' messages per minute on the public chat API (counted in the database, across processes). */
  chatRateLimit: { perConversation: number; perIp: number };
  /** See BROADCAST_CLAIM_LEASE_SECONDS. */
  broadcastClaimLeaseMs: number;
  /** The lower-cased header a trusted proxy sets to the visitor's country; undefined: none. */
  chatCountryHeader: string | undefined;
  webDistDir: string | undefined;
  statusPageUrl: string;
  supportUrl: string;
  agentsApiUrl: string;
  telemetryInstrumentationKey: string;
  llm: {
    apiKey: string | undefined;
    baseUrl: string;
    defaultModel: string;
    timeoutMs: number;
    /** Completions one company may ask for in 15 minutes. */
    completionsPerCompany: number;
    /** The embeddings model knowledge is embedded with (undefined: no semantic search). */
    embeddings: { model: string; dimensions: number | undefined; timeoutMs: number } | undefined;
  };
  turns: { leaseGraceMs: number };
  /** A graceful stop: its whole time limit, and the first part of it spent serving while not ready. */
  shutdown: { timeoutMs: number; drainMs: number };
  /** DeepL's hosts per plan, and the time a call to it may take. */
  deepl: { freeUrl: string; proUrl: string; timeoutMs: number };
  /** Background translation of a bot's texts (see features/translation/pretranslation.ts). */
  pretranslation: { enabled: boolean; retryDelaySeconds: number };
  /** Shopify's Admin GraphQL API: the store address template, version, call time and throttle wait. */
  shopify: { adminUrl: string; apiVersion: string; timeoutMs: number; throttleMaxWaitMs: number };
  /** Meta's Graph API for the Messenger channel: where, and which version. */
  graph: { baseUrl: string; version: string };
  /** Zendesk Support (the helpdesk connector): the account address template and the call time. */
  zendesk: { apiUrl: string; timeoutMs: number };
  /** Calls to addresses users configure (webhooks): what they may reach and read. */
  outgoing: { allow: AllowList; maxResponseBytes: number };
  /** Asynchronous webhooks' retries: how many, and the first wait (it doubles each time). */
  webhookRetries: { limit: number; delaySeconds: number };
  /** The messaging suite: days its received event ids are kept; the longest `Retry-After` waited. */
  sunshine: { eventRetentionDays: number; retryAfterMaxSeconds: number };
  /** Intent models: each bot's bounds, and how long a message waits for one in training. */
  nlu: { limits: NluLimits; trainingWaitMs: number };
}

/** Raised when the environment holds a bad value; its message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment (process.env by default: this file is its only reader). */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable means "not set", as shells and .env files usually intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (a replica of the embedded database cannot exist)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePool: { size: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    databaseRead: e.DATABASE_READ_URL
      ? { url: e.DATABASE_READ_URL, maxLagMs: e.DATABASE_READ_MAX_LAG_MS }
      : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    configuredPublicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    chatRateLimit: { perConversation: e.CHAT_RATE_LIMIT_PER_CONVERSATION, perIp: e.CHAT_RATE_LIMIT_PER_IP },
    chatCountryHeader: e.CHAT_COUNTRY_HEADER,
    broadcastClaimLeaseMs: e.BROADCAST_CLAIM_LEASE_SECONDS * 1000,
    webDistDir: e.WEB_DIST_DIR,
    statusPageUrl: e.STATUS_PAGE_URL,
    supportUrl: e.SUPPORT_URL,
    agentsApiUrl: e.AGENTS_API_URL,
    telemetryInstrumentationKey: e.TELEMETRY_INSTRUMENTATION_KEY,
    llm: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
      defaultModel: e.OPENAI_DEFAULT_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      completionsPerCompany: e.LLM_COMPLETIONS_PER_COMPANY,
      embeddings:
        e.OPENAI_API_KEY && e.OPENAI_EMBEDDINGS_MODEL
          ? {
              model: e.OPENAI_EMBEDDINGS_MODEL,
              dimensions: e.OPENAI_EMBEDDINGS_DIMENSIONS,
              timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
            }
          : undefined,
    },
    turns: { leaseGraceMs: e.TURN_LEASE_GRACE_MS },
    shutdown: { timeoutMs: e.SHUTDOWN_TIMEOUT_MS, drainMs: e.SHUTDOWN_DRAIN_MS },
    deepl: {
      freeUrl: e.DEEPL_FREE_URL.replace(/\/+$/, ''),
      proUrl: e.DEEPL_PRO_URL.replace(/\/+$/, ''),
      timeoutMs: e.TRANSLATION_TIMEOUT_MS,
    },
    pretranslation: { enabled: e.PRETRANSLATE, retryDelaySeconds: e.PRETRANSLATE_RETRY_DELAY_SECONDS },
    shopify: {
      adminUrl: e.SHOPIFY_ADMIN_URL.replace(/\/+$/, ''),
      apiVersion: e.SHOPIFY_API_VERSION,
      timeoutMs: e.SHOPIFY_TIMEOUT_MS,
      throttleMaxWaitMs: e.SHOPIFY_THROTTLE_MAX_WAIT_MS,
    },
    graph: { baseUrl: e.GRAPH_API_URL.replace(/\/+$/, ''), version: e.GRAPH_API_VERSION },
    zendesk: { apiUrl: e.ZENDESK_API_URL.replace(/\/+$/, ''), timeoutMs: e.ZENDESK_TIMEOUT_MS },
    outgoing: { allow: e.OUTGOING_ALLOW_HOSTS, maxResponseBytes: e.OUTGOING_MAX_RESPONSE_BYTES },
    webhookRetries: { limit: e.WEBHOOK_RETRY_LIMIT, delaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS },
    sunshine: {
      eventRetentionDays: e.SUNSHINE_EVENT_RETENTION_DAYS,
      retryAfterMaxSeconds: e.SUNSHINE_RETRY_AFTER_MAX_SECONDS,
    },
    nlu: {
      limits: { maxUtterances: e.NLU_MAX_UTTERANCES, maxUtteranceLength: e.NLU_MAX_UTTERANCE_LENGTH },
      trainingWaitMs: e.NLU_TRAINING_WAIT_MS,
    },
  };
}
