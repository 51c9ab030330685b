import { api } from '@adire/api-client';
import { BACKOFFICE_PATHS, type ApiResult } from '@adire/contracts';
import { useSession } from './session';

/** The back office's own API (server: domains/staff), under its own prefix. */
export const BACKOFFICE_API = '/v1/backoffice';

export const paths = {
  login: `${BACKOFFICE_API}/auth/login`,
  acceptInvite: `${BACKOFFICE_API}/auth/accept-invite`,
  resetRequest: `${BACKOFFICE_API}/auth/reset-request`,
  reset: `${BACKOFFICE_API}/auth/reset`,
  logout: `${BACKOFFICE_API}/auth/logout`,
  orders: BACKOFFICE_PATHS.orders,
  order: BACKOFFICE_PATHS.order,
  advance: BACKOFFICE_PATHS.advance,
  transfer: BACKOFFICE_PATHS.transfer,
  settings: `${BACKOFFICE_API}/settings`,
  deliverySettings: BACKOFFICE_PATHS.deliverySettings,
  /** Each day's places taken and held against capacity; a place's day sheet (the contracts' paths). */
  days: BACKOFFICE_PATHS.days,
  daySheet: BACKOFFICE_PATHS.daySheet,
  staff: `${BACKOFFICE_API}/staff`,
  /** A member's lifecycle: disable, enable, sign-out, unlock, reset, remove (POST) and role (PUT). */
  member: (email: string, action: string) => `${BACKOFFICE_API}/staff/${encodeURIComponent(email)}/${action}`,
  audit: BACKOFFICE_PATHS.audit,
  products: BACKOFFICE_PATHS.products,
  product: BACKOFFICE_PATHS.product,
  designs: BACKOFFICE_PATHS.designs,
  featured: BACKOFFICE_PATHS.featured,
  featuredList: BACKOFFICE_PATHS.featuredList,
  releases: `${BACKOFFICE_API}/releases`,
  reviews: BACKOFFICE_PATHS.reviews,
  review: BACKOFFICE_PATHS.review,
} as const;

type Query = Record<string, string | number | boolean | undefined>;

/** A call with the staff session's token (never the shopper's); a session the server ended signs out. */
async function call<T>(run: (token: string | null) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const token = useSession.getState().session?.token ?? null;
  const result = await run(token);
  if (result.error && result.status === 401 && token) useSession.getState().signOut();
  return result;
}

export const staffApi = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => call<T>((token) => api.get<T>(path, { query, token, signal })),
  post: <T>(path: string, body: Record<string, unknown> = {}) => call<T>((token) => api.post<T>(path, body, { token })),
  put: <T>(path: string, body: Record<string, unknown>) => call<T>((token) => api.put<T>(path, body, { token })),
};
