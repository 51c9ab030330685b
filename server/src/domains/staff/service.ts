import { randomUUID } from 'node:crypto';
import { verify, hash } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  addressAndClientRules,
  bearerToken,
  createAttemptLog,
  generateToken,
  hashToken,
  normaliseEmail,
  verifyPassword,
  type RateLimit,
} from '../account';
import { recordAction, type Actor } from './audit';
import { createStaffCodes, INVITE_TTL_MS, RESET_TTL_MS, type StaffCodes } from './codes';
import type { StaffConfig } from './config';
import { createStaffLifecycle, mailResetCode } from './lifecycle';
import { inviteMail } from './mail';
import { findMember, toStaffMember, type StaffMember, type StaffRow } from './members';
import { isStaffRole, STAFF_ROLES } from './roles';

export { toStaffMember, type StaffMember, type StaffRow } from './members';
export { INVITE_TTL_MS } from './codes';

export const STAFF_MESSAGES = {
  invalidCredentials: 'The e-mail or password is not right.',
  sessionEnded: 'Your back-office session has ended. Please log in again.',
  invalidEmail: 'Please enter a valid e-mail address.',
  wrongCode: 'That invitation code is not right, or it has expired. Ask a manager for a new invitation.',
  alreadyMember: 'This e-mail already belongs to a member of staff with a password.',
  unknownRole: `The role must be one of ${STAFF_ROLES.join(' or ')}.`,
  disabled: 'This staff account is disabled. Ask a manager to enable it.',
  resetSent: `If this address belongs to a member of staff, a code to choose a new password is on its way (valid for ${RESET_TTL_MS / 60_000} minutes).`,
} as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** A staff session is alive while used within the idle timeout and before its hard end. */
export function sessionAlive(session: { last_seen_at: string; expires_at: string; revoked_at: string | null }, now: number, idleMs: number): boolean {
  return session.revoked_at === null && Date.parse(session.expires_at) > now && Date.parse(session.last_seen_at) + idleMs > now;
}

/** Moving last_seen_at on every call would write on every read: once a minute is enough for a 30-minute timeout. */
export const TOUCH_EVERY_MS = 60_000;

export interface StaffSession {
  member: StaffRow;
  tokenHash: string;
}

export interface StaffServiceOptions {
  db: Db;
  mailer: Mailer;
  config: StaffConfig;
  publicUrl: string;
}

