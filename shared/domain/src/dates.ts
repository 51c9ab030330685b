import dayjs from 'dayjs';

/** Format shown in the cart drawer. */
export const DRAWER_DATE_FORMAT = 'D MMM YYYY';
/** Format sent to the server. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

export function formatDrawerDate(date: string | null | undefined): string {
  if (!date) return 'Not set yet';
  const d = dayjs(date);
  return d.isValid() ? d.format(DRAWER_DATE_FORMAT) : 'Not set yet';
}

export function toApiDate(date: Date | string | null | undefined): string {
  if (!date) return '';
  const d = dayjs(date);
  return d.isValid() ? d.format(API_DATE_FORMAT) : '';
}

/** Written YYYY-MM-DD, whether or not the day exists. */
export function isApiDateShape(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** A day as the server takes it: written YYYY-MM-DD and a real calendar day ('2026-02-30' is not). */
export function isApiDate(value: unknown): value is string {
  if (!isApiDateShape(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, so no clock change can skip a day). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
