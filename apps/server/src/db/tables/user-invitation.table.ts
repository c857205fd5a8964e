import type { UserRole } from '@parley/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface UserInvitationTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  role: UserRole;
  /** SHA-256 of the mailed token, as for password recovery links. */
  token_hash: string;
  invited_by: string | null;
  /** Kept with the invitation: the link says who invited even if that person leaves. */
  invited_by_name: string;
  expires_at: Date;
  /** The bots the person will be limited to (jsonb list of ids); null: every bot. */
  bot_ids: ColumnType<string[] | null, string | null | undefined, never>;
  accepted_at: Generated<Date | null>;
  revoked_at: Generated<Date | null>;
  created_at: ColumnType<Date, never, never>;
}
export type UserInvitationRow = Selectable<UserInvitationTable>;
