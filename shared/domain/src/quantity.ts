// How many of one cart line a shopper may have: a whole number from 1 to 99, on the product page, in the
// cart drawer and at the server. Its own entry (`@adire/domain/quantity`), not the shared index: the
// shell's first load does not carry it.

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** A whole number from 1 to 99, as the server takes a line's quantity. */
export function isQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY;
}

/** The nearest quantity a shopper may have: a whole number from 1 to 99; anything unreadable is 1. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.floor(value)));
}

/** Whether plus may add one more (the drawer's and the product page's plus stop at 99). */
export const canIncrease = (quantity: number): boolean => quantity < MAX_QUANTITY;
