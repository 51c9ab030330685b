import type { CurrencyName } from './entities';

/** Business identifier sent as `business` on every call. */
export const BUSINESS = 'adire-blooms';
export const BRAND = 'Adire Blooms';

export const API_PATHS = {
  handshake: '/v1/storefront/handshake',
  login: '/v1/storefront/auth/login',
  signup: '/v1/storefront/auth/signup',
  logout: '/v1/storefront/auth/logout',
  otpRequest: '/v1/storefront/auth/otp/request',
  otpValidate: '/v1/storefront/auth/otp/validate',
  changePassword: '/v1/storefront/auth/change-password',
  subscribe: '/v1/storefront/subscribe',
  unsubscribe: '/v1/storefront/unsubscribe',
  confirmSubscription: '/v1/storefront/confirm-subscription',
  shopContact: '/v1/storefront/shop',
  categories: '/v1/catalog/categories',
  cartUpdate: '/v1/cart-item/update',
  orderCreate: '/v1/orders/order/create',
  order: (id: string) => `/v1/orders/order/${encodeURIComponent(id)}`,
  orderByNumber: (n: string) => `/v1/orders/order/order-number/${encodeURIComponent(n)}`,
  deleteCoupon: (id: string) => `/v1/orders/order/delete-coupon/${encodeURIComponent(id)}`,
  checkoutOrder: (id: string) => `/v1/orders/order/checkout-order/${encodeURIComponent(id)}`,
  saveSenderInfo: (id: string) => `/v1/orders/order/save-sender-info/${encodeURIComponent(id)}`,
  submitReview: (id: string) => `/v1/orders/order/submit-review/${encodeURIComponent(id)}`,
  updatePaymentDetails: (id: string) =>
    `/v1/orders/order/update-payment-details/${encodeURIComponent(id)}`,
  transferNotice: (id: string) => `/v1/orders/order/transfer-notice/${encodeURIComponent(id)}`,
  couponValidate: '/v1/coupon/validate',
  deliveryQuote: (id: string) => `/v1/orders/order/delivery-quote/${encodeURIComponent(id)}`,
  /** `?business=&from=YYYY-MM-DD&days=N&location=<DayPlace>` → DeliveryDay[] (public, cached under the data stamp). */
  deliveryDays: '/v1/storefront/delivery-days',
} as const;

/**
 * The remotes (the four of the store, and the staff's back office, which shopper pages never load);
 * with the shell, also the values of `data-boundary`.
 */
export const REMOTE_NAMES = ['catalog', 'cart', 'account', 'checkout', 'backoffice'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type Boundary = 'shell' | RemoteName;

/** `/remotes.json`: each remote's live entry URL (relative to the store, or absolute for a CDN). */
export interface RemoteManifestEntry {
  entry: string;
  version: string;
}
export type RemotesManifest = Record<RemoteName, RemoteManifestEntry>;

/**
 * `/remotes.json` as the server sends it: the live remotes, plus the live shell release's version
 * (for the version readout) and `devOverrides: true` only on a store started in development mode,
 * where the shell honours `?remote.<name>=<local entry>` overrides.
 */
/** `canary`: present while a canary release runs; the targets this browser is served a canary of (issue 21). */
export type StoreManifest = Partial<RemotesManifest> & { shell?: { version: string }; devOverrides?: boolean; canary?: string[] };

export const CURRENCY_NAMES: readonly CurrencyName[] = ['NGN', 'USD', 'GBP'];

export const DEFAULT_CATEGORY_SLUG = 'flowers-for-love-birthday-anniversary-etc';
