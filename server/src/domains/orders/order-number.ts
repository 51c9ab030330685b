import type { DeliveryMethod } from '@adire/contracts';
import { pickupLocation } from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Human order numbers next to the unguessable id: 'AB' (the shop) + a zone letter + a sequence + 'W'
 * (placed on the web), e.g. ABL1042W. The sequence is one counter row bumped inside the checkout
 * transaction, so two checkouts never share a number (the row lock orders them on PostgreSQL, SQLite
 * has a single writer) and a failed checkout gives its number back.
 */

/** L Lagos, A Abuja, O other states; a pick-up takes its point's state. */
export function zoneLetter(method: DeliveryMethod, state: string | null | undefined, pickup?: string | null): 'L' | 'A' | 'O' {
  const where = method === 'pickup' ? (pickupLocation(pickup ?? '')?.state ?? '') : (state ?? '').trim().toLowerCase();
  return where === 'lagos' ? 'L' : where === 'abuja' ? 'A' : 'O';
}

export function formatOrderNumber(letter: string, sequence: number): string {
  return `AB${letter}${sequence}W`;
}

export const ORDER_NUMBER_PATTERN = /^AB[LAO]\d{4,}W$/;

/** The tracker accepts what shoppers type: any case, spaces, a leading '#'. */
export function normaliseOrderNumber(raw: string): string {
  return raw.replace(/[\s#-]/g, '').toUpperCase();
}

/**
 * An order number given to an operator command, normalised; `fail` makes the command's own error
 * ('… is not an order number; they look like ABL1042W.') when it cannot be one.
 */
export function orderNumberArg(raw: string | undefined, fail: (message: string) => Error): string {
  const n = normaliseOrderNumber(raw ?? '');
  if (!/^[A-Z0-9]{3,30}$/.test(n)) throw fail(`'${raw ?? ''}' is not an order number; they look like ABL1042W.`);
  return n;
}

/** Next value of the counter, inside the caller's transaction. */
export async function nextSequence(trx: Kysely<Database>): Promise<number> {
  const row = await trx
    .updateTable('order_sequence')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order-number')
    .returning('value')
    .executeTakeFirst();
  if (!row) throw new Error("The order-number counter is missing (table order_sequence, row 'order-number')");
  return Number(row.value);
}
