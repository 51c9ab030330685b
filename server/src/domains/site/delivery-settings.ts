import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type ClosedDate, type DayCutoff, type DeliveryConfig, type PeakDaysView } from '@adire/contracts';
import { amountShown, formatAmount, formatCutoff, formatDrawerDate, isApiDate, parseCutoff, shopDate, isAmount, type DeliverySettings } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { applyPeakDayChange, isPeakDayKind, PEAK_DAY_CHANGES, peakDayPart, peakDaysView, peakDayTarget, readPeakDayChange, type PeakDayChange } from './peak-days';
import { SettingsError, writeSetting } from './settings-store';

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

export type DeliveryChange =
  | { kind: 'set-fee'; state: string; zone: string; amount: number; window: string | null }
  | { kind: 'add-zone'; state: string; zone: string; amount: number }
  | { kind: 'rename-zone'; state: string; zone: string; newName: string }
  | { kind: 'remove-zone'; state: string; zone: string }
  | { kind: 'set-min-amount'; amount: number; window: string | null }
  | { kind: 'add-window'; name: string; startDate: string; endDate: string; surcharge: number; minAmount: number }
  | { kind: 'remove-window'; name: string }
  | { kind: 'close-date'; date: string; note: string }
  | { kind: 'open-date'; date: string }
  | { kind: 'set-day-cutoff'; date: string; delivery: string | null; pickup: string | null }
  | { kind: 'clear-day-cutoff'; date: string }
  | PeakDayChange;

export const DELIVERY_CHANGES = [
  ...['set-fee', 'add-zone', 'rename-zone', 'remove-zone', 'set-min-amount', 'add-window', 'remove-window'] as const,
  ...['close-date', 'open-date', 'set-day-cutoff', 'clear-day-cutoff'] as const,
  ...PEAK_DAY_CHANGES,
] as const;
export type DeliveryChangeKind = DeliveryChange['kind'];

/** The largest fee, surcharge or minimum amount taken, in naira (a typo guard: ten million). */
export const MAX_NAIRA = 10_000_000;
export const NAME_MAX_LENGTH = 60;
export const NOTE_MAX_LENGTH = 120;
/** Closed days kept ahead (past ones are dropped on every change). */
export const MAX_CLOSED_DATES = 100;

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

function stateOf(config: DeliveryConfig, name: string) {
  const state = config.stateDeliveryZones.find((s) => norm(s.state) === norm(name));
  if (!state) throw new SettingsError(`Unknown state '${name}'. States: ${config.stateDeliveryZones.map((s) => s.state).join(', ')}.`, 'state');
  return state;
}

function zoneOf(config: DeliveryConfig, stateName: string, zoneName: string) {
  const state = stateOf(config, stateName);
  const zone = state.zones.find((z) => norm(z.name) === norm(zoneName));
  if (!zone) throw new SettingsError(`${state.state} has no zone '${zoneName}'. Its zones: ${state.zones.map((z) => z.name).join(', ')}.`, 'zone');
  return { state, zone };
}

function windowOf(delivery: DeliverySettings, name: string) {
  const found = delivery.overrideConfigs.find((c) => norm(c.name) === norm(name));
  if (!found) {
    const names = delivery.overrideConfigs.map((c) => c.name);
    throw new SettingsError(`There is no fee window '${name}'.${names.length ? ` Fee windows: ${names.join(', ')}.` : ' There are none.'}`, 'window');
  }
  return found;
}

