import type { StaffMember } from '@adire/contracts';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, StaffMemberTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { permissionsOf, type StaffRole } from './roles';

export type StaffRow = Selectable<StaffMemberTable>;

/** A staff member as the back office sees them (the contracts' shape). */
export type { StaffMember };

export const toStaffMember = (row: StaffRow): StaffMember => ({
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  permissions: permissionsOf(row.role),
  active: row.password_hash !== null,
  disabled: row.disabled_at !== null,
});

/** Who a member was, as the audit keeps it (it outlives the member's removal). */
export const auditedMember = (row: StaffRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.disabled_at !== null ? 'disabled' : row.password_hash !== null ? 'active' : 'invited',
});

/** Can log in and act: has a password and is not disabled. */
export const isActive = (row: Pick<StaffRow, 'password_hash' | 'disabled_at'>) => row.password_hash !== null && row.disabled_at === null;

export const findMember = (q: Kysely<Database>, address: string) => q.selectFrom('staff_member').selectAll().where('email', '=', address).executeTakeFirst();

/** The active members of a role, by e-mail (issue 40: the riders an order can be given to). */
export const activeMembersOf = (q: Kysely<Database>, role: StaffRole) =>
  q.selectFrom('staff_member').select(['email', 'name']).where('role', '=', role).where('password_hash', 'is not', null).where('disabled_at', 'is', null).orderBy('email').execute();

/*
 * The one writer of `staff_member` (issue 30, item 3): each write takes the db or the caller's
 * transaction, so it stays inside that transaction and in its place.
 */

/** A new member (the unique address refuses a second of the same). */
export async function insertMember(q: Kysely<Database>, member: StaffRow): Promise<void> {
  await q.insertInto('staff_member').values(member).execute();
}

/** Changes a member's fields (role, name, disabled_at, password_hash), stamped `updated_at`. */
export async function changeMember(q: Kysely<Database>, memberId: string, set: Omit<Updateable<StaffMemberTable>, 'id' | 'updated_at'>, at: string): Promise<void> {
  await q.updateTable('staff_member').set({ ...set, updated_at: at }).where('id', '=', memberId).execute();
}

/** Deletes a member (their sessions and codes go with them). */
export async function deleteMember(q: Kysely<Database>, memberId: string): Promise<void> {
  await q.deleteFrom('staff_member').where('id', '=', memberId).execute();
}

export function lastManagerMessage(target: string, actorEmail: string): string {
  const who = target === actorEmail ? 'You are' : `${target} is`;
  return `${who} the last active manager: the shop would have no one to manage it. Make another member a manager first (invite one, or change a florist's role), then try again.`;
}

/**
 * Throws 409 LAST_MANAGER when the member about to lose the manager's powers (disabled, demoted or
 * removed) is the last active manager. Run inside the change's transaction: on PostgreSQL the
 * managers' rows are locked first, so two managers disabling each other at once cannot both pass.
 */
export async function keepAManager(trx: Kysely<Database>, dialect: Db['dialect'], target: StaffRow, actorEmail: string): Promise<void> {
  if (target.role !== 'manager' || !isActive(target)) return;
  const managers = await trx
    .selectFrom('staff_member')
    .select(['id', 'password_hash', 'disabled_at'])
    .where('role', '=', 'manager')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  if (!managers.some((m) => m.id !== target.id && isActive(m))) {
    throw new AppError(409, 'LAST_MANAGER', lastManagerMessage(target.email, actorEmail), { email: 'is the last active manager' });
  }
}
