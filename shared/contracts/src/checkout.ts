// Checkout API shapes (issue 7): what the orders domain accepts and answers inside `{ data }`.
// Field names follow SPEC section 3 ("Checkout payload"); amounts are in the order's currency unless
// the name ends in Ngn.
import { DELIVERY_LOCATIONS, type CurrencyName, type DeliveryMethod, type PickupLocationCode } from './names';
import type { CheckoutSettings, DayPlace } from './days';
import { CHECKOUT_NOTE_NAMES, CHECKOUT_NOTES, type CheckoutNoteName, type CheckoutNotes } from './checkout-notes';
import type { Order, PaymentStatus, Review, User } from './entities';
import type { TrackedDelivery, TrackedPhoto } from './backoffice-proof';

// Moved down the one-way order (issue 44): the names and places to names.ts, the day settings to days.ts,
// the notes' table to checkout-notes.ts. Still exported from here, as before.
export { PICKUP_LOCATIONS, type DeliveryMethod } from './names';
export * from './days';
export * from './checkout-notes';

/** Accepted from clients: the form's spelling and the stored one (DeliveryMethod: names.ts). */
export type DeliveryMethodInput = DeliveryMethod | 'pick-up';

/**
 * SPEC section 9 "Delivery-location choices": the states of the delivery settings. One list with the
 * catalogue's featured locations; this name stays for remotes built against it.
 */
export const DELIVERY_STATES = DELIVERY_LOCATIONS;

/** The country codes a recipient's (and a sender's) phone may have: the checkout's choices and the address book's. */
export const COUNTRY_CODES = [
  { code: '+234', country: 'Nigeria' },
  { code: '+44', country: 'United Kingdom' },
  { code: '+1', country: 'USA / Canada' },
  { code: '+233', country: 'Ghana' },
  { code: '+27', country: 'South Africa' },
  { code: '+254', country: 'Kenya' },
  { code: '+971', country: 'UAE' },
  { code: '+353', country: 'Ireland' },
  { code: '+49', country: 'Germany' },
  { code: '+33', country: 'France' },
] as const;

/** Where the recipient lives: the checkout's choices and the address book's. */
export const RESIDENCE_TYPES = ['House', 'Apartment / flat', 'Office', 'Hotel', 'Hospital', 'Estate (gated)', 'Other'] as const;

/**
 * The recipient as the checkout form sends it. Phones are sent normalised (country code followed by
 * the number without its leading zero, SPEC section 5); `altPhoneCountryCode` only with `phoneAlt`.
 * Blank for pick-up.
 */
export interface CheckoutRecipient {
  name?: string;
  phone?: string;
  phoneCountryCode?: string;
  phoneAlt?: string;
  altPhoneCountryCode?: string;
  address?: string;
  /** One of DELIVERY_LOCATIONS. */
  state?: string;
  residenceType?: string;
  method?: DeliveryMethodInput;
}

/** The notes (deliveryMessage, purpose, adminNotes, deliveryInstruction, …) come from CHECKOUT_NOTES. */
export interface CheckoutOrderData extends CheckoutNotes {
  /** YYYY-MM-DD; today only before the same-day cutoff (CheckoutSettings). */
  deliveryDate: string;
  /** The delivery zone's name within the state, e.g. 'Lekki / Ajah' (delivery only). */
  deliveryZone?: string;
  /** Pick-up: the state of the pick-up point (derived from the location when absent). */
  pickupState?: string;
  /**
   * Pick-up: the pick-up location code (form field pickUpLocation). When absent, `despatchLocation`
   * is read as the pick-up location.
   */
  pickupLocation?: PickupLocationCode;
  /**
   * The branch the order leaves from: for pick-up the pick-up location; for delivery optional (one of
   * the pick-up location codes), otherwise the server picks the state's branch.
   */
  despatchLocation?: string;
  recipient: CheckoutRecipient;
  /** Same kind of recipient detail; `zone` may carry the delivery zone instead of `deliveryZone`. */
  deliveryDetails?: CheckoutRecipient & { zone?: string };
}

/** The sender (the order's client). `password` only with shouldCreateAccount. */
export interface CheckoutUserData {
  name: string;
  email: string;
  phone: string;
  phoneCountryCode?: string;
  password?: string;
}

type NoteFields = { [K in CheckoutNoteName]: { label: (typeof CHECKOUT_NOTES)[K]['label']; paths: readonly string[] } };

