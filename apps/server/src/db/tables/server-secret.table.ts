import type { ColumnType } from 'kysely';

/** Secrets the server processes generated for themselves and share (see migration 0022). */
export type ServerSecretName = 'jwt-secret' | 'secrets-key';

export interface ServerSecretTable {
  name: ServerSecretName;
  value: string;
  created_at: ColumnType<Date, never, never>;
}
