import type { UserRole } from '@parley/contracts';
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';

export interface UserTable {
  id: Generated<string>;
  /** As typed at sign-up; unique case-insensitively (index on lower(email)). */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: UserRole;
  permissions: JSONColumnType<string[], string, string>;
  status: Generated<'active' | 'disabled'>;
  user_type: Generated<'customer' | 'internal'>;
  company_id: string;
  totp_secret: string | null;
  qr_registered: Generated<boolean>;
  /** The authenticator time step of the last accepted code: each code signs in once. */
  totp_last_step: Generated<number | null>;
  /** Carried in every token; raising it (a password change) signs the user out everywhere. */
  session_version: Generated<number>;
  last_sign_in_at: Generated<Date | null>;
  /** The language the person reads and writes conversations in (null: each bot's own). */
  language: Generated<string | null>;
  /** The bots this person may see (jsonb list of ids); null: every bot of the company. */
  bot_ids: ColumnType<string[] | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
