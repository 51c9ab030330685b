import { randomUUID } from 'node:crypto';
import { BRAND } from '@adire/contracts';
import type { OccasionReminder } from '@adire/contracts/account';
import type { Kysely } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { escapeHtml } from '../../../mail/html';
import type { Mailer } from '../../../mail/mailer';
import { generateToken, hashToken } from '../../../auth';
import { toReminder } from './reminder-store';

export const DEFAULT_DAYS_BEFORE = 7;
export const MAX_DAYS_BEFORE = 60;
export const MAX_REMINDERS = 50;
/** Reminder mails one account gets in a day at most (issue 38: 20 due in a week were 20 mails at once); the rest wait a day, still within their days before. */
export const REMINDER_MAILS_PER_ACCOUNT_PER_DAY = 3;
/** Reminder mails the shop sends in a day at most, whatever the number of accounts. */
export const REMINDER_MAILS_PER_DAY = 1000;
/** How often the server looks for reminders due (each instance; the claim makes each mail once). */
export const REMINDER_CHECK_EVERY_MS = 60 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** 'MM-DD' from 'YYYY-MM-DD' or 'MM-DD', or null when it is no day of a year (29 Feb is one). */
export function readMonthDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(?:\d{4}-)?(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (!days || day < 1 || day > days) return null;
  return `${pad(month)}-${pad(day)}`;
}

/** The occasion's date in a year ('02-29' is the 28th in a year without one). */
export function occasionIn(monthDay: string, year: number): string {
  const md = monthDay === '02-29' && !isLeap(year) ? '02-28' : monthDay;
  return `${year}-${md}`;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The occasion a reminder is due for on `today` (YYYY-MM-DD, the shop's day), pure: the year whose
 * occasion is at most `daysBefore` days ahead (today included, the day itself too), or null. A mail
 * missed while the server was down still goes out before the day.
 */
export function dueOccasion(monthDay: string, daysBefore: number, today: string): { year: number; date: string } | null {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const date = occasionIn(monthDay, y);
    if (addDays(date, -daysBefore) <= today && today <= date) return { year: y, date };
  }
  return null;
}

/** The shop's day in Lagos (UTC+1, no summer time). */
export const lagosDay = (now: Date) => new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

export function readReminder(body: unknown): { name: string; monthDay: string; daysBefore: number; orderId: string | null } {
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const name = typeof o.name === 'string' ? o.name.trim().replace(/\s+/g, ' ') : '';
  if (!name) fields.name = 'is required';
  else if (name.length > 80) fields.name = 'must be at most 80 characters';
  const monthDay = readMonthDay(o.date);
  if (!monthDay) fields.date = o.date === undefined || o.date === '' ? 'is required' : 'must be a date such as 2026-05-14';
  // A JSON number only (issue 38, P10): true was stored as 1 and "7" as 7.
  const daysBefore = o.daysBefore === undefined || o.daysBefore === null ? DEFAULT_DAYS_BEFORE : typeof o.daysBefore === 'number' ? o.daysBefore : NaN;
  if (!Number.isInteger(daysBefore) || daysBefore < 1 || daysBefore > MAX_DAYS_BEFORE) fields.daysBefore = `must be a whole number of days from 1 to ${MAX_DAYS_BEFORE}`;
  const orderId = typeof o.orderId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(o.orderId) ? o.orderId : null;
  if (o.orderId !== undefined && o.orderId !== null && !orderId) fields.orderId = 'is not an order';
  const [first] = Object.entries(fields);
  if (first) {
    const label = { name: 'Name', date: 'Date', daysBefore: 'Days before', orderId: 'Order' }[first[0]] ?? first[0];
    throw new AppError(400, 'VALIDATION_FAILED', `${label} ${first[1]}`, fields);
  }
  return { name, monthDay: monthDay!, daysBefore, orderId };
}

export async function listReminders(db: Pick<Db, 'kysely'>, userId: string): Promise<OccasionReminder[]> {
  const rows = await db.kysely.selectFrom('occasion_reminder').selectAll().where('user_id', '=', userId).orderBy('month_day').orderBy('created_at').execute();
  return rows.map(toReminder);
}

export async function addReminder(db: Pick<Db, 'kysely'>, userId: string, body: unknown, now: Date): Promise<OccasionReminder[]> {
  const input = readReminder(body);
  const count = await db.kysely.selectFrom('occasion_reminder').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_REMINDERS) throw new AppError(409, 'TOO_MANY_REMINDERS', `You can keep at most ${MAX_REMINDERS} reminders. Delete one first.`);
  await db.kysely
    .insertInto('occasion_reminder')
    .values({
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      month_day: input.monthDay,
      days_before: input.daysBefore,
      order_id: input.orderId,
      stop_token_hash: hashToken(generateToken()), // replaced by the token of each mail (stop link)
      stopped_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return listReminders(db, userId);
}

export async function deleteReminder(db: Pick<Db, 'kysely'>, userId: string, id: string): Promise<OccasionReminder[]> {
  const gone = await db.kysely.deleteFrom('occasion_reminder').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(gone.numDeletedRows) !== 1) throw new AppError(404, 'NOT_FOUND', 'That reminder is not one of yours.');
  return listReminders(db, userId);
}

/** Every reminder of the account, at its deletion (inside its transaction). */
export async function eraseReminders(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('occasion_reminder').where('user_id', '=', userId).execute();
}

/** The stop link's token: no login, one click; an unknown token is a 404, a second click the same answer. */
export async function stopReminder(db: Pick<Db, 'kysely'>, token: unknown, now: Date): Promise<{ name: string }> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw new AppError(400, 'VALIDATION_FAILED', 'This stop link is not complete. Please open the link from the e-mail again.', { token: 'is not valid' });
  const row = await db.kysely.selectFrom('occasion_reminder').select(['id', 'name', 'stopped_at']).where('stop_token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', 'This reminder no longer exists.');
  if (!row.stopped_at) await db.kysely.updateTable('occasion_reminder').set({ stopped_at: now.toISOString() }).where('id', '=', row.id).execute();
  return { name: row.name };
}

