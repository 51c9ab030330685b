/**
 * Staff roles and what each may do, stated once: the server checks every back-office call against
 * it, and the back office hides what a role may not open.
 */
import { STAFF_PERMISSIONS as PERMISSIONS, STAFF_ROLES, type StaffPermission as Permission, type StaffRole } from '@adire/contracts';

// The roles and permissions themselves are the contracts' (the back office offers and hides by them).
export { PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole };

const GRANTS: Record<StaffRole, readonly Permission[]> = {
  // Orders, deliveries and transfers.
  florist: ['orders'],
  // Everything.
  manager: PERMISSIONS,
  // Their own deliveries only (issue 40): the rider's routes check the session's role and the order's rider, no permission opens anything else.
  rider: [],
};

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export function permissionsOf(role: string): readonly Permission[] {
  return isStaffRole(role) ? GRANTS[role] : [];
}

export function may(role: string, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
