/**
 * `@adire/domain/days`: peak days — a day's capacity for a place, what a shopper is told about each
 * day, the delivery-days answer read with the one date rule. Its own entry, out of the package root
 * every page loads first: only the cart drawer, the checkout, the back office and the server use it.
 * (Order-by times are part of the date rule itself, in the root: cutoff.ts.)
 */
export * from './capacity';
export * from './deliveryDays';
