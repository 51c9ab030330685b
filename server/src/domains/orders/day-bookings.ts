import type { CheckoutSettings, DayFullDetails, DayPlace } from '@adire/contracts';
import { addDays } from '@adire/domain';
import { dayCapacity, dayFullMessage, deliveryDay, placeLeft } from '@adire/domain/days';
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

/** 409 DAY_FULL: the sentence, the field, and the next open days for the same place. */
async function dayFull(q: Q, date: string, place: DayPlace, now: Date, settings: CheckoutSettings): Promise<AppError> {
  const next = await nextOpenDays(q, date, place, now, settings);
  const details: DayFullDetails = { date, place, nextOpenDays: next };
  return new AppError(409, 'DAY_FULL', dayFullMessage(date, next), { deliveryDate: 'is fully booked' }, details);
}

const bookingOf = (q: Q, orderId: string) => q.selectFrom('day_booking').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * Hold a place on `date` for `place` for the order until `until` (its stock hold's end), or refuse
 * with 409 DAY_FULL (nothing written: the caller's transaction rolls back, the cart and order stay).
 * A live booking of the order on the same day and place is renewed without being counted again; one
 * on another day or place is given back; a lapsed one must find a place like any other. The order
 * row must be locked.
 */
export async function holdDay(trx: Q, dialect: Db['dialect'], orderId: string, date: string, place: DayPlace, until: Date, now: Date, settings: CheckoutSettings): Promise<void> {
  const mine = await bookingOf(trx, orderId);
  const same = mine && mine.date === date && mine.place === place;
  // A renewal skips the count only while its hold is safely live: one about to lapse may already be
  // counted out by another shopper's checkout (on another instance's clock), so it is counted again
  // under the day's lock like a new one.
  const safelyLive = same && (mine.held_until === null || mine.held_until > new Date(now.getTime() + RENEWAL_MARGIN_MS).toISOString());
  const capacity = dayCapacity(date, place, settings);
  // A day without a capacity is only recorded (the board counts it): nothing to check, no lock to wait for.
  if (capacity !== null && !safelyLive) {
    await lockDay(trx, dialect, date, place);
    if (!placeLeft(capacity, await countBooked(trx, date, place, now, orderId))) throw await dayFull(trx, date, place, now, settings);
  }
  const stamp = now.toISOString();
  const heldUntil = same && mine.held_until === null ? null : until.toISOString();
  if (mine) await trx.updateTable('day_booking').set({ date, place, held_until: heldUntil, updated_at: stamp }).where('order_id', '=', orderId).execute();
  else await trx.insertInto('day_booking').values({ order_id: orderId, date, place, held_until: heldUntil, created_at: stamp, updated_at: stamp }).execute();
  bookingsChanged();
}

/** A paid order that took a place its day no longer had (its hold had lapsed and others filled the day). */
export interface OverBooking {
  date: string;
  place: DayPlace;
  capacity: number;
  /** Places taken or held by other orders when this one was paid. */
  bookedByOthers: number;
}

/**
 * The order is paid: its place is taken for good, even past the day's capacity (the money arrived):
 * then the over-booking is returned for the caller's audit trail.
 */
export async function takeDay(trx: Q, dialect: Db['dialect'], orderId: string, date: string, place: DayPlace, now: Date, settings: CheckoutSettings): Promise<OverBooking | null> {
  const mine = await bookingOf(trx, orderId);
  const stillLive = mine && mine.date === date && mine.place === place && (mine.held_until === null || mine.held_until > now.toISOString());
  const capacity = dayCapacity(date, place, settings);
  let over: OverBooking | null = null;
  if (!stillLive && capacity !== null) {
    await lockDay(trx, dialect, date, place);
    const others = await countBooked(trx, date, place, now, orderId);
    if (!placeLeft(capacity, others)) over = { date, place, capacity, bookedByOthers: others };
  }
  const stamp = now.toISOString();
  if (mine) await trx.updateTable('day_booking').set({ date, place, held_until: null, updated_at: stamp }).where('order_id', '=', orderId).execute();
  else await trx.insertInto('day_booking').values({ order_id: orderId, date, place, held_until: null, created_at: stamp, updated_at: stamp }).execute();
  if (!stillLive) bookingsChanged();
  return over;
}

/** The order no longer wants its place (it moved to another day, or it was cancelled): given back. */
export async function releaseDay(trx: Q, orderId: string): Promise<void> {
  const result = await trx.deleteFrom('day_booking').where('order_id', '=', orderId).executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) bookingsChanged();
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
