// Which application owns a path is declared once in the contracts (the server reads it too).
export { isAccountRoute, isBackofficeRoute, isCatalogRoute, isCheckoutRoute, isKnownRoute, isNewsletterConfirmRoute, isUnsubscribeRoute, showsFooter, showsMainHeader } from '@adire/contracts';
