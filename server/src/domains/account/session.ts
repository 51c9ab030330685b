import type { User } from '@adire/contracts';
import type { FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { bearerToken, hashToken } from '../../auth';
import { noteSessionUse } from './my-account/touch';
import { toUserData, type AppUserRow } from './user-row';

export { jsonArray, toUserData, type AppUserRow } from './user-row';

export interface RequestSession {
  user: AppUserRow;
  /** The bearer token as the client sent it (it is what `User.authToken` carries). */
  token: string;
  tokenHash: string;
  /** How the session was made ('password' or 'code') and when. */
  madeBy: string;
  createdAt: string;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * The logged-in user behind a request's `Authorization: Bearer …`, or null when there is none or the
 * token is unknown, expired or revoked. For every domain that needs the shopper (cart, checkout, …).
 */
export async function userFromRequest(db: Db, request: FastifyRequest): Promise<RequestSession | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const params = [tokenHash, new Date().toISOString()];
  let row: SessionRow | undefined;
  if (db.sqlite && db.sqlite.open && !db.sqlite.inTransaction) {
    // SQLite: the statement prepared once, run directly (never beside a transaction: see Db.sqlite).
    let statement = preparedLookups.get(db.sqlite);
    if (!statement) preparedLookups.set(db.sqlite, (statement = db.sqlite.prepare(sessionLookupOf(db))));
    row = statement.get(...params) as SessionRow | undefined;
  } else {
    row = (await db.kysely.executeQuery<SessionRow>(CompiledQuery.raw(sessionLookupOf(db), params))).rows[0];
  }
  if (!row) return null;
  const { session_made_by: madeBy, session_created_at: createdAt, ...user } = row;
  return { user, token, tokenHash, madeBy, createdAt };
}

/** The user row with how and when the session was made. */
type SessionRow = AppUserRow & { session_made_by: string; session_created_at: string };

const preparedLookups = new WeakMap<NonNullable<Db['sqlite']>, { get(...params: unknown[]): unknown }>();

/**
 * The session lookup (by the token hash: the primary key) joined to its user, built and compiled once
 * per database and dialect (issue 22): every logged-in page load asks it, and building the query
 * cost more than running it. Its two parameters: the token hash, then the time now.
 */
const sessionLookups = new WeakMap<Db, string>();
function sessionLookupOf(db: Db): string {
  let text = sessionLookups.get(db);
  if (!text) {
    const compiled = db.kysely
      .selectFrom('auth_session')
      .innerJoin('app_user', 'app_user.id', 'auth_session.user_id')
      .selectAll('app_user')
      .select(['auth_session.made_by as session_made_by', 'auth_session.created_at as session_created_at'])
      .where('auth_session.token_hash', '=', '?token')
      .where('auth_session.revoked_at', 'is', null)
      .where('auth_session.expires_at', '>', '?now')
      .compile();
    if (compiled.parameters.join() !== '?token,?now') throw new Error('the session lookup must take the token hash, then the time');
    sessionLookups.set(db, (text = compiled.sql));
  }
  return text;
}

/** Like userFromRequest, but a missing or dead session is a 401. */
export async function requireUser(db: Db, request: FastifyRequest): Promise<RequestSession> {
  const session = await userFromRequest(db, request);
  if (!session) throw new AppError(401, 'UNAUTHORIZED', SESSION_ENDED_MESSAGE);
  return session;
}

/** The user data of the handshake: null unless a valid session token came with the request. */
export async function currentUser(db: Db, request: FastifyRequest): Promise<User | null> {
  const session = await userFromRequest(db, request);
  // The session's device and last use, for the account's Sessions page (issue 33).
  if (session) noteSessionUse(db, session.tokenHash, request.headers['user-agent'], new Date());
  return session ? toUserData(session.user, session.token) : null;
}
