import { createHash } from 'node:crypto';
import type { AccountSession } from '@adire/contracts/account';
import type { Db } from '../../../db/database';
import { AppError } from '../../../http/errors';
import type { RequestSession } from '../session';
import { endOtherSessions, endSession, liveSessionRows } from '../store';
import { deviceLabel } from './device';

/** A session's public id: derived from its token hash, never the token or the hash itself. */
export const sessionId = (tokenHash: string) => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 20);


/** The shopper's live sessions, the one asking first, then the most recently used. */
export async function listSessions(db: Pick<Db, 'kysely'>, session: RequestSession, now: Date): Promise<AccountSession[]> {
  const rows = await liveSessionRows(db, session.user.id, now);
  return rows
    .map((r) => ({
      id: sessionId(r.token_hash),
      device: deviceLabel(r.user_agent),
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at ?? r.created_at,
      current: r.token_hash === session.tokenHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Signs one of the shopper's own sessions out; another shopper's or an unknown id is a 404. */
export async function signOutSession(db: Pick<Db, 'kysely'>, session: RequestSession, id: string, now: Date): Promise<void> {
  const rows = await liveSessionRows(db, session.user.id, now);
  const row = rows.find((r) => sessionId(r.token_hash) === id);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'That session is not one of yours, or it has already ended.');
  await endSession(db.kysely, row.token_hash, now, session.user.id);
}

/** Signs out every session of the shopper but the one asking; the number ended. */
export async function signOutOthers(db: Pick<Db, 'kysely'>, session: RequestSession, now: Date): Promise<number> {
  return endOtherSessions(db.kysely, session.user.id, session.tokenHash, now);
}
