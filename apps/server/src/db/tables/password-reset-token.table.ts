import type { ColumnType, Generated } from 'kysely';

export interface PasswordResetTokenTable {
  id: Generated<string>;
  user_id: string;
  /** SHA-256 of the mailed token: a leaked table does not let anyone reset a password. */
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
