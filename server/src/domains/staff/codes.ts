import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { addressAndClientRules, generateCode, hashPassword, hashSecret, secretMatches, verifyNothing, normaliseCode, passwordProblem, CODE_MAX_TRIES, type AttemptLog, type RateLimit } from '../../auth';
import { recordAction } from './audit';
import { changeMember, type StaffRow } from './members';
import { endMemberSessions } from './sessions';

/**
 * The staff's one-time codes, kept in `staff_invite`: an invitation's (sets the first password, 72
 * hours) and a forgotten password's (30 minutes). Wrong tries count per code *and* client: five from one
 * client end that client's tries on the code, never another's, so a stranger cannot kill the invited
 * member's code; all clients together get CODE_TOTAL_TRIES. Every try is taken before the code is
 * checked, by one atomic statement, so parallel guesses cannot slip past either count.
 */
export type CodePurpose = 'invite' | 'reset';

export const INVITE_TTL_MS = 72 * 3_600_000;
export const RESET_TTL_MS = 30 * 60_000;
/** Tries on one code from every client together: killing an invitation takes ten clients, not one. */
export const CODE_TOTAL_TRIES = CODE_MAX_TRIES * 10;

export const CODE_MESSAGES = {
  invite: {
    wrong: 'That invitation code is not right, or it has expired. Ask a manager for a new invitation.',
    tooMany: 'Too many wrong codes from this connection: this invitation code no longer works here. Ask a manager for a new invitation.',
  },
  reset: {
    wrong: 'That code is not right, or it has expired. Ask for a new code.',
    tooMany: 'Too many wrong codes from this connection: this code no longer works here. Ask for a new code.',
  },
} as const;

const iso = (ms: number) => new Date(ms).toISOString();

export interface RedeemInput {
  purpose: CodePurpose;
  address: string;
  code: unknown;
  password: string;
  ip: string;
  now?: number;
}

const latest = (db: Db, member: StaffRow, purpose: CodePurpose) =>
  db.kysely
    .selectFrom('staff_invite')
    .selectAll()
    .where('staff_id', '=', member.id)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** This client's try on the code, atomically: false once it has had CODE_MAX_TRIES. */
async function takeClientTry(db: Db, inviteId: string, client: string): Promise<boolean> {
  const row = await db.kysely
    .insertInto('staff_code_try')
    .values({ invite_id: inviteId, client: client.slice(0, 100), attempts: 1 })
    .onConflict((oc) =>
      oc
        .columns(['invite_id', 'client'])
        .doUpdateSet((eb) => ({ attempts: eb('staff_code_try.attempts', '+', 1) }))
        .where('staff_code_try.attempts', '<', CODE_MAX_TRIES),
    )
    .returning('attempts')
    .executeTakeFirst();
  return row !== undefined;
}

/** The code's try among all clients', atomically (`attempts = attempts + 1`, never a stale read). */
async function takeTotalTry(db: Db, inviteId: string): Promise<boolean> {
  const taken = await db.kysely
    .updateTable('staff_invite')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', inviteId)
    .where('attempts', '<', CODE_TOTAL_TRIES)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Sets the password, ends every earlier session, uses the code up: one transaction, or false if it was used meanwhile. */
async function setPassword(db: Db, member: StaffRow, inviteId: string, passwordHash: string, purpose: CodePurpose, ip: string, now: number): Promise<boolean> {
  const stamp = iso(now);
  return db.kysely.transaction().execute(async (trx) => {
    const used = await trx.updateTable('staff_invite').set({ consumed_at: stamp }).where('id', '=', inviteId).where('consumed_at', 'is', null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await changeMember(trx, member.id, { password_hash: passwordHash }, stamp);
    await endMemberSessions(trx, member.id, stamp);
    const action = purpose === 'invite' ? 'staff.set-password' : 'staff.reset-password';
    await recordAction(trx, { email: member.email, role: member.role, source: ip }, action, member.email, {}, stamp);
    return true;
  });
}

export function createStaffCodes(db: Db, attempts: AttemptLog, limits: { perAddress: RateLimit; perIp: RateLimit }) {
  const bucket = (purpose: CodePurpose) => `staff-${purpose}`;

  return {
    /** A fresh code of this purpose for the member (their earlier unused ones die); the code to mail. */
    async issue(member: StaffRow, purpose: CodePurpose, now = Date.now()): Promise<string> {
      const code = generateCode();
      const codeHash = await hashSecret(code);
      const ttl = purpose === 'invite' ? INVITE_TTL_MS : RESET_TTL_MS;
      await db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('staff_invite').set({ consumed_at: iso(now) }).where('staff_id', '=', member.id).where('consumed_at', 'is', null).execute();
        await trx
          .insertInto('staff_invite')
          .values({ id: randomUUID(), staff_id: member.id, code_hash: codeHash, purpose, expires_at: iso(now + ttl), attempts: 0, consumed_at: null, created_at: iso(now) })
          .execute();
      });
      return code;
    },

    /** When the member's newest code of this purpose was made (for the resend cooldown), or null. */
    async lastIssued(member: StaffRow, purpose: CodePurpose): Promise<number | null> {
      const row = await latest(db, member, purpose);
      return row ? Date.parse(row.created_at) : null;
    },

    /** Spends the time a real code costs (an unknown address answers as slowly as a known one). */
    async pretend(code: unknown): Promise<void> {
      await verifyNothing(String(code ?? ''));
    },

    /** Every unused code of the member dies (disabled, removed). */
    async voidAll(memberId: string, now = Date.now()): Promise<void> {
      await db.kysely.updateTable('staff_invite').set({ consumed_at: iso(now) }).where('staff_id', '=', memberId).where('consumed_at', 'is', null).execute();
    },

    /** A right code sets the member's password (every earlier session ends); the member then logs in. */
    async redeem(member: StaffRow | undefined, input: RedeemInput): Promise<StaffRow> {
      const now = input.now ?? Date.now();
      const problem = passwordProblem(input.password);
      if (problem) throw new AppError(400, 'WEAK_PASSWORD', problem, { password: problem.replace(/^Password /, '') });
      const rules = addressAndClientRules(bucket(input.purpose), input.address, input.ip, limits);
      const attempt = await attempts.reserve(rules, now);
      const messages = CODE_MESSAGES[input.purpose];
      const wrong = () => new AppError(400, 'INVALID_CODE', messages.wrong, { code: 'is not right or has expired' });
      const code = normaliseCode(input.code);
      const row = member && member.disabled_at === null ? await latest(db, member, input.purpose) : undefined;
      if (!member || !row || !code || Date.parse(row.expires_at) <= now) {
        await this.pretend(input.code);
        throw wrong();
      }
      if (!(await takeClientTry(db, row.id, input.ip))) throw new AppError(400, 'CODE_TOO_MANY_TRIES', messages.tooMany, { code: 'has had too many wrong tries from here' });
      if (!(await takeTotalTry(db, row.id))) throw wrong();
      if (!(await secretMatches(row.code_hash, code))) throw wrong();
      const passwordHash = await hashPassword(input.password);
      if (!(await setPassword(db, member, row.id, passwordHash, input.purpose, input.ip, now))) throw wrong();
      await attempts.clear(rules[0]!.bucket);
      await attempt.release();
      return { ...member, password_hash: passwordHash };
    },
  };
}

export type StaffCodes = ReturnType<typeof createStaffCodes>;
