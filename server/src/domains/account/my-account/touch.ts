import type { Db } from '../../../db/database';
import { touchSession, TOUCH_EVERY_MS } from '../store';

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
