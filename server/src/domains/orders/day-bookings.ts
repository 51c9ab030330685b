import type { CheckoutSettings, DayFullDetails, DayPlace } from '@adire/contracts';
import { addDays } from '@adire/domain';
import { dayCapacity, dayFullMessage, deliveryDay, placeLeft } from '@adire/domain/days';
import { shortDay } from '@adire/domain';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * Places on delivery days (issue 29), modelled on limited stock (stock.ts). A checked-out order holds
 * a place on its day for its place (a delivery state or a pick-up branch) for as long as its stock
 * hold lasts, takes it for good once paid, and gives it back when it moves to another day. Every step
 * runs inside the caller's transaction, with the order row locked first and then the day's lock row
 * (`day_booking_lock`, FOR UPDATE on PostgreSQL; SQLite has one writer and `BEGIN IMMEDIATE`), so the
 * count and the hold cannot be split by another shopper: no day ever holds more than its capacity.
 * A transaction locks one day's row at most, so two never wait for each other's; a day without a
 * capacity is recorded without a lock (nothing to count against).
 */

type Q = Kysely<Database>;

/** How many open days a DAY_FULL suggests, looked for in the days after the full one. */
export const NEXT_OPEN_DAYS = 3;
const NEXT_OPEN_LOOKAHEAD = 21;
/** A hold with less than this left is renewed like a new one (counted under the day's lock). */
export const RENEWAL_MARGIN_MS = 60_000;

/** A live booking: taken for good, or held until after `now`. */
const live = (now: Date) => sql<boolean>`(held_until is null or held_until > ${now.toISOString()})`;

