/**
 * Messages of the flow schema that the builder's forms show, in English; translations:
 * locales/<lng>/builder.json `globals.errors` (the builder's locale test keeps the English equal).
 */
export const flowWords = {
  errors: { keywords: 'Add at least one keyword' },
} as const;
