import type { Category, Currency, SiteSettings, User } from './entities';

/** What every API client call resolves to (SPEC section 8). */
export interface ApiResult<T> {
  error: boolean;
  message: string;
  data: T | null;
  status?: number;
}

/** The server's failure envelope. */
export interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

export interface HandshakeResponse {
  user: User | null;
  deliveryZoneAmount: number;
  currencies: Pick<Currency, 'name' | 'conversionRate'>[];
  settings: SiteSettings;
}

export type CategoriesResponse = Category[];
