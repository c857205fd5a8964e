import { z } from 'zod';

/** What the web app needs to know about its deployment, read at start from `GET /api/frontend/config`. */
export const frontendConfigSchema = z.object({
  statusPageUrl: z.string(),
  supportUrl: z.string(),
  /** Base URL of the agents API; requests to it authenticate with `Bearer` instead of `JWT`. */
  agentsApiBaseUrl: z.string(),
  telemetry: z.object({
    instrumentationKey: z.string(),
    /** Where the Application Insights SDK posts its batches (our own collector). */
    endpointPath: z.string(),
  }),
  /** The language model LLM modules use, if this server has one. */
  llm: z.object({ configured: z.boolean(), defaultModel: z.string() }),
  /** Bounds of each bot's intent model: the builder's validator reports intents over them. */
  nlu: z.object({ maxUtterances: z.number().int(), maxUtteranceLength: z.number().int() }),
  /**
   * Whether this server sends mail (SMTP_URL). Without it, sign-up, reset and invitation links are
   * printed on the server's terminal and kept in the development mailbox: the screens say so.
   */
  mail: z.object({ configured: z.boolean() }),
});
export type FrontendConfig = z.infer<typeof frontendConfigSchema>;