/**
 * The checkout form's fields (SPEC section 3 names), each declared once: the label the shopper reads
 * (the form's label, its '… is required' message, the server's field sentences) and the payload paths
 * the server names it by in a 400's `fields` (checkout-order, save-sender-info and the delivery quote).
 * The notes come from CHECKOUT_NOTES.
 */
export const CHECKOUT_FIELDS = {
  senderName: { label: 'Sender name', paths: ['userData.name', 'name'] },
  senderEmail: { label: 'Sender email', paths: ['userData.email', 'email'] },
  senderPhoneNumber: { label: 'Sender phone number', paths: ['userData.phone', 'phone'] },
  senderCountryCode: { label: 'Sender country code', paths: ['userData.phoneCountryCode', 'phoneCountryCode'] },
  senderPassword: { label: 'Password', paths: ['userData.password'] },
  freeAccount: { label: 'Create a free account', paths: [] },
  shouldSaveAddress: { label: 'Save this recipient for next time', paths: [] },
  recipientName: { label: 'Recipient name', paths: ['orderData.recipient.name'] },
  recipientPhoneNumber: { label: 'Recipient phone number', paths: ['orderData.recipient.phone'] },
  recipientCountryCode: { label: 'Recipient country code', paths: ['orderData.recipient.phoneCountryCode'] },
  recipientPhoneNumberAlt: { label: 'Alternative phone number', paths: ['orderData.recipient.phoneAlt'] },
  recipientCountryCodeAlt: { label: 'Alternative phone country code', paths: ['orderData.recipient.altPhoneCountryCode'] },
  recipientHomeAddress: { label: 'Recipient address', paths: ['orderData.recipient.address'] },
  residenceType: { label: 'Residence type', paths: ['orderData.recipient.residenceType'] },
  deliveryMethod: { label: 'Delivery method', paths: ['orderData.recipient.method', 'method'] },
  deliveryDate: { label: 'Delivery date', paths: ['orderData.deliveryDate', 'deliveryDate'] },
  pickUpLocation: { label: 'Pick-up location', paths: ['orderData.pickupLocation', 'orderData.pickupState', 'orderData.despatchLocation', 'pickupLocation'] },
  state: { label: 'State', paths: ['orderData.recipient.state', 'state'] },
  zone: { label: 'Delivery zone', paths: ['orderData.deliveryZone', 'zone'] },
  ...(Object.fromEntries(CHECKOUT_NOTE_NAMES.map((name) => [name, { label: CHECKOUT_NOTES[name].label, paths: [`orderData.${CHECKOUT_NOTES[name].key}`] }])) as unknown as NoteFields),
} as const satisfies Record<string, { label: string; paths: readonly string[] }>;

export type CheckoutFieldName = keyof typeof CHECKOUT_FIELDS;

const FIELD_BY_PATH: ReadonlyMap<string, CheckoutFieldName> = new Map(
  (Object.entries(CHECKOUT_FIELDS) as [CheckoutFieldName, { paths: readonly string[] }][]).flatMap(([field, { paths }]) => paths.map((path) => [path, field] as const)),
);

/** The form field a server path names ('orderData.deliveryDetails.x' reads as 'orderData.recipient.x'), or null. */
export function checkoutFieldOf(path: string): CheckoutFieldName | null {
  return FIELD_BY_PATH.get(path) ?? FIELD_BY_PATH.get(path.replace(/^orderData\.deliveryDetails\./, 'orderData.recipient.')) ?? null;
}

/** Body of PUT /v1/orders/order/checkout-order/{id}. */
export interface CheckoutRequest {
  shouldCreateAccount?: boolean;
  shouldSaveAddress?: boolean;
  orderData: CheckoutOrderData;
  userData: CheckoutUserData;
  currency: CurrencyName;
  business: string;
}

/** Body of PUT /v1/orders/order/save-sender-info/{id}: any of the sender's fields (at least one). */
export interface SenderInfoRequest {
  name?: string;
  email?: string;
  phone?: string;
  phoneCountryCode?: string;
  business: string;
}

/** What delivery costs for a method, place and day (answer of GET …/delivery-quote/{id}). */
export interface DeliveryQuote {
  method: DeliveryMethod;
  /** Delivery: the state and zone priced; pick-up: the pick-up point's state. */
  state: string | null;
  zone: string | null;
  pickupLocation: PickupLocationCode | null;
  /** The delivery settings that priced it: the base config or an override (e.g. "Valentine's Day"). */
  configName: string | null;
  /** Free delivery from this naira amount of items (designs included). */
  freeFromNgn: number | null;
  free: boolean;
  feeNgn: number;
  /** In the order's currency. */
  fee: number;
  currency: CurrencyName;
}