/** Places on `date` for `place` taken or held (not lapsed) at `now`, by orders other than `except`. */
export async function countBooked(q: Q, date: string, place: DayPlace, now: Date, except?: string): Promise<number> {
  const row = await q
    .selectFrom('day_booking')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('date', '=', date)
    .where('place', '=', place)
    .where(live(now))
    .$if(!!except, (qb) => qb.where('order_id', '!=', except!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Places booked per day from `from` to `to` (inclusive) for one place: one grouped query. */
export async function bookedByDay(q: Q, from: string, to: string, place: DayPlace, now: Date): Promise<Map<string, number>> {
  const rows = await q
    .selectFrom('day_booking')
    .select((eb) => ['date', eb.fn.countAll<number | string>().as('n')])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('place', '=', place)
    .where(live(now))
    .groupBy('date')
    .execute();
  return new Map(rows.map((r) => [r.date, Number(r.n)]));
}

export interface PlaceCounts {
  taken: number;
  held: number;
}

/** Taken and held places per day and place from `from` to `to`, every place: one grouped query (the back office). */
export async function loadByDay(q: Q, from: string, to: string, now: Date): Promise<Map<string, Map<string, PlaceCounts>>> {
  const rows = await q
    .selectFrom('day_booking')
    .select((eb) => [
      'date',
      'place',
      eb.fn.sum<number | string>(sql`case when held_until is null then 1 else 0 end`).as('taken'),
      eb.fn.sum<number | string>(sql`case when held_until is null then 0 else 1 end`).as('held'),
    ])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where(live(now))
    .groupBy(['date', 'place'])
    .execute();
  const days = new Map<string, Map<string, PlaceCounts>>();
  for (const r of rows) {
    const day = days.get(r.date) ?? new Map<string, PlaceCounts>();
    day.set(r.place, { taken: Number(r.taken), held: Number(r.held) });
    days.set(r.date, day);
  }
  return days;
}

/** The lock row of (date, place), made on first use, then locked for the rest of the transaction. */
async function lockDay(trx: Q, dialect: Db['dialect'], date: string, place: DayPlace): Promise<void> {
  await trx
    .insertInto('day_booking_lock')
    .values({ date, place })
    .onConflict((oc) => oc.columns(['date', 'place']).doNothing())
    .execute();
  if (dialect === 'postgres') await trx.selectFrom('day_booking_lock').select('date').where('date', '=', date).where('place', '=', place).forUpdate().execute();
}

/** The next open days for `place` after `date` (at most NEXT_OPEN_DAYS), for the shopper who found it full. */
export async function nextOpenDays(q: Q, date: string, place: DayPlace, now: Date, settings: CheckoutSettings): Promise<string[]> {
  const from = addDays(date, 1);
  const to = addDays(date, NEXT_OPEN_LOOKAHEAD);
  const booked = await bookedByDay(q, from, to, place, now);
  const open: string[] = [];
  for (let day = from; day <= to && open.length < NEXT_OPEN_DAYS; day = addDays(day, 1)) {
    if (deliveryDay(day, place, now, settings, booked.get(day) ?? 0).open) open.push(day);
  }
  return open;
}

/**
 * 409 DAY_FULL: the sentence, the field, and the next open days for the same place. "Another shopper
 * took the last place while you were checking out" only when that is so: a place on the day was granted
 * after `startedAt` (when the shopper's order was started); otherwise the day was full before.
 */
async function dayFull(q: Q, date: string, place: DayPlace, now: Date, settings: CheckoutSettings, startedAt?: string): Promise<AppError> {
  const next = await nextOpenDays(q, date, place, now, settings);
  const details: DayFullDetails = { date, place, nextOpenDays: next };
  // Without the moment the shopper started (a staff order), the plain sentence: nobody is said to have raced.
  let raced = false;
  if (startedAt) {
    const latest = await q
      .selectFrom('day_booking')
      .select((eb) => eb.fn.max(sql<string>`coalesce(first_held_at, created_at)`).as('at'))
      .where('date', '=', date)
      .where('place', '=', place)
      .where(live(now))
      .executeTakeFirst();
    // The same moment counts as a race (two shoppers on one millisecond).
    raced = !!latest?.at && latest.at >= startedAt;
  }
  return new AppError(409, 'DAY_FULL', dayFullMessage(date, next, raced), { deliveryDate: 'is fully booked' }, details);
}

const bookingOf = (q: Q, orderId: string) => q.selectFrom('day_booking').selectAll().where('order_id', '=', orderId).executeTakeFirst();
type BookingRow = NonNullable<Awaited<ReturnType<typeof bookingOf>>>;

/** Who holds a place: the client's IP and the sender's e-mail and phone, as far as they are known. */
export interface DayHolder {
  ip?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The keys a holder is counted by: e-mail lower-cased without a '+tag', phone as its last 10 digits. Pure. */
export function holderKeys(holder: DayHolder | undefined): { holder_ip: string | null; holder_email: string | null; holder_phone: string | null } {
  const email = holder?.email?.trim().toLowerCase() || null;
  const at = email ? email.lastIndexOf('@') : -1;
  const plainEmail = email && at > 0 ? `${email.slice(0, at).replace(/\+.*$/, '')}${email.slice(at)}` : email;
  const digits = holder?.phone?.replace(/\D/g, '') ?? '';
  return { holder_ip: holder?.ip?.trim() || null, holder_email: plainEmail, holder_phone: digits.length >= 7 ? digits.slice(-10) : null };
}

/** How many places one holder may hold at once on a day with a capacity, and how long a hold may last. */
export interface DayHoldRules {
  /** Live holds (not yet paid) per client IP on one day with a capacity. */
  perIp: number;
  /** … per sender e-mail. */
  perEmail: number;
  /** … per sender phone. */
  perPhone: number;
  /** A manual transfer's hold for an order of an account with a verified e-mail: the shop can hold it to it. */
  accountTransferMs: number;
  /** A manual transfer's hold for a guest (or an account whose e-mail is not verified). */
  guestTransferMs: number;
}

/** A DayHoldRules number from the environment: a whole number of at least 1, else the default. Pure. */
const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * Small by default: a real sender holds one or two places on a busy day. The per-IP limit is a little
 * higher because shoppers on one mobile network share an address (carrier NAT).
 */
export const DEFAULT_DAY_HOLD_RULES: DayHoldRules = {
  perIp: 4,
  perEmail: 2,
  perPhone: 2,
  accountTransferMs: 3 * 24 * 3_600_000,
  guestTransferMs: 12 * 3_600_000,
};

/** ORDERS_DAY_HOLDS_PER_IP, ORDERS_DAY_HOLDS_PER_EMAIL, ORDERS_DAY_HOLDS_PER_PHONE, ORDERS_TRANSFER_HOLD_HOURS_ACCOUNT, ORDERS_TRANSFER_HOLD_HOURS_GUEST. */
export function loadDayHoldRules(env: NodeJS.ProcessEnv = process.env): DayHoldRules {
  const d = DEFAULT_DAY_HOLD_RULES;
  return {
    perIp: positive(env.ORDERS_DAY_HOLDS_PER_IP, d.perIp),
    perEmail: positive(env.ORDERS_DAY_HOLDS_PER_EMAIL, d.perEmail),
    perPhone: positive(env.ORDERS_DAY_HOLDS_PER_PHONE, d.perPhone),
    accountTransferMs: positive(env.ORDERS_TRANSFER_HOLD_HOURS_ACCOUNT, d.accountTransferMs / 3_600_000) * 3_600_000,
    guestTransferMs: positive(env.ORDERS_TRANSFER_HOLD_HOURS_GUEST, d.guestTransferMs / 3_600_000) * 3_600_000,
  };
}

/**
 * The shop's rules for holding places (issue 38): the per-holder limits and the transfer holds, and
 * which accounts the shop can hold to a long transfer hold (those with a verified e-mail).
 */
export interface DayHolds {
  rules: DayHoldRules;
  /** Whether the account's e-mail is verified (its owner gets the long transfer hold). Default: none is. */
  verifiedAccount?: (q: Q, userId: string) => Promise<boolean>;
}
export const DEFAULT_DAY_HOLDS: DayHolds = { rules: DEFAULT_DAY_HOLD_RULES };

/**
 * The longest an order may hold its day from the first grant: the long transfer hold for a verified
 * account, and for an order the staff took (issue 39: the shop knows the customer and sent the payment
 * link, which lasts as long); the guest's otherwise.
 */
export async function maxHoldFor(q: Q, row: { user_id: string | null; channel?: string }, holds: DayHolds): Promise<number> {
  if (row.channel && row.channel !== 'web') return holds.rules.accountTransferMs;
  const verified = !!row.user_id && !!holds.verifiedAccount && (await holds.verifiedAccount(q, row.user_id));
  return verified ? holds.rules.accountTransferMs : holds.rules.guestTransferMs;
}

/** Who holds an order's place: the client asking (when known) and the order's sender. */
export function orderHolder(row: { client_email: string | null; client_phone: string | null }, ip?: string | null): DayHolder {
  return { ip: ip ?? null, email: row.client_email, phone: row.client_phone };
}

/** What an order asks of its day (see `bookOrderDay`). */
export interface DayBookingRequest {
  /** The day and place the order wants now; null: none (cancelled, or no place chosen): its place is given back. */
  day: { date: string; place: DayPlace } | null;
  /**
   * 'hold': an unpaid order holds a place until `until` (the checkout, an order's new day; a live hold is
   * renewed, a lapsed one is granted again like a new one, under the capacity and the holder's limits).
   * 'renew': the payment start renews the order's own hold; never one the shop released, never past the
   * first grant's limit (409 DAY_HOLD_RELEASED / DAY_HOLD_ENDED: the shopper checks out again).
   * 'take': for good (the order is paid, or a staff order): DAY_FULL when no place is left, unless `overbook`.
   */
  mode: 'hold' | 'renew' | 'take';
  now: Date;
  settings: CheckoutSettings;
  /** hold / renew: until when (never past the first grant + `maxHoldMs`). */
  until?: Date;
  /** hold / renew: the longest a hold lasts from its first grant on the day (default: the guest's transfer hold). */
  maxHoldMs?: number;
  /** hold: who asks (their live holds are limited on days with a capacity); renew: the stored holder is used. Staff give none. */
  holder?: DayHolder;
  /** The per-holder limits (default DEFAULT_DAY_HOLD_RULES). */
  rules?: DayHoldRules;
  /** take: past the capacity anyway (the money arrived, or a manager's overbook); the over-booking is returned. */
  overbook?: boolean;
  /** When the shopper's order was started: a DAY_FULL says another shopper took the last place only if one went since. */
  startedAt?: string;
  /** renew: false keeps a live hold's end (paying after the day's order-by time, within the hold granted before it). */
  extend?: boolean;
}

/** A paid order that took a place its day no longer had (its hold had lapsed and others filled the day). */
export interface OverBooking {
  date: string;
  place: DayPlace;
  capacity: number;
  /** Places taken or held by other orders when this one was paid. */
  bookedByOthers: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isLive = (row: Pick<BookingRow, 'held_until'>, now: Date) => row.held_until === null || row.held_until > now.toISOString();

/**
 * THE booking rule: every path that gives an order a day and a place, moves it, or gives it back (the
 * checkout, the order update, the payment start and settle, the staff's orders, changes and
 * cancellations) calls this, inside the order's own transaction with the order row locked. The new
 * day's place is held or taken (409 DAY_FULL when none is left: nothing written, the caller's
 * transaction rolls back) and the old one given back, in one step; `day: null` gives the place back.
 * Answers the over-booking when `overbook` let a 'take' past the capacity (for the caller's audit).
 */
export async function bookOrderDay(trx: Q, dialect: Db['dialect'], orderId: string, req: DayBookingRequest): Promise<OverBooking | null> {
  if (!req.day) {
    await releaseDay(trx, orderId);
    return null;
  }
  const mine = await bookingOf(trx, orderId);
  if (req.mode === 'take') return takePlace(trx, dialect, orderId, mine, req.day.date, req.day.place, req);
  await holdPlace(trx, dialect, orderId, mine, req.day.date, req.day.place, req);
  return null;
}

/** 409 when a renewal cannot be had: the shop released the hold, or it reached its first grant's limit. */
const holdGone = (code: 'DAY_HOLD_RELEASED' | 'DAY_HOLD_ENDED', date: string) =>
  new AppError(
    409,
    code,
    code === 'DAY_HOLD_RELEASED'
      ? `The shop gave back this order's place on ${shortDay(date)}: check out again to hold a place if one is left, or choose another day.`
      : `This order's hold on ${shortDay(date)} has ended: check out again to hold a place if one is left, or choose another day.`,
    { deliveryDate: code === 'DAY_HOLD_RELEASED' ? 'was released by the shop' : 'hold has ended' },
  );

/**
 * Hold a place on `date` for `place` (see DayBookingRequest 'hold' and 'renew'). A live booking of the
 * order on the same day and place is renewed without being counted again, never past its first grant's
 * limit; one on another day or place is given back; a lapsed one must find a place like any other.
 */
async function holdPlace(trx: Q, dialect: Db['dialect'], orderId: string, mine: BookingRow | undefined, date: string, place: DayPlace, req: DayBookingRequest): Promise<void> {
  const { now, settings } = req;
  const same = !!mine && mine.date === date && mine.place === place;
  if (same && mine.held_until === null) return; // taken for good already
  if (req.mode === 'renew' && !same && (await releasedOn(trx, orderId, date))) throw holdGone('DAY_HOLD_RELEASED', date);
  const maxMs = req.maxHoldMs ?? DEFAULT_DAY_HOLD_RULES.guestTransferMs;
  const firstHeld = same ? (mine.first_held_at ?? mine.created_at) : null;
  const cap = firstHeld ? Date.parse(firstHeld) + maxMs : Infinity;
  // A renewal never restarts the clock: once the first grant's limit is reached only a new checkout holds again.
  const ended = cap <= now.getTime() + RENEWAL_MARGIN_MS;
  if (req.mode === 'renew' && ended) throw holdGone('DAY_HOLD_ENDED', date);
  // A renewal skips the count only while its hold is safely live: one about to lapse may already be
  // counted out by another shopper's checkout (on another instance's clock), so it is counted again
  // under the day's lock like a new one.
  const safelyLive = same && !ended && mine.held_until !== null && mine.held_until > iso(now.getTime() + RENEWAL_MARGIN_MS);
  // The holder: who asks now (a checkout), else who held it (a renewal).
  const keys = req.holder ? holderKeys(req.holder) : mine ? { holder_ip: mine.holder_ip, holder_email: mine.holder_email, holder_phone: mine.holder_phone } : holderKeys(undefined);
  const capacity = dayCapacity(date, place, settings);
  // A day without a capacity is only recorded (the board counts it): nothing to check, no lock to wait for.
  if (capacity !== null && !safelyLive) {
    await lockDay(trx, dialect, date, place);
    if (!placeLeft(capacity, await countBooked(trx, date, place, now, orderId))) throw await dayFull(trx, date, place, now, settings, req.startedAt);
    await checkHolderLimits(trx, orderId, date, keys, now, req.rules ?? DEFAULT_DAY_HOLD_RULES);
  }
  // A new grant (another day, or a lapsed or ended hold given again by a checkout) starts its own clock.
  const grantedAt = same && !ended && (req.mode === 'renew' || isLive(mine, now)) ? firstHeld! : now.toISOString();
  let heldUntil = iso(Math.min((req.until ?? now).getTime(), Date.parse(grantedAt) + maxMs));
  // A renewal never shortens a live hold (a card's 30 minutes asked during a transfer's hold), and never
  // lengthens one when `extend` is false.
  const liveEnd = same && !ended && mine.held_until !== null && isLive(mine, now) ? mine.held_until : null;
  if (liveEnd && (req.extend === false ? liveEnd < heldUntil : liveEnd > heldUntil)) heldUntil = liveEnd;
  const stamp = now.toISOString();
  const values = { date, place, held_until: heldUntil, first_held_at: grantedAt, updated_at: stamp, ...keys };
  if (mine) await trx.updateTable('day_booking').set(values).where('order_id', '=', orderId).execute();
  else await trx.insertInto('day_booking').values({ order_id: orderId, created_at: stamp, ...values }).execute();
  bookingsChanged();
}

/** Does the order hold (or own) a live place on `date` for `place` at `now`? */
export async function holdsPlace(q: Q, orderId: string, date: string, place: DayPlace, now: Date): Promise<boolean> {
  const mine = await bookingOf(q, orderId);
  return !!mine && mine.date === date && mine.place === place && isLive(mine, now);
}

/** Did the shop release this order's hold on `date`? (It must check out again to hold a place there.) */
async function releasedOn(q: Q, orderId: string, date: string): Promise<boolean> {
  return !!(await q.selectFrom('day_hold_release').select('id').where('order_id', '=', orderId).where('date', '=', date).executeTakeFirst());
}

/**
 * 409 DAY_HOLD_LIMIT when the holder (by client IP, e-mail or phone) already holds as many unpaid places
 * on `date` as the rules allow. A hold the shop released (a florist's release, a rejected transfer)
 * counts against its holder on that day too, so a rejected client cannot take the place back again and again.
 */
async function checkHolderLimits(q: Q, orderId: string, date: string, keys: ReturnType<typeof holderKeys>, now: Date, rules: DayHoldRules): Promise<void> {
  const dimensions = [
    ['holder_ip', keys.holder_ip, rules.perIp],
    ['holder_email', keys.holder_email, rules.perEmail],
    ['holder_phone', keys.holder_phone, rules.perPhone],
  ] as const;
  for (const [column, key, limit] of dimensions) {
    if (!key) continue;
    const held = await q
      .selectFrom('day_booking')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('date', '=', date)
      .where('order_id', '!=', orderId)
      .where('held_until', '>', now.toISOString())
      .where(column, '=', key)
      .executeTakeFirst();
    const released = await q
      .selectFrom('day_hold_release')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('date', '=', date)
      .where(column, '=', key)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) + Number(released?.n ?? 0) >= limit) {
      throw new AppError(
        409,
        'DAY_HOLD_LIMIT',
        `You already hold ${limit === 1 ? 'a place' : `${limit} places`} on ${shortDay(date)} for orders not yet paid: pay for ${limit === 1 ? 'it' : 'one of them'} first, or choose another day. Your cart is kept.`,
        { deliveryDate: 'has as many places held by you as allowed' },
      );
    }
  }
}

/**
 * The order is paid (or a staff order is placed): its place is taken for good. When its hold was not
 * live and the day has no place left: DAY_FULL, unless `overbook` (the money arrived; a manager's
 * choice), then the over-booking is returned for the caller's audit trail.
 */
async function takePlace(trx: Q, dialect: Db['dialect'], orderId: string, mine: BookingRow | undefined, date: string, place: DayPlace, req: DayBookingRequest): Promise<OverBooking | null> {
  const { now, settings } = req;
  const stillLive = !!mine && mine.date === date && mine.place === place && isLive(mine, now);
  const capacity = dayCapacity(date, place, settings);
  let over: OverBooking | null = null;
  if (!stillLive && capacity !== null) {
    await lockDay(trx, dialect, date, place);
    const others = await countBooked(trx, date, place, now, orderId);
    if (!placeLeft(capacity, others)) {
      if (!req.overbook) throw await dayFull(trx, date, place, now, settings, req.startedAt);
      over = { date, place, capacity, bookedByOthers: others };
    }
  }
  const stamp = now.toISOString();
  if (mine) await trx.updateTable('day_booking').set({ date, place, held_until: null, updated_at: stamp }).where('order_id', '=', orderId).execute();
  else await trx.insertInto('day_booking').values({ order_id: orderId, date, place, held_until: null, created_at: stamp, updated_at: stamp, first_held_at: stamp }).execute();
  if (!stillLive) bookingsChanged();
  return over;
}

/** The order no longer wants its place (it moved to another day, or it was cancelled): given back. */
export async function releaseDay(trx: Q, orderId: string): Promise<void> {
  const result = await trx.deleteFrom('day_booking').where('order_id', '=', orderId).executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) bookingsChanged();
}

/** One hold on a day, for the back office: whose order, who sent it, until when. */
export interface DayHoldRow {
  orderId: string;
  date: string;
  place: string;
  heldUntil: string;
  firstHeldAt: string | null;
}

/** Live holds (not yet paid) on `date`, soonest to end first. */
export async function liveHolds(q: Q, date: string, now: Date): Promise<DayHoldRow[]> {
  const rows = await q
    .selectFrom('day_booking')
    .select(['order_id', 'date', 'place', 'held_until', 'first_held_at'])
    .where('date', '=', date)
    .where('held_until', '>', now.toISOString())
    .orderBy('held_until')
    .orderBy('order_id')
    .execute();
  return rows.map((r) => ({ orderId: r.order_id, date: r.date, place: r.place, heldUntil: r.held_until!, firstHeldAt: r.first_held_at }));
}

/**
 * The shop gives back an unpaid order's hold (a florist's release, a rejected transfer): the place is
 * free at once, the release is kept (who held it, who released it, why), the order cannot renew it
 * (DAY_HOLD_RELEASED: it must check out again) and the release counts against its holder on that day.
 * Answers the hold given back, or null when the order held no live place (paid, or nothing held).
 */
export async function releaseHeldDay(trx: Q, orderId: string, by: { releasedBy: string; reason: string; now: Date }): Promise<DayHoldRow | null> {
  const mine = await bookingOf(trx, orderId);
  if (!mine || mine.held_until === null) return null;
  const stamp = by.now.toISOString();
  await trx
    .insertInto('day_hold_release')
    .values({
      id: randomUUID(),
      order_id: orderId,
      date: mine.date,
      place: mine.place,
      holder_ip: mine.holder_ip,
      holder_email: mine.holder_email,
      holder_phone: mine.holder_phone,
      released_by: by.releasedBy,
      reason: by.reason,
      released_at: stamp,
    })
    .execute();
  await releaseDay(trx, orderId);
  return { orderId, date: mine.date, place: mine.place, heldUntil: mine.held_until, firstHeldAt: mine.first_held_at };
}

/**
 * Changes to places held and taken, counted in this process: the delivery-days answer is kept under
 * it (with a short time slot for what other instances booked and for holds that lapse). Bumped inside
 * the transaction and again by the caller after its commit (`bookingsChanged()`), so an answer made
 * in between is not kept past the commit.
 */
let version = 0;
export const bookingsVersion = () => version;
export function bookingsChanged(): void {
  version++;
}
