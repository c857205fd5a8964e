/** Suggestions only: any model name the configured provider knows is accepted. */
export const SUGGESTED_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-3.5-turbo'];

/**
 * A new LLM module's model when the installation's own default is not known (tests, a builder
 * that has not read the frontend config): the server's default when `OPENAI_DEFAULT_MODEL` is unset.
 */
export const FALLBACK_MODEL = 'gpt-4o-mini';
