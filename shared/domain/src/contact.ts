// Links to the shop's (or a recipient's) phone, for the pages that show one. The `tel:` rule itself is in
// phone.ts (the shared index, which the shell's footer uses too); WhatsApp links are in `@adire/domain/whatsapp`.
export { telLink } from './phone';
