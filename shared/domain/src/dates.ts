// The two formats below were dayjs's; dayjs is no longer used (issue 42): it was 3.2 KB of every
// page's scripts for two formats, and bundled again into each remote that imports a subpath of this
// package. `toDate` reads a value as dayjs did (a date-like string without a trailing Z in local time,
// anything else through Date), so every date is shown as before.

/** Format shown in the cart drawer. */
export const DRAWER_DATE_FORMAT = 'D MMM YYYY';
/** Format sent to the server. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE_LIKE = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** A Date from a Date or a string, read as dayjs reads them; null when it is no day at all. */
function toDate(value: Date | string): Date | null {
  let d: Date;
  if (value instanceof Date) d = new Date(value.getTime());
  else {
    const m = /Z$/i.test(value) ? null : DATE_LIKE.exec(value);
    d = m
      ? new Date(Number(m[1]), Number(m[2]) - 1 || 0, Number(m[3] || 1), Number(m[4] || 0), Number(m[5] || 0), Number(m[6] || 0), Number((m[7] || '0').substring(0, 3)))
      : new Date(value);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function formatDrawerDate(date: string | null | undefined): string {
  const d = date ? toDate(date) : null;
  return d ? `${d.getDate()} ${MONTHS[d.getMonth()]} ${pad(d.getFullYear(), 4)}` : 'Not set yet';
}

export function toApiDate(date: Date | string | null | undefined): string {
  const d = date ? toDate(date) : null;
  return d ? `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}` : '';
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
