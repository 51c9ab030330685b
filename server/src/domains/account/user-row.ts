import type { CartItem, Recipient, User } from '@adire/contracts';
import type { Selectable } from 'kysely';
import type { AppUserTable } from '../../db/schema';

/** An `app_user` row, and the user as the storefront sees it (read by the session guard and the store alike). */
export type AppUserRow = Selectable<AppUserTable>;

export function jsonArray<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** A user row as the storefront sees it (SPEC section 3), with the session's token. */
export function toUserData(row: AppUserRow, authToken: string): User {
  return {
    email: row.email,
    ...(row.name ? { name: row.name } : {}),
    authToken,
    cartItems: jsonArray<CartItem>(row.cart_items),
    recipients: jsonArray<Recipient>(row.recipients),
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.phone_country_code ? { phoneCountryCode: row.phone_country_code } : {}),
  };
}
