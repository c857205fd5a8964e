import type { Industry } from '@parley/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A sign-up waiting for the owner of its address to open the mailed link. */
export interface PendingSignUpTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  password_hash: string;
  industry: Industry | null;
  /** SHA-256 of the mailed token; null until the mail is written. */
  token_hash: string | null;
  expires_at: Date;
  created_at: ColumnType<Date, never, never>;
}
export type PendingSignUpRow = Selectable<PendingSignUpTable>;
