import { DEFAULT_COUNTRY_CODE, fullPhoneNumber } from './phone';

// WhatsApp links (issue 34). Its own entry (`@adire/domain/whatsapp`), not the shared index: only the
// pages that offer a chat or a share carry it, never the home page's first load.

/** A number inside a WhatsApp link as the shop's contact may hold it ('https://wa.me/234…', 'https://api.whatsapp.com/send?phone=234…'). */
const WHATSAPP_LINK = /(?:wa\.me\/|[?&]phone=)(\+?[\d\s().%-]+)/i;

/**
 * The digits a `wa.me` link needs — the country code and the number, nothing else — from however the
 * shop's WhatsApp contact is written: a link ('https://wa.me/2348035550142'), a full number
 * ('+234 803 555 0142') or a Nigerian one ('0803 555 0142'). '' when it holds no valid number.
 */
export function whatsAppDigits(contact: string | null | undefined): string {
  const raw = (contact ?? '').trim();
  if (!raw) return '';
  const number = (WHATSAPP_LINK.exec(raw)?.[1] ?? raw).replace(/%20/g, ' ').trim();
  const typed = /^\d{11,15}$/.test(number) && !number.startsWith('0') ? `+${number}` : number;
  const full = fullPhoneNumber(DEFAULT_COUNTRY_CODE, typed);
  return full ? full.slice(1) : '';
}

/**
 * A link that opens WhatsApp with `text` typed in: a chat with `contact` (the shop's number, as
 * `whatsAppDigits` reads it), or, without one, WhatsApp's own choice of whom to send it to.
 */
export function whatsAppLink(text: string, contact?: string | null): string {
  return `https://wa.me/${whatsAppDigits(contact)}?text=${encodeURIComponent(text)}`;
}
