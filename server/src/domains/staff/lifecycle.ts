import type { MemberOutcome } from '@adire/contracts';
import { normaliseEmail } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { AttemptLog } from '../../auth';
import { recordAction, type Actor } from './audit';
import { RESET_TTL_MS, type StaffCodes } from './codes';
import { resetMail } from './mail';
import { auditedMember, changeMember, deleteMember, findMember, keepAManager, toStaffMember, type StaffRow } from './members';
import { isStaffRole, STAFF_ROLES } from './roles';
import { endMemberSessions } from './sessions';

/**
 * A member's life after the invitation (issue 32): disable and enable, a new role, removal, "sign out
 * everywhere", a manager's unlock of failed logins and a password-reset code by mail. Each is one
 * audited action by a manager (or the operator's `pnpm staff …`); none may leave the shop without an
 * active manager. A disabled or removed member's sessions stop at their next request.
 */
export interface LifecycleDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  attempts: AttemptLog;
  codes: StaffCodes;
}

/** The attempt-log kinds a manager's unlock clears for the member (every client). */
export const UNLOCKED_KINDS = ['staff-login', 'staff-invite', 'staff-reset', 'staff-reset-request'] as const;

/** What an action on a member answers (the contracts' MemberOutcome). */
export type Outcome = MemberOutcome;

const iso = (ms: number) => new Date(ms).toISOString();

/** The member named by the address, or a 400 (not an address) / 404 (no such member) naming the field. */
async function mustMember(db: Db, raw: unknown): Promise<StaffRow> {
  const address = normaliseEmail(raw);
  if (!address) throw new AppError(400, 'INVALID_EMAIL', 'Please enter a valid e-mail address.', { email: 'must be a valid email address' });
  const member = await findMember(db.kysely, address);
  if (!member) throw new AppError(404, 'STAFF_NOT_FOUND', `No member of staff has the address ${address.slice(0, 120)}.`, { email: 'is not a member of staff' });
  return member;
}

/** Nothing to do (already disabled, already that role, …): a 409 that says so. */
const refuse = (message: string) => new AppError(409, 'NOTHING_TO_CHANGE', message);
const endSessions = (q: Kysely<Database>, memberId: string, now: number) => endMemberSessions(q, memberId, iso(now));

/** One change to a member, in a transaction with its audit row; the member after it. */
async function change(db: Db, actor: Actor, member: StaffRow, action: string, run: (trx: Kysely<Database>) => Promise<Partial<StaffRow>>, now: number): Promise<StaffRow> {
  return db.kysely.transaction().execute(async (trx) => {
    const set = await run(trx);
    const after = { ...member, ...set };
    if (Object.keys(set).length) await changeMember(trx, member.id, set, iso(now));
    await recordAction(trx, actor, action, member.email, { before: auditedMember(member), after: auditedMember(after) }, iso(now));
    return after;
  });
}

