import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '@adire/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { addressAndClientRules, createAttemptLog, generateToken, hashSecret, verifyNothing, verifyPassword, type AttemptLog, type RateLimit } from '../../auth';
import { recordAction, type Actor } from './audit';
import { createStaffCodes, INVITE_TTL_MS, RESET_TTL_MS, type StaffCodes } from './codes';
import type { StaffConfig } from './config';
import { createStaffLifecycle, mailResetCode } from './lifecycle';
import { inviteMail } from './mail';
import { changeMember, findMember, insertMember, toStaffMember, type StaffMember, type StaffRow } from './members';
import { isStaffRole, STAFF_ROLES } from './roles';
import { endSession, findSession, openSession, type StaffSession } from './sessions';

export { toStaffMember, type StaffMember, type StaffRow } from './members';
export { INVITE_TTL_MS } from './codes';
export type { StaffSession } from './sessions';

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

export interface StaffServiceOptions {
  db: Db;
  mailer: Mailer;
  config: StaffConfig;
  publicUrl: string;
}

/** What every staff call works with. */
interface Ctx extends StaffServiceOptions {
  attempts: AttemptLog;
  codes: StaffCodes;
  /** Compared against when the address is no member's, so a miss costs what a hit costs. */
}

const email = (raw: unknown): string => {
  const normalised = normaliseEmail(raw);
  if (!normalised) throw new AppError(400, 'INVALID_EMAIL', STAFF_MESSAGES.invalidEmail, { email: 'must be a valid email address' });
  return normalised;
};

const alreadyMember = () => new AppError(409, 'STAFF_EXISTS', STAFF_MESSAGES.alreadyMember, { email: 'is already a member of staff' });

/** A fresh invitation code for the member (earlier ones die) and its mail. */
async function issueInvite(ctx: Ctx, member: StaffRow, invitedBy: string, now = Date.now()): Promise<void> {
  const code = await ctx.codes.issue(member, 'invite', now);
  const link = `${ctx.publicUrl.replace(/\/$/, '')}/backoffice/welcome?email=${encodeURIComponent(member.email)}`;
  await ctx.mailer.send(inviteMail({ to: member.email, name: member.name, role: member.role, code, invitedBy, link, validHours: INVITE_TTL_MS / 3_600_000 }));
}

/** The invited member's row: one without a password yet gets the new role and name back (and is enabled), else a new row. */
async function invitedMember(ctx: Ctx, address: string, role: StaffRow['role'], name: string | null, now: number): Promise<{ before: StaffMember | null; member: StaffRow }> {
  const found = await findMember(ctx.db.kysely, address);
  if (found?.password_hash) throw alreadyMember();
  if (found) {
    await changeMember(ctx.db.kysely, found.id, { role, name: name ?? found.name, disabled_at: null }, iso(now));
    return { before: toStaffMember(found), member: { ...found, role, name: name ?? found.name, disabled_at: null } };
  }
  const member: StaffRow = { id: randomUUID(), email: address, name, role, password_hash: null, created_at: iso(now), updated_at: iso(now), disabled_at: null };
  try {
    await insertMember(ctx.db.kysely, member);
  } catch (err) {
    if (await findMember(ctx.db.kysely, address)) throw alreadyMember();
    throw err;
  }
  return { before: null, member };
}

/**
 * A new member of staff (or a new code for one who has not set a password yet), with an invitation
 * by mail. Managers invite from the back office; the first manager is made by `pnpm staff add`.
 */
async function invite(ctx: Ctx, actor: Actor, input: { email: unknown; role: unknown; name?: unknown }): Promise<StaffMember> {
  const address = email(input.email);
  if (!isStaffRole(input.role)) throw new AppError(400, 'INVALID_ROLE', STAFF_MESSAGES.unknownRole, { role: `must be ${STAFF_ROLES.join(' or ')}` });
  const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 120) : null;
  const now = Date.now();
  const { before, member } = await invitedMember(ctx, address, input.role, name, now);
  await issueInvite(ctx, member, actor.email, now);
  const after = toStaffMember(member);
  await recordAction(ctx.db.kysely, actor, 'staff.invite', address, { before, after });
  return after;
}

type CodeInput = { email: unknown; code: unknown; password: string; ip: string };

/**
 * Sets the password with the invitation's (or the reset's) code; the member is logged in. Wrong codes
 * count per code and client; a reset ends every earlier session.
 */
async function redeem(ctx: Ctx, input: CodeInput, purpose: 'invite' | 'reset'): Promise<{ token: string; staff: StaffMember }> {
  const address = email(input.email);
  const member = await ctx.codes.redeem(await findMember(ctx.db.kysely, address), { ...input, address, purpose });
  return { token: await openSession(ctx.db, member, ctx.config.maxAgeMs), staff: toStaffMember(member) };
}

