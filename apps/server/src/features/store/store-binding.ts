/** Where a company's store token is sealed (see sealed-secrets.ts): it opens for that company only. */
export const storeTokenBinding = (companyId: string) => `shopify-token:company:${companyId}`;
