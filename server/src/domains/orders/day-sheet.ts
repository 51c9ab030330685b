import { DAY_PLACES, type CheckoutSettings, type DayHold, type DayLoad, type DayPlace, type DaySheet, type DaySheetOrder, type DeliveryDetails, type ReleaseHoldResult } from '@adire/contracts';
import { addDays, closedDay, fullPhoneNumber, isPaid, orderByOf, shortDay } from '@adire/domain';
import { dayCapacity, dayPlaceLabel } from '@adire/domain/days';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { AppError } from '../../http/errors';
import { bookingsChanged, liveHolds, loadByDay, releaseHeldDay, type DayHoldRow, type PlaceCounts } from './day-bookings';
import { floristNoteOf } from './staff-view';
import { findOrderByNumber, lockOrder, orderItems, type OrderRow } from './store';

/**
 * What florists and riders see of a day (issue 29, item 5): each day's places taken and held against
 * its capacity per place, and the day sheet of one place (what a rider carries, or a branch hands
 * over). Only checked-out orders that hold a place (not lapsed) or took one (paid) are on a sheet.
 */

const NONE: PlaceCounts = { taken: 0, held: 0 };

/** Each day from `from`, every place in DAY_PLACES order, with its order-by time and closed note. */
export async function dayLoads(db: Db, from: string, days: number, now: Date, settings: CheckoutSettings): Promise<DayLoad[]> {
  const loads = await loadByDay(db.kysely, from, addDays(from, days - 1), now);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const counts = loads.get(date);
    const closed = closedDay(date, settings);
    return {
      date,
      places: DAY_PLACES.map((place) => ({ place, capacity: dayCapacity(date, place, settings), ...(counts?.get(place) ?? NONE) })),
      orderBy: orderByOf(date, settings)?.closesAt ?? null,
      closed: closed ? { note: closed.note } : null,
    };
  });
}

/** A stored phone in full ('+2348031234567'): the stored one already is; an old one without its code gets it. */
const phoneOf = (code: string | null | undefined, number: string | null | undefined) => (number ? (fullPhoneNumber(code, number) ?? number) : '');

/** One order as the sheet shows it: the recipient for a delivery, the sender who collects for a pick-up. Pure. */
export function sheetOrder(row: OrderRow): DaySheetOrder {
  const details = parseJson<DeliveryDetails>(row.delivery_details ?? '{}', {});
  const pickup = row.delivery_method === 'pickup';
  return {
    orderNumber: row.order_number ?? '',
    recipient: (pickup ? row.client_name : details.recipientName) ?? row.client_name ?? '',
    phone: pickup ? phoneOf(row.client_phone_country_code, row.client_phone) : phoneOf(details.recipientPhoneCountryCode, details.recipientPhone) || phoneOf(row.client_phone_country_code, row.client_phone),
    address: pickup ? `Pick-up at ${row.pickup_location ?? ''}` : (details.recipientAddress ?? ''),
    zone: row.delivery_zone,
    items: orderItems(row).map((item) => ({
      name: item.name,
      size: item.size ?? null,
      design: item.design ? (item.design.title ?? item.design.name ?? null) : null,
      quantity: Number(item.quantity),
    })),
    cardMessage: row.delivery_message,
    instructions: row.delivery_instruction,
    ...floristNoteOf(row),
    paid: isPaid(row.payment_status),
  };
}

/** The checked-out orders holding or taking a place on `date` for `place`, by zone then order number. */
export async function daySheet(db: Db, date: string, place: DayPlace, now: Date): Promise<DaySheet> {
  const rows = await db.kysely
    .selectFrom('shop_order')
    .innerJoin('day_booking', 'day_booking.order_id', 'shop_order.id')
    .selectAll('shop_order')
    .where('day_booking.date', '=', date)
    .where('day_booking.place', '=', place)
    .where(sql<boolean>`(day_booking.held_until is null or day_booking.held_until > ${now.toISOString()})`)
    .where('shop_order.checked_out_at', 'is not', null)
    .orderBy('shop_order.delivery_zone')
    .orderBy('shop_order.order_number')
    .execute();
  return { date, place, orders: rows.map(sheetOrder) };
}

/** A hold as the back office shows it: the order, its sender, until when. Pure. */
function toDayHold(hold: DayHoldRow, row: Pick<OrderRow, 'order_number' | 'client_name' | 'client_email' | 'client_phone' | 'client_phone_country_code'>): DayHold {
  return {
    orderNumber: row.order_number ?? '',
    place: hold.place as DayPlace,
    sender: { name: row.client_name, email: row.client_email, phone: phoneOf(row.client_phone_country_code, row.client_phone) || null },
    heldUntil: hold.heldUntil,
    firstHeldAt: hold.firstHeldAt,
  };
}

/** Who holds places on `date` (issue 38): every live hold of an unpaid order, soonest to end first. */
export async function dayHolds(db: Db, date: string, now: Date): Promise<DayHold[]> {
  const holds = await liveHolds(db.kysely, date, now);
  if (!holds.length) return [];
  const rows = await db.kysely
    .selectFrom('shop_order')
    .select(['id', 'order_number', 'client_name', 'client_email', 'client_phone', 'client_phone_country_code'])
    .where('id', 'in', holds.map((h) => h.orderId))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return holds.flatMap((h) => {
    const row = byId.get(h.orderId);
    return row ? [toDayHold(h, row)] : [];
  });
}

/**
 * The shop gives back the place an unpaid order holds on `date` (a florist on the board), in the
 * order's transaction: free at once, the release kept with who held it, the order unable to take it
 * back by paying (it must check out again, under the day's capacity and its holder's limits, where
 * this release counts). 404 for an unknown order; 409 NO_HOLD when it holds no live place that day.
 */
export async function releaseHold(db: Db, date: string, orderNumber: string, by: { releasedBy: string; reason: string; now: Date }): Promise<ReleaseHoldResult> {
  const found = await findOrderByNumber(db, orderNumber);
  if (!found) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
  const released = await db.kysely
    .transaction()
    .execute(async (trx) => {
      const row = await lockOrder(trx, db.dialect, found.id);
      const hold = (await liveHolds(trx, date, by.now)).find((h) => h.orderId === row.id);
      if (!hold) {
        const why = isPaid(row.payment_status) ? 'it is paid: its place is taken for good' : 'its hold has lapsed or was given back already';
        throw new AppError(409, 'NO_HOLD', `Order ${row.order_number} holds no place on ${shortDay(date)}: ${why}.`);
      }
      await releaseHeldDay(trx, row.id, by);
      return toDayHold(hold, row);
    })
    .finally(bookingsChanged);
  return {
    message: `Gave back order ${released.orderNumber}'s place on ${shortDay(date)} (${dayPlaceLabel(released.place)}): it can only hold one again by checking out again.`,
    released,
  };
}
