import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DeliverySettingsView } from '@adire/contracts';
import { amountShown, formatAmount, formatDrawerDate, isApiDate, parseCutoff, shopDate, isAmount, type DeliverySettings } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { applyPeakDayChange, isPeakDayKind, PEAK_DAY_CHANGES, peakDayPart, peakDaysView, peakDayTarget, readPeakDayChange, type PeakDayChange } from './peak-days';
import { applyDayChange, DAY_CHANGES, isDayChange, type DayChange } from './closed-days';
import { applyFeeChange, FEE_CHANGES, type FeeChange } from './delivery-fees';
import { SettingsError, writeSetting } from './settings-store';

export { MAX_CLOSED_DATES } from './closed-days';
export type { DayChange } from './closed-days';
export type { FeeChange } from './delivery-fees';

/**
 * Delivery zones and fees, the minimum amount for free delivery, fee windows (the festive days that
 * price delivery their own way: the settings' `overrideConfigs`), closed days and days with their own
 * same-day cutoff (the checkout settings' `closedDates` and `dayCutoffs`, read by the one date rule of
 * `@adire/domain`; capacities and order-by times: peak-days.ts). The operator command (`pnpm settings
 * set-fee …`) and the back office both go through `changeDeliverySettings`; the reading and checking
 * below is pure, so it is tested without a database.
 *
 * Orders keep the fee they were checked out with: their state, zone and fee are stored on the order,
 * and repricing keeps the stored fee when the settings no longer know the zone. So a zone can be
 * renamed or removed at any time; only a state's last zone stays (a shopper must be able to choose one).
 */

export type DeliveryChange = FeeChange | DayChange | PeakDayChange;

export const DELIVERY_CHANGES = [...FEE_CHANGES, ...DAY_CHANGES, ...PEAK_DAY_CHANGES] as const;
export type DeliveryChangeKind = DeliveryChange['kind'];

/** The largest fee, surcharge or minimum amount taken, in naira (a typo guard: ten million). */
export const MAX_NAIRA = 10_000_000;
export const NAME_MAX_LENGTH = 60;
export const NOTE_MAX_LENGTH = 120;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
const naira = (n: number) => formatAmount(n, 'NGN');
const day = (date: string) => formatDrawerDate(date);
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} '’&/.,()-]*$/u;

/**
 * A fee, surcharge or minimum amount by the shop's one amount rule (`@adire/domain`): a number of whole
 * naira, 0 to MAX_NAIRA; never text, true, null or [5] (the command line turns plain digits into a
 * number first: no '4,500', no '4500.50', no '-1', no '0x10', no '1e3').
 */
export function parseNaira(raw: unknown, field: string, what: string): number {
  if (!isAmount(raw, { min: 0, max: MAX_NAIRA, whole: true })) {
    throw new SettingsError(`The ${what} must be whole naira from 0 to ${MAX_NAIRA} written as digits, such as 4500; got ${amountShown(raw)}.`, field);
  }
  return raw;
}

/** A zone or fee-window name: 1 to 60 letters, digits, spaces and / - ' & . , ( ). */
export function parseName(raw: unknown, field: string, what: string): string {
  const name = clean(raw);
  if (!name) throw new SettingsError(`Give the ${what}.`, field);
  if (name.length > NAME_MAX_LENGTH) throw new SettingsError(`The ${what} is ${name.length} characters long; keep it to ${NAME_MAX_LENGTH} or fewer.`, field);
  if (!NAME.test(name)) throw new SettingsError(`The ${what} '${name}' may only hold letters, digits, spaces and / - ' & . , ( ).`, field);
  return name;
}

/** A real calendar day written YYYY-MM-DD. */
export function parseDay(raw: unknown, field: string): string {
  const text: string = clean(raw);
  if (!isApiDate(text)) throw new SettingsError(`'${clean(raw).slice(0, 40)}' is not a day: write it YYYY-MM-DD, such as 2026-12-25.`, field);
  return text;
}

/** A same-day cutoff, Lagos time 'HH:MM' (24-hour), or null when left empty. */
export function parseCutoffTime(raw: unknown, field: string): string | null {
  const text = clean(raw);
  if (!text) return null;
  if (parseCutoff(text) === null) throw new SettingsError(`'${text.slice(0, 20)}' is not a time: write it HH:MM, 24-hour Lagos time, such as 12:00 or 18:30.`, field);
  return text;
}

export function parseNote(raw: unknown, field: string): string {
  const note = clean(raw);
  if (note.length > NOTE_MAX_LENGTH) throw new SettingsError(`The note is ${note.length} characters long; keep it to ${NOTE_MAX_LENGTH} or fewer.`, field);
  return note;
}

