import { createHash } from 'node:crypto';
import type { AccountSession } from '@adire/contracts/account';
import type { Db } from '../../../db/database';
import { AppError } from '../../../http/errors';
import type { RequestSession } from '../session';
import { deviceLabel } from './device';

/** A session's public id: derived from its token hash, never the token or the hash itself. */
export const sessionId = (tokenHash: string) => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 20);

export { touchSession } from './touch';

async function liveSessions(db: Pick<Db, 'kysely'>, userId: string, now: Date) {
  return db.kysely
    .selectFrom('auth_session')
    .select(['token_hash', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .execute();
}

/** The shopper's live sessions, the one asking first, then the most recently used. */
export async function listSessions(db: Pick<Db, 'kysely'>, session: RequestSession, now: Date): Promise<AccountSession[]> {
  const rows = await liveSessions(db, session.user.id, now);
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
  const rows = await liveSessions(db, session.user.id, now);
  const row = rows.find((r) => sessionId(r.token_hash) === id);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'That session is not one of yours, or it has already ended.');
  await db.kysely
    .updateTable('auth_session')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', row.token_hash)
    .where('user_id', '=', session.user.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Signs out every session of the shopper but the one asking; the number ended. */
export async function signOutOthers(db: Pick<Db, 'kysely'>, session: RequestSession, now: Date): Promise<number> {
  const result = await db.kysely
    .updateTable('auth_session')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', session.user.id)
    .where('token_hash', '!=', session.tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