/** Keeps the minimum amount's line ('Free delivery on orders above {{50000}}') saying the new amount. */
function withMinAmount(config: DeliveryConfig, amount: number): void {
  const old = config.minAmount;
  config.minAmount = amount;
  if (config.minAmountInfoText?.includes(`{{${old}}}`)) config.minAmountInfoText = config.minAmountInfoText.split(`{{${old}}}`).join(`{{${amount}}}`);
}

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
  const base = delivery.baseConfig;
  const everyConfig = [base, ...delivery.overrideConfigs];
  switch (change.kind) {
    case 'set-fee': {
      const config = change.window ? windowOf(delivery, change.window) : base;
      const { state, zone } = zoneOf(config, change.state, change.zone);
      const was = zone.amount;
      zone.amount = change.amount;
      const where = change.window ? ` during ${config.name}` : '';
      return { delivery, checkout, message: `Delivery to ${zone.name} (${state.state})${where} now costs ${naira(change.amount)} (was ${naira(was)}).` };
    }
    case 'add-zone': {
      const state = stateOf(base, change.state);
      if (state.zones.some((z) => norm(z.name) === norm(change.zone))) throw new SettingsError(`${state.state} already has a zone '${change.zone}'.`, 'zone');
      for (const config of everyConfig) {
        const s = config.stateDeliveryZones.find((x) => norm(x.state) === norm(state.state));
        if (s && !s.zones.some((z) => norm(z.name) === norm(change.zone))) s.zones.push({ name: change.zone, amount: change.amount });
      }
      const windows = delivery.overrideConfigs.length ? ' (the fee windows charge the same until you change them there)' : '';
      return { delivery, checkout, message: `Zone ${change.zone} added to ${state.state} at ${naira(change.amount)}${windows}.` };
    }
    case 'rename-zone': {
      const { state, zone } = zoneOf(base, change.state, change.zone);
      const clash = state.zones.find((z) => z !== zone && norm(z.name) === norm(change.newName));
      if (clash) throw new SettingsError(`${state.state} already has a zone '${clash.name}'.`, 'newName');
      const old = zone.name;
      for (const config of everyConfig) {
        const s = config.stateDeliveryZones.find((x) => norm(x.state) === norm(state.state));
        for (const z of s?.zones ?? []) if (norm(z.name) === norm(old)) z.name = change.newName;
      }
      return { delivery, checkout, message: `Zone ${old} (${state.state}) is now called ${change.newName}; orders already placed keep their zone and fee.` };
    }
    case 'remove-zone': {
      const { state, zone } = zoneOf(base, change.state, change.zone);
      if (state.zones.length === 1) throw new SettingsError(`${zone.name} is the only zone of ${state.state}: add another zone before removing it.`, 'zone');
      for (const config of everyConfig) {
        const s = config.stateDeliveryZones.find((x) => norm(x.state) === norm(state.state));
        if (s && s.zones.length > 1) s.zones = s.zones.filter((z) => norm(z.name) !== norm(zone.name));
      }
      return { delivery, checkout, message: `Zone ${zone.name} removed from ${state.state}; orders already placed keep their zone and fee.` };
    }
    case 'set-min-amount': {
      const config = change.window ? windowOf(delivery, change.window) : base;
      const was = config.minAmount;
      withMinAmount(config, change.amount);
      const where = change.window ? ` during ${config.name}` : '';
      const now = change.amount > 0 ? `Delivery is free${where} for items from ${naira(change.amount)}` : `Delivery is never free${where}`;
      return { delivery, checkout, message: `${now} (was ${was > 0 ? naira(was) : 'never'}).` };
    }
    case 'add-window': {
      if (delivery.overrideConfigs.some((c) => norm(c.name) === norm(change.name))) throw new SettingsError(`There is already a fee window '${change.name}': remove it first to set it again.`, 'name');
      if (change.endDate < today) throw new SettingsError(`The window ends on ${day(change.endDate)}, which has passed.`, 'endDate');
      const overlap = delivery.overrideConfigs.find((c) => c.active && c.startDate && c.endDate && c.startDate <= change.endDate && change.startDate <= c.endDate);
      if (overlap) throw new SettingsError(`${day(change.startDate)}–${day(change.endDate)} overlaps ${overlap.name} (${day(overlap.startDate!)}–${day(overlap.endDate!)}): a day is priced by one window only.`, 'startDate');
      const window: DeliveryConfig = {
        ...copy(base),
        name: change.name,
        description: `${change.name}: delivery fees ${naira(change.surcharge)} above the usual`,
        type: 'override',
        active: true,
        startDate: change.startDate,
        endDate: change.endDate,
        stateDeliveryZones: base.stateDeliveryZones.map((s) => ({ state: s.state, zones: s.zones.map((z) => ({ name: z.name, amount: z.amount + change.surcharge })) })),
      };
      withMinAmount(window, change.minAmount);
      delivery.overrideConfigs.push(window);
      delivery.overrideConfigs.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
      return { delivery, checkout, message: `Fee window ${change.name} set: ${day(change.startDate)} to ${day(change.endDate)}, every zone ${naira(change.surcharge)} above the usual fee${change.minAmount > 0 ? `, free from ${naira(change.minAmount)}` : ', never free'}.` };
    }
    case 'remove-window': {
      const window = windowOf(delivery, change.name);
      delivery.overrideConfigs = delivery.overrideConfigs.filter((c) => c !== window);
      return { delivery, checkout, message: `Fee window ${window.name} removed: those days are priced as usual.` };
    }
    case 'close-date': {
      if (change.date < today) throw new SettingsError(`${day(change.date)} has passed.`, 'date');
      const closed = (checkout.closedDates ?? []).filter((c) => c.date >= today);
      if (closed.some((c) => c.date === change.date)) throw new SettingsError(`${day(change.date)} is already closed.`, 'date');
      if (closed.length >= MAX_CLOSED_DATES) throw new SettingsError(`${MAX_CLOSED_DATES} days are closed already: open one first.`, 'date');
      checkout.closedDates = [...closed, { date: change.date, note: change.note }].sort((a, b) => a.date.localeCompare(b.date));
      return { delivery, checkout, message: `We are closed on ${day(change.date)}${change.note ? ` (${change.note})` : ''}: shoppers cannot choose that day.` };
    }
    case 'open-date': {
      const closed = (checkout.closedDates ?? []).filter((c) => c.date >= today);
      if (!closed.some((c) => c.date === change.date)) throw new SettingsError(`${day(change.date)} is not closed.`, 'date');
      checkout.closedDates = closed.filter((c) => c.date !== change.date);
      return { delivery, checkout, message: `${day(change.date)} is open again for delivery and pick-up.` };
    }
    case 'set-day-cutoff': {
      if (change.date < today) throw new SettingsError(`${day(change.date)} has passed.`, 'date');
      const cutoffs = (checkout.dayCutoffs ?? []).filter((c) => c.date >= today && c.date !== change.date);
      if (cutoffs.length >= MAX_CLOSED_DATES) throw new SettingsError(`${MAX_CLOSED_DATES} days have their own cutoff already: clear one first.`, 'date');
      const sameDayCutoff: DayCutoff['sameDayCutoff'] = { ...(change.delivery ? { delivery: change.delivery } : {}), ...(change.pickup ? { pickup: change.pickup } : {}) };
      checkout.dayCutoffs = [...cutoffs, { date: change.date, sameDayCutoff }].sort((a, b) => a.date.localeCompare(b.date));
      const said = [change.delivery && `same-day delivery closes at ${formatCutoff(change.delivery)}`, change.pickup && `same-day pick-up at ${formatCutoff(change.pickup)}`].filter(Boolean).join(', ');
      return { delivery, checkout, message: `On ${day(change.date)} ${said} Lagos time.` };
    }
    case 'clear-day-cutoff': {
      const cutoffs = (checkout.dayCutoffs ?? []).filter((c) => c.date >= today);
      if (!cutoffs.some((c) => c.date === change.date)) throw new SettingsError(`${day(change.date)} has no cutoff of its own.`, 'date');
      checkout.dayCutoffs = cutoffs.filter((c) => c.date !== change.date);
      return { delivery, checkout, message: `${day(change.date)} takes same-day orders until the usual cutoff again.` };
    }
  }
}

/** The delivery settings as the back office shows them: base fees, fee windows, closed days, capacities and order-by times from today. */
export interface DeliveryView extends PeakDaysView {
  zones: { state: string; zones: { name: string; amount: number }[] }[];
  minAmount: number;
  windows: { name: string; startDate: string; endDate: string; active: boolean; minAmount: number; zones: { state: string; zones: { name: string; amount: number }[] }[] }[];
  closedDates: ClosedDate[];
  dayCutoffs: DayCutoff[];
}

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
