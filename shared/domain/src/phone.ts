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
