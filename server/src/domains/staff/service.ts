import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StaffMemberTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  bearerToken,
  createAttemptLog,
  generateCode,
  generateToken,
  hashPassword,
  hashToken,
  normaliseCode,
  normaliseEmail,
  passwordProblem,
  verifyPassword,
  CODE_MAX_TRIES,
  type RateLimit,
} from '../account';
import { recordAction, type Actor } from './audit';
import type { StaffConfig } from './config';
import { inviteMail } from './mail';
import { isStaffRole, permissionsOf, STAFF_ROLES, type StaffRole } from './roles';

export type StaffRow = Selectable<StaffMemberTable>;

/** A staff member as the back office sees them. */
export interface StaffMember {
  email: string;
  name: string | null;
  role: StaffRole;
  permissions: readonly string[];
  /** False while an invited member has not set a password. */
  active: boolean;
}

export const toStaffMember = (row: StaffRow): StaffMember => ({
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  permissions: permissionsOf(row.role),
  active: row.password_hash !== null,
});

export const STAFF_MESSAGES = {
  invalidCredentials: 'The e-mail or password is not right.',
  sessionEnded: 'Your back-office session has ended. Please log in again.',
  invalidEmail: 'Please enter a valid e-mail address.',
  wrongCode: 'That invitation code is not right, or it has expired. Ask a manager for a new invitation.',
  alreadyMember: 'This e-mail already belongs to a member of staff with a password.',
  unknownRole: `The role must be one of ${STAFF_ROLES.join(' or ')}.`,
} as const;

