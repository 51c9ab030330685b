// The back office's own accounts (the staff domain): roles and what each may open, members, the staff
// login, invitations and password resets — the answers and request bodies of its routes, read by
// mf-backoffice. Paths: BACKOFFICE_PATHS (backoffice.ts).

/** Staff roles, stated once: the server checks every back-office call against them; the back office offers them. */
export const STAFF_ROLES = ['florist', 'manager', 'rider'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How the back office names a role where one is chosen (the Staff page's invitation and role pickers). */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, { label: string; powers: string }>> = {
  florist: { label: 'Florist', powers: 'orders, deliveries, transfers' },
  manager: { label: 'Manager', powers: 'everything' },
  rider: { label: 'Rider', powers: 'their own deliveries only' },
};

/** What a back-office call needs; the server grants them by role, the back office hides what a role may not open. */
// 'manage-orders' (issue 39): what only a manager does to an order: over-book a day, approve pay on
// delivery, cancel (and refund, export for the accountant).
export const STAFF_PERMISSIONS = ['orders', 'manage-orders', 'settings', 'catalog', 'reviews', 'staff', 'audit', 'releases'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** A member of staff as the back office sees them (GET staff, GET me, and inside every answer about a member). */
export interface StaffMember {
  email: string;
  name: string | null;
  role: StaffRole;
  /** What this role may open. */
  permissions: readonly StaffPermission[];
  /** False while an invited member has not set a password. */
  active: boolean;
  /** True while a manager has disabled the member: no login, no session. */
  disabled: boolean;
}

/** POST auth/login. */
export interface StaffLoginRequest {
  email: string;
  password: string;
}

/** POST auth/accept-invite: the invitation's code and the password chosen. */
export interface AcceptInviteRequest {
  email: string;
  code: string;
  password: string;
}

/** POST auth/reset-request: a code by mail to choose a new password. */
export interface ResetCodeRequest {
  email: string;
}

/** What a reset request answers, staff address or not. */
export interface ResetCodeAnswer {
  message: string;
}

/** POST auth/reset: the mailed code and the new password. */
export type PasswordResetRequest = AcceptInviteRequest;

/** What logging in, accepting an invitation and resetting a password answer: the session's token and who it is. */
export interface StaffSignedIn {
  token: string;
  staff: StaffMember;
}

/** POST auth/logout. */
export interface StaffLoggedOut {
  loggedOut: true;
}

/** POST staff (201): a new member, or a new code for one without a password; answered with the member. */
export interface InviteRequest {
  email: string;
  role: StaffRole;
  name?: string;
}

/** What a manager does to a member's account: POST staff/:email/<action>, no body but the business. */
export const MEMBER_ACTIONS = ['disable', 'enable', 'sign-out', 'unlock', 'reset', 'remove'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/** PUT staff/:email/role. */
export interface RoleChangeRequest {
  role: StaffRole;
}

/** What a member action or a role change answers: the sentence said, and the member after it (null once removed). */
export interface MemberOutcome {
  message: string;
  member: StaffMember | null;
}
