import type { Db } from '../db/database';

/**
 * What waits to leave by SMTP (for the metrics, issue 41): mail not yet accepted by the SMTP server
 * that will still be tried (never tried yet, or a next attempt planned), and how old the oldest is.
 * Mail kept in the embedded outbox only, delivered mail and mail given up on are not waiting.
 */
export async function mailQueue(db: Pick<Db, 'kysely'>, now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = await db.kysely
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll().as('depth'), eb.fn.min('created_at').as('oldest')])
    .where('transport', '=', 'smtp')
    .where('delivered_at', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', 'is not', null), eb('attempts', '=', 0)]))
    .executeTakeFirst();
  const depth = Number(row?.depth ?? 0);
  const oldest = row?.oldest ? Date.parse(String(row.oldest)) : NaN;
  return { depth, oldestAgeSeconds: depth > 0 && Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0 };
}
