import type { UserRole } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { UserRow } from '../../db/tables/user.table';
import type { UserInvitationRow } from '../../db/tables/user-invitation.table';

/** The company's people, owners first, then by name. */
export async function listMembers(db: Queryable, companyId: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy(sql`role = 'owner'`, 'desc')
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
}

/** Invitations that still wait for their person (expired ones included: the screen says so). */
export async function listOpenInvitations(db: Queryable, companyId: string): Promise<UserInvitationRow[]> {
  return db
    .selectFrom('user_invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Retires the open invitation of an address in a company, if any (a new one replaces it). */
export async function revokeOpenInvitationFor(
  db: Queryable,
  companyId: string,
  email: string,
): Promise<void> {
  await db
    .updateTable('user_invitations')
    .set({ revoked_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertInvitation(
  db: Queryable,
  invitation: {
    company_id: string;
    email: string;
    role: UserRole;
    bot_ids: string[] | null;
    token_hash: string;
    invited_by: string;
    invited_by_name: string;
    expires_at: Date;
  },
): Promise<UserInvitationRow> {
  return db
    .insertInto('user_invitations')
    .values({ ...invitation, bot_ids: invitation.bot_ids && JSON.stringify(invitation.bot_ids) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Withdraws an open invitation of the company; false when there is none by that id. */
export async function revokeInvitation(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('user_invitations')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** An invitation by its mailed token, whatever its state, with its company's name. */
export async function findInvitationByToken(
  db: Queryable,
  tokenHash: string,
): Promise<(UserInvitationRow & { company_name: string }) | undefined> {
  return db
    .selectFrom('user_invitations')
    .innerJoin('companies', 'companies.id', 'user_invitations.company_id')
    .selectAll('user_invitations')
    .select('companies.name as company_name')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a live invitation accepted, in one statement: of two acceptances racing with one link,
 * only one gets it back.
 */
export async function consumeInvitation(db: Queryable, id: string): Promise<boolean> {
  const row = await db
    .updateTable('user_invitations')
    .set({ accepted_at: sql`now()` })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The company's active owners, locked until the transaction ends: two changes racing to demote
 * the last two owners take turns, and the second sees it would leave none.
 */
export async function lockActiveOwners(db: Queryable, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Changes a person's role (and with it their permissions), the bots they may see (null: every bot)
 * or status. Deactivating moves their session version on, so every token they hold stops working
 * at once.
 */
export async function updateMember(
  db: Queryable,
  companyId: string,
  userId: string,
  change: {
    role?: UserRole;
    permissions?: string[];
    botIds?: string[] | null;
    status?: 'active' | 'disabled';
  },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      ...(change.role ? { role: change.role } : {}),
      ...(change.permissions ? { permissions: JSON.stringify(change.permissions) } : {}),
      ...(change.botIds !== undefined ? { bot_ids: change.botIds && JSON.stringify(change.botIds) } : {}),
      ...(change.status ? { status: change.status } : {}),
      ...(change.status === 'disabled' ? { session_version: eb('session_version', '+', 1) } : {}),
      updated_at: sql`now()`,
    }))
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}
