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