export function reminderMail(input: { to: string; name: string; date: string; publicUrl: string; stopToken: string }) {
  const day = new Date(`${input.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const shop = `${input.publicUrl}/account`;
  const stop = `${input.publicUrl}/account/reminders/stop?token=${encodeURIComponent(input.stopToken)}`;
  // The shopper's words never in a subject (issue 38: "URGENT: your bank card is blocked…" went out under the shop's name).
  const subject = `A date you asked us to remind you of: ${day}`;
  const text = `${input.name} is on ${day}.\n\nSend flowers again, or choose new ones: ${shop}\n\nStop this reminder (no login needed): ${stop}\n\n${BRAND}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Helvetica,Arial,sans-serif;color:#2b2118;line-height:1.5">
<p style="font-size:20px;font-weight:bold;color:#8a1c3b">${escapeHtml(BRAND)}</p>
<p><strong>${escapeHtml(input.name)}</strong> is on ${escapeHtml(day)}.</p>
<p><a href="${escapeHtml(shop)}">Send your last order again, or choose new flowers</a></p>
<p style="font-size:13px;color:#6b5a4c">Not needed any more? <a href="${escapeHtml(stop)}">Stop this reminder</a> (no login needed).</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}

/** How many reminders are due today and not yet mailed this year (the metrics' `shop_reminders_due`). */
export async function countDueReminders(db: Pick<Db, 'kysely'>, now: Date): Promise<number> {
  const today = lagosDay(now);
  const rows = await db.kysely.selectFrom('occasion_reminder').select(['month_day', 'days_before', 'last_sent_year']).where('stopped_at', 'is', null).execute();
  return rows.filter((r) => {
    const due = dueOccasion(r.month_day, Number(r.days_before), today);
    return due !== null && Number(r.last_sent_year) < due.year;
  }).length;
}

/**
 * Mails every reminder due today, once per occasion per year: each is claimed first (its year written
 * where it was older — of two instances, one wins the row), then its mail is kept in the outbox with a
 * fresh stop link. The state is in the database, so a restart sends nothing twice. Returns the number mailed.
 */
export async function sendDueReminders(db: Pick<Db, 'kysely'>, mailer: Mailer, options: { now: Date; publicUrl: string }): Promise<number> {
  const today = lagosDay(options.now);
  // Mailed today already, per account and in all: the limits (a reminder past them waits for tomorrow).
  const sentToday = await db.kysely
    .selectFrom('occasion_reminder')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('last_sent_on', '=', today)
    .groupBy('user_id')
    .execute();
  const perAccount = new Map(sentToday.map((r) => [r.user_id, Number(r.n)]));
  let inAll = sentToday.reduce((n, r) => n + Number(r.n), 0);
  const rows = await db.kysely
    .selectFrom('occasion_reminder')
    .innerJoin('app_user', 'app_user.id', 'occasion_reminder.user_id')
    .select(['occasion_reminder.id', 'occasion_reminder.user_id', 'occasion_reminder.name', 'occasion_reminder.month_day', 'occasion_reminder.days_before', 'occasion_reminder.last_sent_year', 'app_user.email'])
    .where('occasion_reminder.stopped_at', 'is', null)
    // Only to a proven address (issue 38, item 5): an unverified account's reminders wait, unsent.
    .where('app_user.email_verified_at', 'is not', null)
    .execute();
  let sent = 0;
  for (const r of rows) {
    const due = dueOccasion(r.month_day, Number(r.days_before), today);
    if (!due || Number(r.last_sent_year) >= due.year) continue;
    if (inAll >= REMINDER_MAILS_PER_DAY) break;
    if ((perAccount.get(r.user_id) ?? 0) >= REMINDER_MAILS_PER_ACCOUNT_PER_DAY) continue;
    const stopToken = generateToken();
    const claimed = await db.kysely
      .updateTable('occasion_reminder')
      .set({ last_sent_year: due.year, last_sent_on: today, stop_token_hash: hashToken(stopToken) })
      .where('id', '=', r.id)
      .where('last_sent_year', '<', due.year)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await mailer.send(reminderMail({ to: r.email, name: r.name, date: due.date, publicUrl: options.publicUrl, stopToken }), { deferred: true });
    perAccount.set(r.user_id, (perAccount.get(r.user_id) ?? 0) + 1);
    inAll++;
    sent++;
  }
  return sent;
}
