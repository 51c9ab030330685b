import type { Category, Currency, SiteSettings, User } from './entities';

/** What every API client call resolves to (SPEC section 8). */
export interface ApiResult<T> {
  error: boolean;
  message: string;
  data: T | null;
  status?: number;
  /** On a failure: the server's machine-readable code (e.g. 'CHECKOUT_INVALID'). */
  code?: string;
  /** On a 400: each wrong field, by its path in the request, with a short reason. */
  fields?: Record<string, string>;
  /** On a failure: what the code carries besides the sentence (`DAY_FULL` → DayFullDetails). */
  details?: object;
}

/** The server's failure envelope. */
export interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  /** More for the client to act on, by code: `DAY_FULL` → DayFullDetails (the next open days). */
  details?: object;
}

export interface HandshakeResponse {
  user: User | null;
  deliveryZoneAmount: number;
  currencies: Pick<Currency, 'name' | 'conversionRate'>[];
  settings: SiteSettings;
}

export type CategoriesResponse = Category[];
