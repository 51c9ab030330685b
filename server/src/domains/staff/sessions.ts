import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { bearerToken, generateToken, hashToken } from '../../auth';
import type { StaffRow } from './members';

/**
 * The back office's sessions (staff_session): opened by a login or a redeemed code, alive while used
 * within the idle timeout and before their hard end, revoked by a logout. Only a token's hash is stored.
 * This module is staff_session's one writer (issue 30, item 3).
 */
export interface StaffSession {
  member: StaffRow;
  tokenHash: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A staff session is alive while used within the idle timeout and before its hard end. */
export function sessionAlive(session: { last_seen_at: string; expires_at: string; revoked_at: string | null }, now: number, idleMs: number): boolean {
  return session.revoked_at === null && Date.parse(session.expires_at) > now && Date.parse(session.last_seen_at) + idleMs > now;
}

/** Moving last_seen_at on every call would write on every read: once a minute is enough for a 30-minute timeout. */
export const TOUCH_EVERY_MS = 60_000;

/** A new session for the member: the token to hand out. */
export async function openSession(db: Db, member: StaffRow, maxAgeMs: number, now = Date.now()): Promise<string> {
  const token = generateToken();
  await db.kysely
    .insertInto('staff_session')
    .values({ token_hash: hashToken(token), staff_id: member.id, created_at: iso(now), last_seen_at: iso(now), expires_at: iso(now + maxAgeMs), revoked_at: null })
    .execute();
  return token;
}

/** The staff member behind a request's bearer token, or null (unknown, revoked, idle, past its end, disabled or removed). */
export async function findSession(db: Db, idleMs: number, request: Pick<FastifyRequest, 'headers'>, now = Date.now()): Promise<StaffSession | null> {
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
  if (!row || row.disabled_at !== null || !sessionAlive(row, now, idleMs)) return null;
  if (Date.parse(row.last_seen_at) + TOUCH_EVERY_MS < now) {
    await db.kysely.updateTable('staff_session').set({ last_seen_at: iso(now) }).where('token_hash', '=', tokenHash).execute();
  }
  const { last_seen_at: _seen, expires_at: _ends, revoked_at: _revoked, ...member } = row;
  return { member, tokenHash };
}

export async function endSession(db: Db, session: StaffSession): Promise<void> {
  await db.kysely.updateTable('staff_session').set({ revoked_at: iso(Date.now()) }).where('token_hash', '=', session.tokenHash).execute();
}

/** Ends every live session of a member, in the caller's transaction; how many were ended. */
export async function endMemberSessions(q: Kysely<Database>, memberId: string, at: string): Promise<number> {
  const ended = await q.updateTable('staff_session').set({ revoked_at: at }).where('staff_id', '=', memberId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(ended.numUpdatedRows);
}
