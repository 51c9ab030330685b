/** The country code a phone field starts with (Nigeria). */
export const DEFAULT_COUNTRY_CODE = '+234';

/**
 * Phone as sent to the server: a leading zero is stripped and the country code prefixed
 * ('+234' + '8031234567'). Spaces and dashes are ignored. Empty input gives ''.
 */
export function normalizePhone(countryCode: string, phone: string | undefined | null): string {
  const digits = (phone ?? '').replace(/[\s-]/g, '');
  if (!digits) return '';
  const local = digits.replace(/^0+/, '');
  const code = countryCode.trim().startsWith('+') ? countryCode.trim() : `+${countryCode.trim()}`;
  return `${code}${local}`;
}

/**
 * The reverse, for a form: the number as the shopper would type it. A stored phone is the country
 * code followed by the number, so the code is taken off again ('+2348031234567' with '+234' → '8031234567').
 */
export function localNumber(phone: string | undefined, countryCode: string | undefined): string {
  if (!phone) return '';
  const code = countryCode?.trim();
  if (code && phone.startsWith(code)) return phone.slice(code.length);
  return phone;
}
