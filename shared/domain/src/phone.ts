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

/** What may be typed besides digits: spaces, dashes, dots and brackets ('0803 123-4567', '(0803) 123 4567'). */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;
/** A number in full (E.164): '+', a country code not starting with 0, 8–15 digits in all. */
const FULL_PHONE = /^\+[1-9]\d{7,14}$/;
/** Nigeria's numbers after +234: 10 digits for mobiles ('803 123 4567'), 8 or 9 for fixed lines ('1 234 5678'). */
const NIGERIAN_NUMBER = /^\d{8,10}$/;

export const PHONE_REASON = 'is not a valid phone number';

/**
 * The one phone rule of the shop, for the forms and the server: the number as typed with its country
 * code (or typed in full with '+'), written in full ('+2348031234567'), or null when it cannot be a
 * real number — a Nigerian number has 8–10 digits after +234 (a leading zero dropped), any other
 * country's is 8–15 digits in all, the country code included.
 */
export function fullPhoneNumber(countryCode: string | undefined | null, typed: string | undefined | null): string | null {
  const raw = (typed ?? '').trim();
  if (!raw || !TYPED_PHONE.test(raw)) return null;
  const compact = raw.replace(/[\s().-]/g, '');
  const full = compact.startsWith('+') ? compact : normalizePhone(countryCode?.trim() || DEFAULT_COUNTRY_CODE, compact);
  if (!FULL_PHONE.test(full)) return null;
  if (full.startsWith(DEFAULT_COUNTRY_CODE) && !NIGERIAN_NUMBER.test(full.slice(DEFAULT_COUNTRY_CODE.length))) return null;
  return full;
}

export const isPhoneNumber = (countryCode: string | undefined | null, typed: string | undefined | null): boolean => fullPhoneNumber(countryCode, typed) !== null;

/** A `tel:` link for a phone however it is written ('+234 803 555 0142', '0809-555-1234'): its digits and a leading +. */
export const telLink = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A stored number as people write it: a Nigerian mobile as '0803 333 4444' (a fixed line '01 234 5678'),
 * another country's in the international form with its code apart ('+44 7700900123'). `countryCode`
 * is the one it was saved with; a number that does not start with it is shown as stored.
 */
export function shownPhone(phone: string, countryCode: string | undefined = DEFAULT_COUNTRY_CODE): string {
  const code = countryCode?.trim() || DEFAULT_COUNTRY_CODE;
  if (!phone.startsWith(code)) return phone;
  const rest = phone.slice(code.length);
  if (code !== DEFAULT_COUNTRY_CODE) return `${code} ${rest}`;
  if (rest.length === 10) return `0${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}`;
  return `0${rest.slice(0, rest.length - 7)} ${rest.slice(-7, -4)} ${rest.slice(-4)}`;
}