export function createStaffLifecycle({ db, mailer, publicUrl, attempts, codes }: LifecycleDeps) {
  return {
    async disable(actor: Actor, email: unknown, now = Date.now()): Promise<Outcome> {
      const member = await mustMember(db, email);
      if (member.disabled_at) throw refuse(`${member.email} is already disabled.`);
      const after = await change(db, actor, member, 'staff.disable', async (trx) => {
        await keepAManager(trx, db.dialect, member, actor.email);
        await endSessions(trx, member.id, now);
        return { disabled_at: iso(now) };
      }, now);
      await codes.voidAll(member.id, now);
      return { message: `${member.email} is disabled: their sessions have ended and they cannot log in until enabled again.`, member: toStaffMember(after) };
    },

    async enable(actor: Actor, email: unknown, now = Date.now()): Promise<Outcome> {
      const member = await mustMember(db, email);
      if (!member.disabled_at) throw refuse(`${member.email} is not disabled.`);
      const after = await change(db, actor, member, 'staff.enable', async () => ({ disabled_at: null }), now);
      return { message: `${member.email} is enabled again and can log in.`, member: toStaffMember(after) };
    },

    async setRole(actor: Actor, email: unknown, role: unknown, now = Date.now()): Promise<Outcome> {
      if (!isStaffRole(role)) throw new AppError(400, 'INVALID_ROLE', `The role must be one of ${STAFF_ROLES.join(' or ')}.`, { role: `must be ${STAFF_ROLES.join(' or ')}` });
      const member = await mustMember(db, email);
      if (member.role === role) throw refuse(`${member.email} is already a ${role}.`);
      const after = await change(db, actor, member, 'staff.role', async (trx) => {
        await keepAManager(trx, db.dialect, member, actor.email);
        return { role };
      }, now);
      return { message: `${member.email} is now a ${role}: it applies to their next request.`, member: toStaffMember(after) };
    },

    /** Deletes the member (sessions and codes with them); the audit keeps who they were. */
    async remove(actor: Actor, email: unknown, now = Date.now()): Promise<Outcome> {
      const member = await mustMember(db, email);
      await db.kysely.transaction().execute(async (trx) => {
        await keepAManager(trx, db.dialect, member, actor.email);
        await deleteMember(trx, member.id);
        await recordAction(trx, actor, 'staff.remove', member.email, { before: auditedMember(member), after: null }, iso(now));
      });
      return { message: `${member.email} is removed from the staff; the audit keeps what they did.`, member: null };
    },

    async signOut(actor: Actor, email: unknown, now = Date.now()): Promise<Outcome> {
      const member = await mustMember(db, email);
      const ended = await db.kysely.transaction().execute(async (trx) => {
        const done = await endSessions(trx, member.id, now);
        await recordAction(trx, actor, 'staff.sign-out', member.email, { after: { sessionsEnded: done } }, iso(now));
        return done;
      });
      return { message: `${member.email} is signed out everywhere (${ended} session${ended === 1 ? '' : 's'} ended).`, member: toStaffMember(member) };
    },

    /** Forgets the member's failed logins and wrong codes from every client. */
    async unlock(actor: Actor, email: unknown, now = Date.now()): Promise<Outcome> {
      const member = await mustMember(db, email);
      let cleared = 0;
      for (const kind of UNLOCKED_KINDS) cleared += await attempts.clearAddress(kind, member.email);
      await recordAction(db.kysely, actor, 'staff.unlock', member.email, { after: { failuresCleared: cleared } }, iso(now));
      return { message: `${member.email} can log in again: ${cleared} failed attempt${cleared === 1 ? '' : 's'} forgotten.`, member: toStaffMember(member) };
    },

    /** A reset code by mail, sent for the member by a manager (their password stays until the code is used). */
    async sendReset(actor: Actor, email: unknown, now = Date.now()): Promise<Outcome> {
      const member = await mustMember(db, email);
      if (member.disabled_at) throw refuse(`${member.email} is disabled: enable them first.`);
      if (!member.password_hash) throw refuse(`${member.email} has not set a password yet: send them a new invitation instead.`);
      await mailResetCode({ codes, mailer, publicUrl }, member, now);
      await recordAction(db.kysely, actor, 'staff.reset-sent', member.email, { after: { validMinutes: RESET_TTL_MS / 60_000 } }, iso(now));
      return { message: `A code to choose a new password is on its way to ${member.email} (valid for ${RESET_TTL_MS / 60_000} minutes).`, member: toStaffMember(member) };
    },
  };
}

/**
 * A fresh reset code for the member (earlier codes die) and its mail, with the back office's reset page.
 * `deferred` (the public request): the answer does not wait for SMTP, so its time tells nothing.
 */
export async function mailResetCode(deps: Pick<LifecycleDeps, 'codes' | 'mailer' | 'publicUrl'>, member: StaffRow, now: number, deferred = false): Promise<void> {
  const code = await deps.codes.issue(member, 'reset', now);
  const link = `${deps.publicUrl.replace(/\/$/, '')}/backoffice/reset?email=${encodeURIComponent(member.email)}`;
  await deps.mailer.send(resetMail({ to: member.email, name: member.name, code, link, validMinutes: RESET_TTL_MS / 60_000 }), { deferred });
}

export type StaffLifecycle = ReturnType<typeof createStaffLifecycle>;
