/** Where a company's Zendesk API token is sealed (see sealed-secrets.ts): it opens for that company only. */
export const helpdeskTokenBinding = (companyId: string) => `zendesk-token:company:${companyId}`;

/** Where a company's Zendesk webhook signing secret is sealed. */
export const helpdeskSecretBinding = (companyId: string) => `zendesk-webhook-secret:company:${companyId}`;
