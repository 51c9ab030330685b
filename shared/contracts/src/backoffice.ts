// Back-office answers and request bodies shared by the server's staff routes and mf-backoffice.
// (Peak days first; the older back-office shapes move here with the server's rooms.)
import type { DayCapacity, DayPlace, OrderByTime } from './checkout';

/** Back-office API paths (all under the staff's Bearer session; `?business=` on every call). */
export const BACKOFFICE_PATHS = {
  /** GET `?from=YYYY-MM-DD&days=N` → DayLoad[]: each day's places taken and held against capacity. */
  days: '/v1/backoffice/days',
  /** GET `?place=<DayPlace>` → DaySheet: what a rider or a branch needs for that day. */
  daySheet: (date: string) => `/v1/backoffice/days/${encodeURIComponent(date)}/sheet`,
  /** GET → DeliverySettingsView; POST a DeliveryChangeRequest → DeliveryChangeResult. */
  deliverySettings: '/v1/backoffice/settings/delivery',
} as const;

/** One place on one day, as the board shows it. */
export interface PlaceLoad {
  place: DayPlace;
  /** null: unlimited. */
  capacity: number | null;
  /** Paid orders: their places are taken for good. */
  taken: number;
  /** Checked-out, unpaid orders whose hold has not lapsed. */
  held: number;
}

export interface DayLoad {
  /** YYYY-MM-DD */
  date: string;
  /** Every place, in DAY_PLACES order. */
  places: PlaceLoad[];
  /** 'YYYY-MM-DD HH:mm' Lagos time, when the day has an order-by time. */
  orderBy: string | null;
  /** The closed day's note when the shop is closed that day. */
  closed: { note: string } | null;
}

/** One order on a day sheet. */
export interface DaySheetOrder {
  orderNumber: string;
  recipient: string;
  phone: string;
  /** Delivery address, or the branch for a pick-up. */
  address: string;
  zone: string | null;
  items: { name: string; size: string | null; design: string | null; quantity: number }[];
  /** The card message (the checkout's delivery message). */
  cardMessage: string | null;
  /** What the sender said about when and how to deliver (the shop takes no fixed time slots). */
  instructions: string | null;
  paid: boolean;
}

export interface DaySheet {
  date: string;
  place: DayPlace;
  orders: DaySheetOrder[];
}

/** Peak-day changes through the delivery settings' change endpoint (beside set-fee, close-date, …). */
export type PeakDayChangeRequest =
  | { change: 'set-capacity'; day: string; place: DayPlace; orders: number | null }
  | { change: 'set-order-by'; date: string; closesAt: string }
  | { change: 'clear-order-by'; date: string };

/** What the delivery settings page shows of peak days (part of the delivery settings view). */
export interface PeakDaysView {
  /** Weekday defaults and days of their own, days from today only. */
  capacities: DayCapacity[];
  /** From today only. */
  orderBy: OrderByTime[];
}