/** An invitation's code lasts three days (a shopper's one-time password lasts ten minutes). */
export const INVITE_TTL_MS = 72 * 3_600_000;

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
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hash(generateToken()));

  const email = (raw: unknown): string => {
    const normalised = normaliseEmail(raw);
    if (!normalised) throw new AppError(400, 'INVALID_EMAIL', STAFF_MESSAGES.invalidEmail, { email: 'must be a valid email address' });
    return normalised;
  };
  const findMember = (address: string) => db.kysely.selectFrom('staff_member').selectAll().where('email', '=', address).executeTakeFirst();

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
    const code = generateCode();
    const codeHash = await hash(code);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('staff_invite').set({ consumed_at: iso(now) }).where('staff_id', '=', member.id).where('consumed_at', 'is', null).execute();
      await trx
        .insertInto('staff_invite')
        .values({ id: randomUUID(), staff_id: member.id, code_hash: codeHash, expires_at: iso(now + INVITE_TTL_MS), attempts: 0, consumed_at: null, created_at: iso(now) })
        .execute();
    });
    const link = `${publicUrl.replace(/\/$/, '')}/backoffice/welcome?email=${encodeURIComponent(member.email)}`;
    await mailer.send(inviteMail({ to: member.email, name: member.name, role: member.role, code, invitedBy, link, validHours: INVITE_TTL_MS / 3_600_000 }));
  }

  return {
    /**
     * A new member of staff (or a new code for one who has not set a password yet), with an invitation
     * by mail. Managers invite from the back office; the first manager is made by `pnpm staff add`.
     */
    async invite(actor: Actor, input: { email: unknown; role: unknown; name?: unknown }): Promise<StaffMember> {
      const address = email(input.email);
      if (!isStaffRole(input.role)) throw new AppError(400, 'INVALID_ROLE', STAFF_MESSAGES.unknownRole, { role: `must be ${STAFF_ROLES.join(' or ')}` });
      const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 120) : null;
      const now = Date.now();
      let member = await findMember(address);
      if (member?.password_hash) throw new AppError(409, 'STAFF_EXISTS', STAFF_MESSAGES.alreadyMember, { email: 'is already a member of staff' });
      const before = member ? toStaffMember(member) : null;
      if (member) {
        await db.kysely.updateTable('staff_member').set({ role: input.role, name: name ?? member.name, updated_at: iso(now) }).where('id', '=', member.id).execute();
        member = { ...member, role: input.role, name: name ?? member.name };
      } else {
        member = { id: randomUUID(), email: address, name, role: input.role, password_hash: null, created_at: iso(now), updated_at: iso(now) };
        try {
          await db.kysely.insertInto('staff_member').values(member).execute();
        } catch (err) {
          if (await findMember(address)) throw new AppError(409, 'STAFF_EXISTS', STAFF_MESSAGES.alreadyMember, { email: 'is already a member of staff' });
          throw err;
        }
      }
      await issueInvite(member, actor.email, now);
      const after = toStaffMember(member);
      await recordAction(db.kysely, actor, 'staff.invite', address, { before, after });
      return after;
    },

    /** Sets the password with the invitation's code; the member is logged in. Wrong codes count like a shopper's. */
    async acceptInvite(input: { email: unknown; code: unknown; password: string; ip: string }): Promise<{ token: string; staff: StaffMember }> {
      const address = email(input.email);
      const problem = passwordProblem(input.password);
      if (problem) throw new AppError(400, 'WEAK_PASSWORD', problem, { password: problem.replace(/^Password /, '') });
      const attempt = await attempts.reserve([
        { bucket: `staff-invite:address:${address}`, limit: config.limits.otpValidatePerAddress },
        { bucket: `staff-invite:ip:${input.ip}`, limit: config.limits.otpValidatePerIp },
      ]);
      const wrong = () => new AppError(400, 'INVALID_CODE', STAFF_MESSAGES.wrongCode, { code: 'is not right or has expired' });
      const code = normaliseCode(input.code);
      const member = await findMember(address);
      const invite = member
        ? await db.kysely
            .selectFrom('staff_invite')
            .selectAll()
            .where('staff_id', '=', member.id)
            .where('consumed_at', 'is', null)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
      const now = Date.now();
      if (!member || !invite || !code || Date.parse(invite.expires_at) <= now || invite.attempts >= CODE_MAX_TRIES) {
        await verify(await dummy(), String(input.code ?? '')).catch(() => false);
        throw wrong();
      }
      if (!(await verify(invite.code_hash, code).catch(() => false))) {
        await db.kysely.updateTable('staff_invite').set({ attempts: invite.attempts + 1 }).where('id', '=', invite.id).execute();
        throw wrong();
      }
      const passwordHash = await hashPassword(input.password);
      const stamp = iso(now);
      const claimed = await db.kysely.transaction().execute(async (trx) => {
        const used = await trx.updateTable('staff_invite').set({ consumed_at: stamp }).where('id', '=', invite.id).where('consumed_at', 'is', null).executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
        await trx.updateTable('staff_member').set({ password_hash: passwordHash, updated_at: stamp }).where('id', '=', member.id).execute();
        // A new password ends every earlier session of the member.
        await trx.updateTable('staff_session').set({ revoked_at: stamp }).where('staff_id', '=', member.id).where('revoked_at', 'is', null).execute();
        await recordAction(trx, { email: member.email, role: member.role, source: input.ip }, 'staff.set-password', member.email, {}, stamp);
        return true;
      });
      if (!claimed) throw wrong();
      await attempt.release();
      const row = { ...member, password_hash: passwordHash };
      return { token: await openSession(row, now), staff: toStaffMember(row) };
    },

    /** The shopper login's rule: failures count per address and per client; a success clears the address. */
    async login(input: { email: unknown; password: string; ip: string }): Promise<{ token: string; staff: StaffMember }> {
      const address = email(input.email);
      const attempt = await attempts.reserve([
        { bucket: `staff-login:address:${address}`, limit: config.limits.loginPerAddress },
        { bucket: `staff-login:ip:${input.ip}`, limit: config.limits.loginPerIp },
      ]);
      const member = await findMember(address);
      const ok = member?.password_hash ? await verifyPassword(member.password_hash, input.password) : (await verify(await dummy(), input.password).catch(() => false)) && false;
      if (!member || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', STAFF_MESSAGES.invalidCredentials);
      await attempts.clear(`staff-login:address:${address}`);
      await attempt.release();
      await recordAction(db.kysely, { email: member.email, role: member.role, source: input.ip }, 'staff.login', member.email, {});
      return { token: await openSession(member), staff: toStaffMember(member) };
    },

    /** The staff member behind a request's bearer token, or null (unknown, revoked, idle or past its end). */
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
      if (!row || !sessionAlive(row, now, config.idleMs)) return null;
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