/** Answer of a successful checkout submit. */
export interface CheckoutResponse {
  order: Order;
  delivery: DeliveryQuote;
  /**
   * The logged-in user (with its authToken) when an account was just created or the caller was
   * logged in (recipients then include a newly saved one): the client stores it as the current user.
   */
  user?: User;
}

export type CouponKind = 'percent' | 'fixed';

/** Body of POST /v1/coupon/validate?business=. */
export interface CouponValidateRequest {
  code: string;
  /** The order id. */
  order: string;
  business?: string;
}

export interface AppliedCoupon {
  code: string;
  kind: CouponKind;
  /** Percent (1–100) or naira off. */
  amount: number;
  minOrderNgn: number;
  discountNgn: number;
  /** In the order's currency. */
  discount: number;
}

export interface CouponValidateResponse {
  coupon: AppliedCoupon;
  order: Order;
  /** e.g. 'Coupon BLOOM10 applied: 10% off' */
  message: string;
}

/** The delivery timeline, in order. */
export const TRACKING_STEPS = ['received', 'paid', 'arranged', 'despatched', 'delivered'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
/** The steps an operator moves an order through (`pnpm orders advance`). */
export const DELIVERY_STEPS = ['arranged', 'despatched', 'delivered'] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

export interface TimelineEntry {
  step: TrackingStep;
  done: boolean;
  /** ISO time the step was reached, when known. */
  at: string | null;
}

/** What the tracker shows only to a caller who gives the sender's phone or e-mail. */
export interface TrackedOrderDetails {
  client: NonNullable<Order['client']>;
  deliveryDetails: NonNullable<Order['deliveryDetails']>;
  recipientAddress?: string;
  deliveryMessage?: string;
  pickupLocation?: PickupLocationCode;
  orderProducts: Order['orderProducts'];
  currency: CurrencyName;
  total?: number;
}

/** Answer of GET /v1/orders/order/order-number/{orderNumber}?business=[&phone=|&email=]. */
export interface OrderTrackerResponse {
  orderNumber: string;
  /** The last step reached: all that anyone with the number sees. */
  status: TrackingStep;
  /** The shop cancelled the order (issue 39): the tracker says Cancelled whatever the step. */
  cancelled?: boolean;
  /**
   * True when the phone or e-mail given matches the sender's; only then are the payment status, the
   * day, the method, the timeline and `details` present (order numbers follow each other).
   */
  verified: boolean;
  paymentStatus?: PaymentStatus;
  deliveryDate?: string;
  deliveryMethod?: DeliveryMethod | null;
  timeline?: TimelineEntry[];
  details?: TrackedOrderDetails;
  /** The order's photos (issue 40: the finished arrangement, the door): to a verified sender only, oldest first. */
  photos?: TrackedPhoto[];
  /** Who took the flowers and when, and failed attempts (issue 40): to a verified sender only. */
  delivery?: TrackedDelivery;
  /** Money the shop gave back (issue 39): to a verified sender only, oldest first. */
  refunds?: TrackedRefund[];
}

/** A refund as the sender's tracker shows it. */
export interface TrackedRefund {
  amount: number;
  currency: string;
  /** 'pending' (on its way), 'processed' (refunded) or 'failed'. */
  status: string;
  at: string;
}

/** Body of POST /v1/orders/order/submit-review/{orderId}. */
export interface ReviewRequest extends Review {
  business: string;
}

export interface ReviewResponse extends Review {
  author: string;
  /** The products the review now shows on. */
  productIds: string[];
}

/** One day as `GET /v1/storefront/delivery-days` answers it for a place. */
export interface DeliveryDay {
  /** YYYY-MM-DD */
  date: string;
  open: boolean;
  /** Why a day is not open, as a shopper reads it ('Fully booked', 'Closed', 'Orders for 14 Feb closed at 6pm on 13 Feb'). */
  reason?: string;
  /** Places left, only when the day has a capacity for the place. */
  remaining?: number;
}

/** `GET /v1/storefront/delivery-days?business=&from=YYYY-MM-DD&days=N&location=<DayPlace>` → `{ data: DeliveryDay[] }`. */
export const DELIVERY_DAYS_MAX = 62;

/** The fields of a 409 `DAY_FULL` besides its message: the next open days for the same place. */
export interface DayFullDetails {
  date: string;
  place: DayPlace;
  nextOpenDays: string[];
}

export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = {
  timeZone: 'Africa/Lagos',
  sameDayCutoff: { delivery: '21:00', pickup: '23:50' },
};

export const REVIEW_COMMENT_MAX_LENGTH = 1000;
