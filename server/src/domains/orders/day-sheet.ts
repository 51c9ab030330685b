import { DAY_PLACES, type CheckoutSettings, type DayLoad, type DayPlace, type DaySheet, type DaySheetOrder, type DeliveryDetails } from '@adire/contracts';
import { addDays, closedDay, fullPhoneNumber, isPaid, orderByOf } from '@adire/domain';
import { dayCapacity } from '@adire/domain/days';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { loadByDay, type PlaceCounts } from './day-bookings';
import { floristNoteOf } from './staff-view';
import { orderItems, type OrderRow } from './store';

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
