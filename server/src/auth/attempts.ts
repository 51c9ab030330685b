import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { retryAfterMs, tooManyAttemptsMessage, type RateLimit } from './limits';

export interface LimitRule {
  bucket: string;
  limit: RateLimit;
}

export interface Reservation {
  /** The attempt does not count after all (a successful login, a code that was right). */
  release(): Promise<void>;
}

/**
 * The one rule of the shop's login and code limits: failures count per account *and* client, plus per
 * client whatever the account. A stranger's wrong guesses lock out that stranger, never the owner on
 * another connection; a client trying many addresses is still stopped by its own bucket.
 */
export function addressAndClientRules(kind: string, address: string, ip: string, limits: { perAddress: RateLimit; perIp: RateLimit }): LimitRule[] {
  return [
    { bucket: `${kind}:address:${address}:ip:${ip}`, limit: limits.perAddress },
    { bucket: `${kind}:ip:${ip}`, limit: limits.perIp },
  ];
}

const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;

/**
 * The shop's rate limits (logins, codes, the tracker, the mail that checkout and the newsletter send), kept in the database (table auth_attempt) so they hold across several API
 * instances and restarts: one row per counted attempt, a sliding window per bucket.
 *
 * An attempt is written *before* the work it guards (password or code check) and counted with the
 * others, so a burst of parallel requests cannot all slip under the limit; when the attempt turns out
 * not to count (success), the caller releases it.
 */
export function createAttemptLog(db: Db, longestWindowMs: number) {
  let lastHousekeeping = 0;

  // Every log shares the table: a log keeps at least a day of rows (the longest default window, the
  // newsletter's per-address limit), so one with short windows never deletes rows another still counts.
  const keepMs = Math.max(longestWindowMs, DAY_MS);

  async function housekeeping(now: number) {
    if (now - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = now;
    await db.kysely.deleteFrom('auth_attempt').where('created_at', '<', new Date(now - keepMs).toISOString()).execute();
  }

  return {
    /** Counts one attempt in every rule's bucket, or throws a 429 (nothing counted) when one is full. */
    async reserve(rules: LimitRule[], now = Date.now()): Promise<Reservation> {
      const rows = rules.map((r) => ({ id: randomUUID(), bucket: r.bucket, created_at: new Date(now).toISOString() }));
      const ids: string[] = rows.map((r) => r.id);
      const release = async () => {
        await db.kysely.deleteFrom('auth_attempt').where('id', 'in', ids).execute();
      };
      await db.kysely.insertInto('auth_attempt').values(rows).execute();
      let wait = 0;
      for (const { bucket, limit } of rules) {
        // Only the newest `max` others can decide (retryAfterMs): a bucket's read stays as small as its limit.
        const counted = await db.kysely
          .selectFrom('auth_attempt')
          .select(['id', 'created_at'])
          .where('bucket', '=', bucket)
          .where('created_at', '>', new Date(now - limit.windowMs).toISOString())
          .orderBy('created_at', 'desc')
          .limit(limit.max + ids.length)
          .execute();
        // A parallel request that started a moment later (or on a clock slightly ahead) counts as now.
        const others = counted.filter((r) => !ids.includes(r.id)).map((r) => Math.min(Date.parse(r.created_at), now));
        wait = Math.max(wait, retryAfterMs(others, limit, now));
      }
      if (wait > 0) {
        await release();
        throw new RateLimitedError(wait);
      }
      await housekeeping(now);
      return { release };
    },

    async clear(bucket: string): Promise<void> {
      await db.kysely.deleteFrom('auth_attempt').where('bucket', '=', bucket).execute();
    },

    /** Forgets an address's counted failures from every client (a manager's unlock); how many there were. */
    async clearAddress(kind: string, address: string): Promise<number> {
      const prefix = `${kind}:address:${address}:ip:`;
      // substr, not LIKE: an address may hold '_' or '%'.
      const done = await db.kysely.deleteFrom('auth_attempt').where(sql<string>`substr(bucket, 1, ${prefix.length})`, '=', prefix).executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  };
}

export type AttemptLog = ReturnType<typeof createAttemptLog>;

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(429, 'RATE_LIMITED', tooManyAttemptsMessage(waitMs));
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/** Runs a route's work; a 429 from the limits goes out with Retry-After (seconds). */
export async function withRetryAfter<T>(reply: { header(name: string, value: string): unknown }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}
