import { BRAND } from '@adire/contracts';
import { whatsAppDigits, whatsAppLink } from '@adire/domain/whatsapp';
import { useShopContact } from './shopContact';

/**
 * "Chat with us on WhatsApp", the order number already typed in (issue 34): to the shop's WhatsApp
 * contact from its settings (`shopContact.whatsapp`, a wa.me link or a number: its digits are what
 * wa.me needs). Nothing is shown while the contact loads or when it holds no number.
 */
export function ChatOnWhatsApp({ orderNumber, lead }: { orderNumber: string; lead: string }) {
  const contact = useShopContact();
  if (!contact || !whatsAppDigits(contact.whatsapp)) return null;
  const text = `Hello ${BRAND}, I have a question about my order ${orderNumber}.`;
  return (
    <p>
      {lead}{' '}
      <a href={whatsAppLink(text, contact.whatsapp)} target="_blank" rel="noopener noreferrer">
        Chat with us on WhatsApp
      </a>
    </p>
  );
}
