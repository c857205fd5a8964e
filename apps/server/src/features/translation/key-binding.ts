/** Where a company's translation key is sealed (see sealed-secrets.ts): it opens for that company only. */
export const keyBinding = (companyId: string) => `deepl-key:company:${companyId}`;
