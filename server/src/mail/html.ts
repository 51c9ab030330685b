/** Escape text for an HTML text node or a double- or single-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Text a shopper typed (a name, an address, the card message), made so that no mail client turns it
 * into a link: a zero-width space after each dot, '@', colon or slash that joins two words, so
 * 'www.bank.com/login' or 'help@bank.com' reads the same and links nowhere. Use it on every free text
 * a mail repeats, in the text part and the HTML part.
 */
export function unlinked(value: string): string {
  return value.replace(/([.@:/])(?=[\p{L}\p{N}/])/gu, '$1\u200B');
}
