import type { Db } from '../../../db/database';

/** How often a session's "last used" is written at most. */
export const TOUCH_EVERY_MS = 60_000;

/** Records that the session was used now, from this user agent (at most once a minute). */
export async function touchSession(db: Pick<Db, 'kysely'>, tokenHash: string, userAgent: string | undefined, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.kysely
    .updateTable('auth_session')
    .set({ last_used_at: at, user_agent: userAgent ? userAgent.slice(0, 512) : null })
    .where('token_hash', '=', tokenHash)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - TOUCH_EVERY_MS).toISOString())]))
    .execute();
}

// Sessions this process marked used in the last minute: a page load does not write for them again.
const touched = new Map<string, number>();

/**
 * A page load's handshake marks its session used (device and time for the account's Sessions page):
 * at most once a minute per session and process, after the answer, never failing the handshake.
 */
export function noteSessionUse(db: Pick<Db, 'kysely'>, tokenHash: string, userAgent: string | undefined, now: Date): void {
  const last = touched.get(tokenHash);
  if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(tokenHash, now.getTime());
  setImmediate(() => void touchSession(db, tokenHash, userAgent, now).catch(() => touched.delete(tokenHash)));
}
