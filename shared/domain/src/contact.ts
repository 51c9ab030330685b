// Links to the shop's (or a recipient's) phone. Its own entry (`@adire/domain/contact`), not the shared
// index: the pages that show a phone carry it (WhatsApp links are in `@adire/domain/whatsapp`).

/** A `tel:` link for a phone however it is written ('+234 803 555 0142', '0809-555-1234'): its digits and a leading +. */
export const telLink = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
