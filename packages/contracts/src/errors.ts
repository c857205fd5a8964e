import * as z from 'zod';

/** The closed list of error names the API answers with (ARCHITECTURE §3 rule 5). */
export const errorNameSchema = z.enum([
  'ValidationException',
  'UnauthorizedException',
  'ForbiddenException',
  'NotFoundException',
  'ConflictException',
  'PayloadTooLargeException',
  'RateLimitException',
  'InternalException',
  /** A Jinja template that does not parse or render (the builder's preview). */
  'TemplateException',
  /** A service this Parley server has not been set up with (e.g. no language model). */
  'NotConfiguredException',
  /** An outside service Parley called answered with an error (its message is passed on). */
  'UpstreamException',
  /** The translation provider refused the API key being saved (wrong, revoked, other plan). */
  'TranslationKeyRejectedException',
  /** A translation file that cannot be imported (details.problems names each line; nothing saved). */
  'TranslationImportException',
  /** The store refused the Admin API access token being saved or checked (wrong, revoked, expired). */
  'StoreTokenRejectedException',
  /** Zendesk refused the email and API token being saved (wrong, revoked, not an agent's). */
  'HelpdeskTokenRejectedException',
  /** The model provider refused the API key being saved for the company's agents. */
  'ModelKeyRejectedException',
  /**
   * A knowledge source whose file failed to process was chosen (for an agent, for generative
   * answers): it cannot be searched. details.sources names each, with why its file failed.
   */
  'KnowledgeSourceFailedException',
]);
export type ErrorName = z.infer<typeof errorNameSchema>;

/** HTTP status of each error name. */
export const errorStatus = {
  ValidationException: 400,
  UnauthorizedException: 401,
  ForbiddenException: 403,
  NotFoundException: 404,
  ConflictException: 409,
  PayloadTooLargeException: 413,
  RateLimitException: 429,
  InternalException: 500,
  TemplateException: 400,
  NotConfiguredException: 503,
  UpstreamException: 502,
  TranslationKeyRejectedException: 400,
  TranslationImportException: 400,
  StoreTokenRejectedException: 400,
  HelpdeskTokenRejectedException: 400,
  ModelKeyRejectedException: 400,
  KnowledgeSourceFailedException: 400,
} as const satisfies Record<ErrorName, number>;

/** An error: its name, a message for people, and details for programs. */
export const errorBodySchema = z.object({
  name: errorNameSchema,
  message: z.string(),
  details: z.unknown().optional(),
});

/** The body of every error answer: `{ error: { name, message, details? } }`. */
export const errorEnvelopeSchema = z.object({ error: errorBodySchema });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
