import type { DayPlace, DeliveryDay, Order } from '@adire/contracts';
import { addDays, shortDay } from '@adire/domain';
import { DAY_REASONS, dayNote, daysFrom, dayPlace, fewLeftWords } from '@adire/domain/days';

/**
 * The drawer's delivery days, pure: which days the picker asks the shop about for the month it
 * shows, and what it marks on each (the one date rule and the answer are read by `shownDay` of
 * @adire/domain).
 */

/** The first of the month of a day: '2027-02-14' → '2027-02-01'. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

/** The last day of the month that starts on `month` (YYYY-MM-01). */
export function monthEnd(month: string): string {
  const next = new Date(`${month}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return addDays(next.toISOString().slice(0, 10), -1);
}

/**
 * The days to ask about while the picker shows `month`: the month and the days of its neighbours the
 * calendar grid shows (up to six each side), from today on; null when all of it has passed.
 */
export function pickerRange(month: string, today: string): { from: string; days: number } | null {
  const start = addDays(month, -6);
  const end = addDays(monthEnd(month), 6);
  const from = start < today ? today : start;
  if (end < from) return null;
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return { from, days };
}

export interface PickerMarks {
  /** Days the shopper cannot take, with the reason react-datepicker shows as their title. */
  excluded: { date: string; message: string }[];
  /** Days with few places left ('Only 2 left'), shown as their title. */
  fewLeft: { date: string; words: string }[];
}

/** The marks of the days from `from` (count days), each read through `dayOf`. */
export function pickerMarks(from: string, count: number, dayOf: (date: string) => DeliveryDay): PickerMarks {
  const marks: PickerMarks = { excluded: [], fewLeft: [] };
  for (const date of daysFrom(from, count)) {
    const day = dayOf(date);
    if (!day.open) marks.excluded.push({ date, message: dayNote(day)! });
    else {
      const words = fewLeftWords(day);
      if (words) marks.fewLeft.push({ date, words });
    }
  }
  return marks;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The days of a month the shopper cannot take, by reason, for the line under the open calendar:
 * 'Not open in February: 14 Feb (Fully booked); 20 Feb, 21 Feb (Closed)'. The keyboard skips such
 * days, so this line is where a screen reader hears of them. Days gone by are left out; null when
 * every day ahead is open.
 */
export function shutSummary(month: string, excluded: readonly { date: string; message: string }[]): string | null {
  const byReason = new Map<string, string[]>();
  for (const { date, message } of excluded) {
    if (monthOf(date) !== month || message === DAY_REASONS.passed) continue;
    const days = byReason.get(message) ?? [];
    if (!days.includes(date)) byReason.set(message, [...days, date]);
  }
  if (byReason.size === 0) return null;
  const groups = [...byReason].map(([reason, days]) => [reason, days.sort()] as const).sort((a, b) => (a[1][0]! < b[1][0]! ? -1 : 1));
  const parts = groups.map(([reason, days]) => `${days.map(shortDay).join(', ')} (${reason})`);
  return `Not open in ${MONTH_NAMES[Number(month.slice(5, 7)) - 1]}: ${parts.join('; ')}`;
}

/**
 * Where the drawer counts a day's places. It knows no delivery method or state of its own: only an
 * order already checked out (its method, state or branch) says where it goes. Otherwise Lagos: the
 * shop's home, where most orders go; the checkout asks again for the place the shopper chooses.
 */
export const DEFAULT_DAY_PLACE: DayPlace = 'lagos';
export function drawerPlace(order: Pick<Order, 'deliveryMethod' | 'deliveryDetails' | 'pickupLocation'> | null | undefined): DayPlace {
  if (!order) return DEFAULT_DAY_PLACE;
  return dayPlace(order.deliveryMethod, order.deliveryDetails?.state, order.pickupLocation) ?? DEFAULT_DAY_PLACE;
}