export function createStaffService({ db, mailer, config, publicUrl }: StaffServiceOptions) {
  const longest = Math.max(...Object.values(config.limits).map((l: RateLimit) => l.windowMs));
  const attempts = createAttemptLog(db, longest);
  const { limits } = config;
  const codes: StaffCodes = createStaffCodes(db, attempts, { perAddress: limits.otpValidatePerAddress, perIp: limits.otpValidatePerIp });
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hash(generateToken()));

  const email = (raw: unknown): string => {
    const normalised = normaliseEmail(raw);
    if (!normalised) throw new AppError(400, 'INVALID_EMAIL', STAFF_MESSAGES.invalidEmail, { email: 'must be a valid email address' });
    return normalised;
  };

  async function openSession(member: StaffRow, now = Date.now()): Promise<string> {
    const token = generateToken();
    await db.kysely
      .insertInto('staff_session')
      .values({ token_hash: hashToken(token), staff_id: member.id, created_at: iso(now), last_seen_at: iso(now), expires_at: iso(now + config.maxAgeMs), revoked_at: null })
      .execute();
    return token;
  }

  /** A fresh invitation code for the member (earlier ones die) and its mail. */
  async function issueInvite(member: StaffRow, invitedBy: string, now = Date.now()): Promise<void> {
    const code = await codes.issue(member, 'invite', now);
    const link = `${publicUrl.replace(/\/$/, '')}/backoffice/welcome?email=${encodeURIComponent(member.email)}`;
    await mailer.send(inviteMail({ to: member.email, name: member.name, role: member.role, code, invitedBy, link, validHours: INVITE_TTL_MS / 3_600_000 }));
  }

  /** A failed staff login in the audit, with why (never the password). */
  async function auditFailedLogin(address: string, member: StaffRow | undefined, reason: string, ip: string, now: number): Promise<void> {
    await recordAction(db.kysely, { email: address, role: member?.role ?? 'unknown', source: ip }, 'staff.login-failed', address, { after: { reason } }, iso(now));
  }

  /** Whether the password is the member's; an unknown address costs the same time. */
  async function passwordFits(member: StaffRow | undefined, password: string): Promise<boolean> {
    if (member?.password_hash) return verifyPassword(member.password_hash, password);
    await verify(await dummy(), password).catch(() => false);
    return false;
  }

  const loginRules = (address: string, ip: string) => addressAndClientRules('staff-login', address, ip, { perAddress: limits.loginPerAddress, perIp: limits.loginPerIp });

  return {
    ...createStaffLifecycle({ db, mailer, publicUrl, attempts, codes }),

    /**
     * A new member of staff (or a new code for one who has not set a password yet), with an invitation
     * by mail. Managers invite from the back office; the first manager is made by `pnpm staff add`.
     */
    async invite(actor: Actor, input: { email: unknown; role: unknown; name?: unknown }): Promise<StaffMember> {
      const address = email(input.email);
      if (!isStaffRole(input.role)) throw new AppError(400, 'INVALID_ROLE', STAFF_MESSAGES.unknownRole, { role: `must be ${STAFF_ROLES.join(' or ')}` });
      const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 120) : null;
      const now = Date.now();
      let member = await findMember(db.kysely, address);
      if (member?.password_hash) throw new AppError(409, 'STAFF_EXISTS', STAFF_MESSAGES.alreadyMember, { email: 'is already a member of staff' });
      const before = member ? toStaffMember(member) : null;
      if (member) {
        await db.kysely.updateTable('staff_member').set({ role: input.role, name: name ?? member.name, disabled_at: null, updated_at: iso(now) }).where('id', '=', member.id).execute();
        member = { ...member, role: input.role, name: name ?? member.name, disabled_at: null };
      } else {
        member = { id: randomUUID(), email: address, name, role: input.role, password_hash: null, created_at: iso(now), updated_at: iso(now), disabled_at: null };
        try {
          await db.kysely.insertInto('staff_member').values(member).execute();
        } catch (err) {
          if (await findMember(db.kysely, address)) throw new AppError(409, 'STAFF_EXISTS', STAFF_MESSAGES.alreadyMember, { email: 'is already a member of staff' });
          throw err;
        }
      }
      await issueInvite(member, actor.email, now);
      const after = toStaffMember(member);
      await recordAction(db.kysely, actor, 'staff.invite', address, { before, after });
      return after;
    },

    /** Sets the password with the invitation's code; the member is logged in. Wrong codes count per code and client. */
    async acceptInvite(input: { email: unknown; code: unknown; password: string; ip: string }): Promise<{ token: string; staff: StaffMember }> {
      const address = email(input.email);
      const member = await codes.redeem(await findMember(db.kysely, address), { ...input, address, purpose: 'invite' });
      return { token: await openSession(member), staff: toStaffMember(member) };
    },

    /** A forgotten password: the same answer whether or not the address is staff; a code by mail when it is. */
    async requestReset(input: { email: unknown; ip: string }, now = Date.now()): Promise<{ message: string }> {
      const address = email(input.email);
      await attempts.reserve(addressAndClientRules('staff-reset-request', address, input.ip, { perAddress: limits.otpRequestPerAddress, perIp: limits.otpRequestPerIp }), now);
      const member = await findMember(db.kysely, address);
      const last = member ? await codes.lastIssued(member, 'reset') : null;
      const cooling = last !== null && last + config.resetCooldownMs > now;
      if (member?.password_hash && !member.disabled_at && !cooling) {
        await mailResetCode({ codes, mailer, publicUrl }, member, now, true);
        await recordAction(db.kysely, { email: member.email, role: member.role, source: input.ip }, 'staff.reset-requested', member.email, {}, iso(now));
      } else {
        await hash(generateToken()); // the time a code's hash takes
      }
      return { message: STAFF_MESSAGES.resetSent };
    },

    /** Sets a new password with the reset code; every earlier session ends; the member is logged in. */
    async resetPassword(input: { email: unknown; code: unknown; password: string; ip: string }): Promise<{ token: string; staff: StaffMember }> {
      const address = email(input.email);
      const member = await codes.redeem(await findMember(db.kysely, address), { ...input, address, purpose: 'reset' });
      return { token: await openSession(member), staff: toStaffMember(member) };
    },

    /**
     * The shopper login's rule: failures count per address *and* client (a stranger's wrong passwords
     * never lock the member out elsewhere) and per client; every failure and success is audited.
     */
    async login(input: { email: unknown; password: string; ip: string }, now = Date.now()): Promise<{ token: string; staff: StaffMember }> {
      const address = email(input.email);
      const rules = loginRules(address, input.ip);
      const attempt = await attempts.reserve(rules, now);
      const member = await findMember(db.kysely, address);
      if (!(await passwordFits(member, input.password))) {
        await auditFailedLogin(address, member, !member ? 'not a member of staff' : member.password_hash ? 'wrong password' : 'no password set yet', input.ip, now);
        throw new AppError(401, 'INVALID_CREDENTIALS', STAFF_MESSAGES.invalidCredentials);
      }
      if (member!.disabled_at) {
        await auditFailedLogin(address, member, 'disabled', input.ip, now);
        throw new AppError(403, 'STAFF_DISABLED', STAFF_MESSAGES.disabled);
      }
      await attempts.clear(rules[0]!.bucket);
      await attempt.release();
      await recordAction(db.kysely, { email: member!.email, role: member!.role, source: input.ip }, 'staff.login', member!.email, {}, iso(now));
      return { token: await openSession(member!, now), staff: toStaffMember(member!) };
    },

    /** The staff member behind a request's bearer token, or null (unknown, revoked, idle, past its end, disabled or removed). */
    async session(request: Pick<FastifyRequest, 'headers'>, now = Date.now()): Promise<StaffSession | null> {
      const token = bearerToken(request.headers.authorization);
      if (!token) return null;
      const tokenHash = hashToken(token);
      const row = await db.kysely
        .selectFrom('staff_session')
        .innerJoin('staff_member', 'staff_member.id', 'staff_session.staff_id')
        .selectAll('staff_member')
        .select(['staff_session.last_seen_at', 'staff_session.expires_at', 'staff_session.revoked_at'])
        .where('staff_session.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.disabled_at !== null || !sessionAlive(row, now, config.idleMs)) return null;
      if (Date.parse(row.last_seen_at) + TOUCH_EVERY_MS < now) {
        await db.kysely.updateTable('staff_session').set({ last_seen_at: iso(now) }).where('token_hash', '=', tokenHash).execute();
      }
      const { last_seen_at: _seen, expires_at: _ends, revoked_at: _revoked, ...member } = row;
      return { member, tokenHash };
    },

    async logout(session: StaffSession): Promise<void> {
      await db.kysely.updateTable('staff_session').set({ revoked_at: iso(Date.now()) }).where('token_hash', '=', session.tokenHash).execute();
    },

    async list(): Promise<StaffMember[]> {
      return (await db.kysely.selectFrom('staff_member').selectAll().orderBy('email').execute()).map(toStaffMember);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
