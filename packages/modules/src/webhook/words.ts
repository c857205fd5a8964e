import type { ModuleWords } from '../kit/words';

/** The Webhook module's words in English (see ModuleWords); translations: modules.json `webhook`. */
export const webhookWords = {
  key: 'webhook',
  type: 'Webhook',
  ports: { success: 'Success (2xx)', failure: 'Failure' },
  summary: { instance: 'Calls {{name}}' },
  errors: { url: 'Enter the address to call' },
} as const satisfies ModuleWords;