/**
 * One change read from named fields (the back office's form, or the command's words put in their
 * places): the shape of each value, with the field a message belongs beside. Whether the state, zone
 * or window exists is checked against the settings by `applyDeliveryChange`.
 */
export function readDeliveryChange(kind: string, input: Record<string, unknown>): DeliveryChange {
  const state = () => {
    const s = clean(input.state).toLowerCase();
    if (!s) throw new SettingsError('Choose the state.', 'state');
    return s;
  };
  const windowName = () => (clean(input.window) ? parseName(input.window, 'window', 'fee window') : null);
  switch (kind) {
    case 'set-fee':
      return { kind, state: state(), zone: parseName(input.zone, 'zone', 'zone'), amount: parseNaira(input.amount, 'amount', 'fee'), window: windowName() };
    case 'add-zone':
      return { kind, state: state(), zone: parseName(input.zone, 'zone', 'zone name'), amount: parseNaira(input.amount, 'amount', 'fee') };
    case 'rename-zone':
      return { kind, state: state(), zone: parseName(input.zone, 'zone', 'zone'), newName: parseName(input.newName, 'newName', 'new name') };
    case 'remove-zone':
      return { kind, state: state(), zone: parseName(input.zone, 'zone', 'zone') };
    case 'set-min-amount':
      return { kind, amount: parseNaira(input.amount, 'amount', 'minimum amount'), window: windowName() };
    case 'add-window': {
      const name = parseName(input.name, 'name', 'fee window name');
      const startDate = parseDay(input.startDate, 'startDate');
      const endDate = parseDay(input.endDate, 'endDate');
      if (endDate < startDate) throw new SettingsError(`The last day, ${day(endDate)}, is before the first, ${day(startDate)}.`, 'endDate');
      return { kind, name, startDate, endDate, surcharge: parseNaira(input.surcharge, 'surcharge', 'surcharge'), minAmount: parseNaira(input.minAmount, 'minAmount', 'minimum amount') };
    }
    case 'remove-window':
      return { kind, name: parseName(input.name, 'name', 'fee window name') };
    case 'close-date':
      return { kind, date: parseDay(input.date, 'date'), note: parseNote(input.note, 'note') };
    case 'open-date':
      return { kind, date: parseDay(input.date, 'date') };
    case 'set-day-cutoff': {
      const date = parseDay(input.date, 'date');
      const delivery = parseCutoffTime(input.delivery, 'delivery');
      const pickup = parseCutoffTime(input.pickup, 'pickup');
      if (!delivery && !pickup) throw new SettingsError('Give the time same-day delivery closes that day (HH:MM), or the pick-up time, or both.', 'delivery');
      return { kind, date, delivery, pickup };
    }
    case 'clear-day-cutoff':
      return { kind, date: parseDay(input.date, 'date') };
    default:
      if (isPeakDayKind(kind)) return readPeakDayChange(kind, input);
      throw new SettingsError(`Unknown delivery change '${kind.slice(0, 40)}'. Changes: ${DELIVERY_CHANGES.join(', ')}.`, 'change');
  }
}

/** What a change is about, for the audit's target column: 'lagos / Lekki / Ajah', '2026-12-25', 'Valentine's Day'. */
export function changeTarget(change: DeliveryChange): string {
  switch (change.kind) {
    case 'set-fee':
      return `${change.window ? `${change.window}: ` : ''}${change.state} / ${change.zone}`;
    case 'add-zone':
    case 'rename-zone':
    case 'remove-zone':
      return `${change.state} / ${change.zone}`;
    case 'set-min-amount':
      return change.window ?? 'minAmount';
    case 'add-window':
    case 'remove-window':
      return change.name;
    case 'close-date':
    case 'open-date':
    case 'set-day-cutoff':
    case 'clear-day-cutoff':
      return change.date;
    default:
      return peakDayTarget(change);
  }
}

export type DeliveryState = { delivery: DeliverySettings; checkout: CheckoutSettings };

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The settings after one change, and what to tell the person who made it; pure. Refuses (SettingsError
 * with the field) what would leave the shop in a bad state: an unknown state, zone or window, a
 * duplicate name, a state without a zone, a fee window overlapping another or already over, a closed
 * day in the past.
 */
