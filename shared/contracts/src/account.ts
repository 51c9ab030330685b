import type { TrackedPhoto } from './backoffice-proof';
import type { TrackingStep } from './checkout';
import type { CartItem, CurrencyName, PaymentStatus, Recipient } from './entities';

/**
 * The shopper's own account (issue 33): its pages under /account (owned by mf-account) and its API
 * under /v1/storefront/account/… (Bearer auth, every answer `private, no-store`). Imported as
 * `@adire/contracts/account`, not from the package's root: the root is shared by every page (the home
 * page's scripts are at their budget), this only by the account's pages and the server.
 */
export { ACCOUNT_APP_NAME, ACCOUNT_PATH, isAccountRoute } from './routes';

/** The account pages, each a path under /account. */
export const ACCOUNT_PAGES = {
  orders: '/account',
  recipients: '/account/recipients',
  reminders: '/account/reminders',
  sessions: '/account/sessions',
  password: '/account/password',
  data: '/account/data',
} as const;

export const ACCOUNT_API = {
  /** GET `?business=&page=1&pageSize=10` → `{data: AccountOrder[]}`, newest first. */
  orders: '/v1/storefront/account/orders',
  /** GET → `{data: SendAgain}`: the order's items at today's prices and availability. */
  sendAgain: (orderId: string) => `/v1/storefront/account/orders/${encodeURIComponent(orderId)}/again`,
  /** GET → `{data: SavedRecipient[]}`. */
  recipients: '/v1/storefront/account/recipients',
  /** PUT (body `{business, recipient}`) and DELETE (`?business=`) one saved recipient. */
  recipient: (id: string) => `/v1/storefront/account/recipients/${encodeURIComponent(id)}`,
  /** GET → `{data: AccountSession[]}`. */
  sessions: '/v1/storefront/account/sessions',
  /** DELETE (`?business=`): sign one session out. */
  session: (id: string) => `/v1/storefront/account/sessions/${encodeURIComponent(id)}`,
  /** POST `{business}`: sign out every session but this one. */
  signOutOthers: '/v1/storefront/account/sessions/sign-out-others',
  /** GET → a JSON file (AccountExport) to download. */
  export: '/v1/storefront/account/export',
  /** DELETE, body `{business, password, confirmation}`: erase the account (confirmation = ACCOUNT_DELETE_WORD). */
  account: '/v1/storefront/account',
  /** GET → `{data: OccasionReminder[]}`; POST `{business, name, date, daysBefore?, orderId?}`. */
  reminders: '/v1/storefront/account/reminders',
  /** DELETE (`?business=`). */
  reminder: (id: string) => `/v1/storefront/account/reminders/${encodeURIComponent(id)}`,
  /** POST `{business, token}`: the one-click stop link of a reminder mail (no login). */
  reminderStop: '/v1/storefront/account/reminders/stop',
  /** POST `{business, token}`: the confirmation link of the sign-up mail (no login) → `{data: {confirmed: true, email}}`. */
  confirmEmail: '/v1/storefront/account/email/confirm',
  /** POST `{business}` (logged in): a new confirmation link by e-mail → `{data: {sent, verified}}`; the auth limits apply. */
  resendConfirmation: '/v1/storefront/account/email/confirmation',
} as const;

/** The word a shopper types to confirm deleting their account. */
export const ACCOUNT_DELETE_WORD = 'DELETE';

/** The tracker's words for its steps (the tracker and the account's order list both use them). */
export const TRACKING_STEP_LABELS: Record<TrackingStep, string> = {
  received: 'Order received',
  paid: 'Payment confirmed',
  arranged: 'Flowers arranged',
  despatched: 'Out for delivery',
  delivered: 'Delivered',
};

export interface AccountOrderItem {
  name: string;
  quantity: number;
  size?: string;
  /** In the order's currency, each. */
  price: number;
  image: string;
  SKU?: string;
  design?: unknown;
}

/** One order in the shopper's list. */
export interface AccountOrder {
  id: string;
  orderNumber: string;
  /** When it was placed (ISO time). */
  createdAt: string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  deliveryMethod: 'delivery' | 'pickup' | null;
  /** The recipient's name (a pick-up: the branch's code in pickupLocation). */
  recipientName: string | null;
  pickupLocation: string | null;
  items: AccountOrderItem[];
  currency: CurrencyName;
  total: number;
  paymentStatus: PaymentStatus;
  paid: boolean;
  /** The tracker's stage and its words (TRACKING_STEP_LABELS). */
  stage: TrackingStep;
  stageLabel: string;
  /** The sender's contact the tracker asks for, so the page can open the tracker's detail. */
  senderEmail: string | null;
  reviewed: boolean;
  /** The order's photos (issue 40: the arrangement, the door), oldest first; the shopper's own orders only. */
  photos?: TrackedPhoto[];
}

/** A saved recipient with its id (stable while its name, phone and address stay). */
export interface SavedRecipient extends Recipient {
  id: string;
}

export interface AccountSession {
  /** Not the token: a short public id of the session. */
  id: string;
  device: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

export interface OccasionReminder {
  id: string;
  name: string;
  /** MM-DD. */
  monthDay: string;
  daysBefore: number;
  orderId: string | null;
  stopped: boolean;
  createdAt: string;
}

/**
 * One payment record of an order in "download my data": a payment started at a provider (`started`,
 * its state as the provider last answered) or money received (`received`). Never a provider's answer,
 * token, link or card data.
 */
export interface AccountPaymentRecord {
  /** 'refunded': money the shop gave back (issue 39), state 'pending' | 'processed' | 'failed'. */
  kind: 'started' | 'received' | 'refunded';
  /** 'paystack', 'flutterwave', 'paypal', 'monnify' or 'manual' (a bank transfer). */
  provider: string;
  /** The payment method as the shopper chose it. */
  method: string;
  /** The shop's own reference of the payment (on the shopper's receipt). */
  reference: string;
  /** 'pending', 'paid', 'part payment', 'failed', 'paid - confirmed by transfer', … */
  state: string;
  amount: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

/** The download of "my data" (NDPA 2023): everything held on the shopper. */
export interface AccountExport {
  exportedAt: string;
  profile: { email: string; name: string | null; phone: string | null; phoneCountryCode: string | null; createdAt: string };
  recipients: Recipient[];
  savedCart: unknown[];
  sessions: Omit<AccountSession, 'id' | 'current'>[];
  reminders: OccasionReminder[];
  /** Each part another domain holds (orders with payments and reviews, newsletter). */
  [part: string]: unknown;
}

/** What became of an order's item since: gone (no longer sold or out of stock), or a new price (NGN each). */
export interface SendAgainNote {
  name: string;
  change: 'gone' | 'price';
  /** The price paid then and today's, in NGN each (a price change only). */
  was?: number;
  now?: number;
  /** What the shopper reads, e.g. 'Red Velvet Roses is no longer available' or 'Red Velvet Roses now costs ₦52,000 (was ₦45,000)'. */
  message: string;
}

/** "Send again": the cart lines to add (catalogue prices of today) and a word for every change. */
export interface SendAgain {
  items: CartItem[];
  notes: SendAgainNote[];
}
