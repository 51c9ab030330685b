// How the shop writes dates and times for people, by name: the one home of every Intl.DateTimeFormat
// outside the shop's clock (issue 30, item 6). Its own entry (`@adire/domain/formats`), not the shared
// index: the shell's first load carries none of them. Each formatter is made on first use and kept
// (making an Intl.DateTimeFormat costs far more than using one).

/** The shop's own time zone: its moments are written as they were in Lagos, wherever they are read. */
const SHOP_TIME_ZONE = 'Africa/Lagos';

function formatter(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => (made ??= new Intl.DateTimeFormat('en-GB', options)).format(date);
}

const at = (options: Intl.DateTimeFormatOptions) => formatter({ timeZone: SHOP_TIME_ZONE, ...options });

/** '14 Feb 2026, 09:30' in Lagos: an order's or a step's moment in the back office and the orders command. */
export const formatShopDateTime = at({ dateStyle: 'medium', timeStyle: 'short' });
/** '14 Feb 2026, 09:30:05' in Lagos: the audit, where seconds order the actions. */
export const formatShopDateTimeSeconds = at({ dateStyle: 'medium', timeStyle: 'medium' });
/** '14 February 2026 at 09:30' in Lagos: a payment's moment in a mail. */
export const formatShopDateTimeLong = at({ dateStyle: 'long', timeStyle: 'short' });
/**
 * '14 Feb 2026' in Lagos: a review's day, a coupon's last day. Written without Intl from 1920 on:
 * a product page shows review days while it hydrates, and a page's first Intl formatter loads the
 * locale's data (11–35 ms on a desktop, four times that on Lighthouse's phone, in one task). Lagos
 * has kept West Africa Time (UTC+1, no summer time) since 1919; formats.test.ts checks the two agree.
 */
const intlShopDay = at({ day: 'numeric', month: 'short', year: 'numeric' });
const WEST_AFRICA_TIME_MS = 3_600_000;
const WEST_AFRICA_TIME_SINCE = Date.UTC(1920, 0, 1);
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
export const formatShopDay = (date: Date): string => {
  const time = date.getTime();
  if (!(time >= WEST_AFRICA_TIME_SINCE && time < 8.64e15 - WEST_AFRICA_TIME_MS)) return intlShopDay(date);
  const lagos = new Date(time + WEST_AFRICA_TIME_MS);
  return `${lagos.getUTCDate()} ${MONTHS_SHORT[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
};
/** '14 February 2026' in Lagos: a blog post's day. */
export const formatShopDayLong = at({ day: 'numeric', month: 'long', year: 'numeric' });
/** '2:32pm' in Lagos: when the flowers reached the door ("Delivered to Mum at 2:32pm", issue 40). */
const clock12 = at({ hour: 'numeric', minute: '2-digit', hour12: true });
export const formatShopClockTime = (date: Date): string => clock12(date).replace(/\s/g, '').replace(/\./g, '').toLowerCase();
/** 'Sat 14 Feb, 09:30' in Lagos (24-hour clock): a step on the order tracker. */
export const formatShopWeekdayTime = at({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

// Calendar days written YYYY-MM-DD (a delivery day) are shown as they are written: read at noon UTC
// and formatted in UTC, so no time zone moves them to another day.
const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);
const dayShort = formatter({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayWithYear = formatter({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayLong = formatter({ weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** '2027-02-14' → 'Sun 14 Feb' (a delivery day to choose). */
export const formatCalendarDay = (date: string): string => dayShort(utcNoon(date)).replace(',', '');
/** '2026-11-24' → 'Tue 24 Nov 2026' (a day on the florists' board). */
export const formatCalendarDayWithYear = (date: string): string => dayWithYear(utcNoon(date)).replace(',', '');
/** '2027-02-14' → 'Sunday 14 February' (the chosen delivery day). */
export const formatCalendarDayLong = (date: string): string => dayLong(utcNoon(date));