export function applyDeliveryChange(current: DeliveryState, change: DeliveryChange, today: string, now: Date = new Date(`${today}T00:00:00+01:00`)): DeliveryState & { message: string } {
  const delivery = copy(current.delivery);
  const checkout = copy(current.checkout);
  if (isPeakDayKind(change.kind)) return { delivery, checkout, message: applyPeakDayChange(checkout, change as PeakDayChange, today, now) };
  if (isDayChange(change)) return { delivery, checkout, message: applyDayChange(checkout, change, today) };
  return { delivery, checkout, message: applyFeeChange(delivery, change as FeeChange, today) };
}

/** The delivery settings as the back office shows them: base fees, fee windows, closed days, capacities and order-by times from today (the contracts' shape). */
export type DeliveryView = DeliverySettingsView;

export function deliveryView(state: DeliveryState, today: string): DeliveryView {
  return {
    zones: state.delivery.baseConfig.stateDeliveryZones,
    minAmount: state.delivery.baseConfig.minAmount,
    windows: state.delivery.overrideConfigs
      .filter((c) => (c.endDate ?? '') >= today)
      .map((c) => ({ name: c.name, startDate: c.startDate ?? '', endDate: c.endDate ?? '', active: c.active, minAmount: c.minAmount, zones: c.stateDeliveryZones })),
    closedDates: (state.checkout.closedDates ?? []).filter((c) => c.date >= today),
    dayCutoffs: (state.checkout.dayCutoffs ?? []).filter((c) => c.date >= today),
    ...peakDaysView(state.checkout, today),
  };
}

/** The part of the settings a change is about, as the audit keeps it before and after. */
export function changedPart(view: DeliveryView, change: DeliveryChange): unknown {
  const zonesOf = (zones: DeliveryView['zones'], state: string) => zones.find((s) => norm(s.state) === norm(state))?.zones ?? null;
  const window = (name: string | null) => (name ? (view.windows.find((w) => norm(w.name) === norm(name)) ?? null) : null);
  switch (change.kind) {
    case 'set-fee':
      return change.window ? zonesOf(window(change.window)?.zones ?? [], change.state) : zonesOf(view.zones, change.state);
    case 'add-zone':
    case 'rename-zone':
    case 'remove-zone':
      return zonesOf(view.zones, change.state);
    case 'set-min-amount':
      return change.window ? (window(change.window)?.minAmount ?? null) : view.minAmount;
    case 'add-window':
    case 'remove-window':
      return view.windows.map((w) => ({ name: w.name, startDate: w.startDate, endDate: w.endDate, minAmount: w.minAmount }));
    case 'close-date':
    case 'open-date':
      return view.closedDates;
    case 'set-day-cutoff':
    case 'clear-day-cutoff':
      return view.dayCutoffs;
    default:
      return peakDayPart(view, change);
  }
}

/** The changes kept in the checkout settings (the one date rule's); the others are the delivery settings'. */
const CHECKOUT_CHANGES: readonly DeliveryChangeKind[] = ['close-date', 'open-date', 'set-day-cutoff', 'clear-day-cutoff', ...PEAK_DAY_CHANGES];

export async function readDeliveryState(db: Kysely<Database>): Promise<DeliveryState> {
  const [delivery, checkout] = await Promise.all([readSetting<DeliverySettings>(db, 'deliverySettings'), readSetting<CheckoutSettings>(db, 'checkoutSettings')]);
  if (!delivery) throw new SettingsError('The delivery settings are not configured: run `pnpm seed` first.', 'change');
  return { delivery, checkout: checkout ?? copy(DEFAULT_CHECKOUT_SETTINGS) };
}

/**
 * The one way delivery settings change (command and back office): read, change, write the setting
 * that moved (the data stamp moves with it, so cached answers and drawn pages refresh on the next
 * page load), and give back what was said, the part changed before and after (for the audit) and the
 * settings now.
 */
export async function changeDeliverySettings(
  db: Kysely<Database>,
  change: DeliveryChange,
  now: Date = new Date(),
): Promise<{ message: string; before: unknown; after: unknown; delivery: DeliveryView }> {
  const today = shopDate(now);
  const current = await readDeliveryState(db);
  const next = applyDeliveryChange(current, change, today, now);
  if (CHECKOUT_CHANGES.includes(change.kind)) await writeSetting(db, 'checkoutSettings', next.checkout);
  else await writeSetting(db, 'deliverySettings', next.delivery);
  const after = deliveryView(next, today);
  return { message: next.message, before: changedPart(deliveryView(current, today), change), after: changedPart(after, change), delivery: after };
}

/** The view of the settings now (the back office's page). */
export async function currentDeliverySettings(db: Kysely<Database>, now: Date = new Date()): Promise<DeliveryView> {
  return deliveryView(await readDeliveryState(db), shopDate(now));
}
