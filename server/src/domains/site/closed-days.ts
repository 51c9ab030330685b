/**
 * Closed days and days with their own same-day cutoff (the checkout settings' `closedDates` and
 * `dayCutoffs`, read by the one date rule of `@adire/domain`). Applied to the caller's copy; pure.
 */
import type { CheckoutSettings, DayCutoff } from '@adire/contracts';
import { formatCutoff, formatDrawerDate } from '@adire/domain';
import { SettingsError } from './settings-store';

export type DayChange =
  | { kind: 'close-date'; date: string; note: string }
  | { kind: 'open-date'; date: string }
  | { kind: 'set-day-cutoff'; date: string; delivery: string | null; pickup: string | null }
  | { kind: 'clear-day-cutoff'; date: string };

export const DAY_CHANGES = ['close-date', 'open-date', 'set-day-cutoff', 'clear-day-cutoff'] as const;

/** Closed days kept ahead (past ones are dropped on every change). */
export const MAX_CLOSED_DATES = 100;

const day = (date: string) => formatDrawerDate(date);

export const isDayChange = (change: { kind: string }): change is DayChange => (DAY_CHANGES as readonly string[]).includes(change.kind);

/** Applies a day change to `checkout` (the caller's copy); the message for the person who made it. */
export function applyDayChange(checkout: CheckoutSettings, change: DayChange, today: string): string {
  switch (change.kind) {
    case 'close-date': {
      if (change.date < today) throw new SettingsError(`${day(change.date)} has passed.`, 'date');
      const closed = (checkout.closedDates ?? []).filter((c) => c.date >= today);
      if (closed.some((c) => c.date === change.date)) throw new SettingsError(`${day(change.date)} is already closed.`, 'date');
      if (closed.length >= MAX_CLOSED_DATES) throw new SettingsError(`${MAX_CLOSED_DATES} days are closed already: open one first.`, 'date');
      checkout.closedDates = [...closed, { date: change.date, note: change.note }].sort((a, b) => a.date.localeCompare(b.date));
      return `We are closed on ${day(change.date)}${change.note ? ` (${change.note})` : ''}: shoppers cannot choose that day.`;
    }
    case 'open-date': {
      const closed = (checkout.closedDates ?? []).filter((c) => c.date >= today);
      if (!closed.some((c) => c.date === change.date)) throw new SettingsError(`${day(change.date)} is not closed.`, 'date');
      checkout.closedDates = closed.filter((c) => c.date !== change.date);
      return `${day(change.date)} is open again for delivery and pick-up.`;
    }
    case 'set-day-cutoff': {
      if (change.date < today) throw new SettingsError(`${day(change.date)} has passed.`, 'date');
      const cutoffs = (checkout.dayCutoffs ?? []).filter((c) => c.date >= today && c.date !== change.date);
      if (cutoffs.length >= MAX_CLOSED_DATES) throw new SettingsError(`${MAX_CLOSED_DATES} days have their own cutoff already: clear one first.`, 'date');
      const sameDayCutoff: DayCutoff['sameDayCutoff'] = { ...(change.delivery ? { delivery: change.delivery } : {}), ...(change.pickup ? { pickup: change.pickup } : {}) };
      checkout.dayCutoffs = [...cutoffs, { date: change.date, sameDayCutoff }].sort((a, b) => a.date.localeCompare(b.date));
      const said = [change.delivery && `same-day delivery closes at ${formatCutoff(change.delivery)}`, change.pickup && `same-day pick-up at ${formatCutoff(change.pickup)}`].filter(Boolean).join(', ');
      return `On ${day(change.date)} ${said} Lagos time.`;
    }
    case 'clear-day-cutoff': {
      const cutoffs = (checkout.dayCutoffs ?? []).filter((c) => c.date >= today);
      if (!cutoffs.some((c) => c.date === change.date)) throw new SettingsError(`${day(change.date)} has no cutoff of its own.`, 'date');
      checkout.dayCutoffs = cutoffs.filter((c) => c.date !== change.date);
      return `${day(change.date)} takes same-day orders until the usual cutoff again.`;
    }
  }
}