/** A forgotten password: the same answer whether or not the address is staff; a code by mail when it is. */
async function requestReset(ctx: Ctx, input: { email: unknown; ip: string }, now = Date.now()): Promise<{ message: string }> {
  const { limits } = ctx.config;
  const address = email(input.email);
  await ctx.attempts.reserve(addressAndClientRules('staff-reset-request', address, input.ip, { perAddress: limits.otpRequestPerAddress, perIp: limits.otpRequestPerIp }), now);
  const member = await findMember(ctx.db.kysely, address);
  const last = member ? await ctx.codes.lastIssued(member, 'reset') : null;
  const cooling = last !== null && last + ctx.config.resetCooldownMs > now;
  if (member?.password_hash && !member.disabled_at && !cooling) {
    await mailResetCode(ctx, member, now, true);
    await recordAction(ctx.db.kysely, { email: member.email, role: member.role, source: input.ip }, 'staff.reset-requested', member.email, {}, iso(now));
  } else {
    await hashSecret(generateToken()); // the time a code's hash takes
  }
  return { message: STAFF_MESSAGES.resetSent };
}

/** A failed login of a member in the audit, with why (never the password). */
async function auditFailedLogin(ctx: Ctx, address: string, member: StaffRow, reason: string, ip: string, now: number): Promise<void> {
  await recordAction(ctx.db.kysely, { email: address, role: member.role, source: ip }, 'staff.login-failed', address, { after: { reason } }, iso(now));
}

/** Whether the password is the member's; an unknown address costs the same time. */
async function passwordFits(ctx: Ctx, member: StaffRow | undefined, password: string): Promise<boolean> {
  if (member?.password_hash) return verifyPassword(member.password_hash, password);
  return verifyNothing(password);
}

/**
 * The shopper login's rule: failures count per address *and* client (a stranger's wrong passwords
 * never lock the member out elsewhere) and per client; every failure and success is audited.
 */
async function login(ctx: Ctx, input: { email: unknown; password: string; ip: string }, now = Date.now()): Promise<{ token: string; staff: StaffMember }> {
  const { limits } = ctx.config;
  const address = email(input.email);
  const rules = addressAndClientRules('staff-login', address, input.ip, { perAddress: limits.loginPerAddress, perIp: limits.loginPerIp });
  const attempt = await ctx.attempts.reserve(rules, now);
  const member = await findMember(ctx.db.kysely, address);
  if (!(await passwordFits(ctx, member, input.password))) {
    // Members only (issue 38, P9): an address that is no member's would write a permanent row per guess
    // for anyone's made-up addresses; its failures are still counted by the limits.
    if (member) await auditFailedLogin(ctx, address, member, member.password_hash ? 'wrong password' : 'no password set yet', input.ip, now);
    throw new AppError(401, 'INVALID_CREDENTIALS', STAFF_MESSAGES.invalidCredentials);
  }
  if (member!.disabled_at) {
    await auditFailedLogin(ctx, address, member!, 'disabled', input.ip, now);
    throw new AppError(403, 'STAFF_DISABLED', STAFF_MESSAGES.disabled);
  }
  await ctx.attempts.clear(rules[0]!.bucket);
  await attempt.release();
  await recordAction(ctx.db.kysely, { email: member!.email, role: member!.role, source: input.ip }, 'staff.login', member!.email, {}, iso(now));
  return { token: await openSession(ctx.db, member!, ctx.config.maxAgeMs, now), staff: toStaffMember(member!) };
}

async function list(ctx: Ctx): Promise<StaffMember[]> {
  return (await ctx.db.kysely.selectFrom('staff_member').selectAll().orderBy('email').execute()).map(toStaffMember);
}

export function createStaffService({ db, mailer, config, publicUrl }: StaffServiceOptions) {
  const { limits } = config;
  const attempts = createAttemptLog(db, Math.max(...Object.values(limits).map((l: RateLimit) => l.windowMs)));
  const codes = createStaffCodes(db, attempts, { perAddress: limits.otpValidatePerAddress, perIp: limits.otpValidatePerIp });
  const ctx: Ctx = { db, mailer, config, publicUrl, attempts, codes };
  return {
    ...createStaffLifecycle({ db, mailer, publicUrl, attempts, codes }),
    invite: (actor: Actor, input: Parameters<typeof invite>[2]) => invite(ctx, actor, input),
    acceptInvite: (input: CodeInput) => redeem(ctx, input, 'invite'),
    requestReset: (input: { email: unknown; ip: string }, now?: number) => requestReset(ctx, input, now),
    resetPassword: (input: CodeInput) => redeem(ctx, input, 'reset'),
    login: (input: Parameters<typeof login>[1], now?: number) => login(ctx, input, now),
    session: (request: Pick<FastifyRequest, 'headers'>, now?: number): Promise<StaffSession | null> => findSession(db, config.idleMs, request, now),
    logout: (session: StaffSession) => endSession(db, session),
    list: () => list(ctx),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
