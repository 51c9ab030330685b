import type { StaffMember } from '@adire/contracts';
import type { Kysely, Selectable } from 'kysely';
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
