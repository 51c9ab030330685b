/**
 * Staff roles and what each may do, stated once: the server checks every back-office call against
 * it, and the back office hides what a role may not open.
 */
export const STAFF_ROLES = ['florist', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a back-office call needs. */
export const PERMISSIONS = ['orders', 'settings', 'catalog', 'reviews', 'staff', 'audit', 'releases'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<StaffRole, readonly Permission[]> = {
  // Orders, deliveries and transfers.
  florist: ['orders'],
  // Everything.
  manager: PERMISSIONS,
};

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export function permissionsOf(role: string): readonly Permission[] {
  return isStaffRole(role) ? GRANTS[role] : [];
}

export function may(role: string, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
