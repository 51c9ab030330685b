/** The staff domain's front door (the back office's accounts, roles, API and audit): everything else here is private. */
export { staffRoutes, BACKOFFICE_PREFIX, NOT_STAFF_MESSAGE, type DomainStaffRoutes, type StaffRoutesOptions } from './routes';
export type { StaffGuard } from './guard';
export { loadStaffConfig, type StaffConfig } from './config';
export { executeStaffCommand, parseStaffCommand, StaffCommandError, STAFF_USAGE, type StaffCommand } from './operator';
export { recordAction, recordOperatorCommand, OPERATOR, type Actor } from './audit';
export { staffBody, staffDate, staffQuery, staffText } from './schemas';
export { STAFF_ROLES, permissionsOf, may, type StaffRole, type Permission } from './roles';
// Whether an address is an active member and in which role (issue 40: an order is given to a rider).
export { activeMembersOf, findMember, isActive } from './members';
