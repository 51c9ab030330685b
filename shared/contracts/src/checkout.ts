// Checkout API shapes (issue 7): what the orders domain accepts and answers inside `{ data }`.
// Field names follow SPEC section 3 ("Checkout payload"); amounts are in the order's currency unless
// the name ends in Ngn.
import { DELIVERY_LOCATIONS, type DeliveryLocation } from './catalog';
import type { CurrencyName, Order, PaymentStatus, PickupLocationCode, Review, User } from './entities';
import type { TrackedDelivery, TrackedPhoto } from './backoffice-proof';

/** How the order reaches the recipient. The form says 'pick-up'; the server stores 'pickup'. */
export type DeliveryMethod = 'delivery' | 'pickup';
/** Accepted from clients: the form's spelling and the stored one. */
export type DeliveryMethodInput = DeliveryMethod | 'pick-up';

/** The pick-up points (SPEC section 9) and the state each one is in. */
export const PICKUP_LOCATIONS: readonly { code: PickupLocationCode; state: 'lagos' | 'abuja' }[] = [
  { code: 'Ikoyi LPI', state: 'lagos' },
  { code: 'Abuja APA', state: 'abuja' },
  { code: 'Lekki LPL', state: 'lagos' },
];

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

/** Where a checkout note is shown besides the order's answer: the printed card, the back office's order page
 * and delivery sheet, the confirmation mail, the checkout's order summary. */
export type CheckoutNotePlace = 'card' | 'sheet' | 'mail' | 'summary';

/** One free-text field of the checkout (a note that travels with the order). */
export interface CheckoutNoteSpec {
  /** What the shopper reads in the form; the server's 400 and the back office use it too. */
  label: string;
  /** Its name in the payload's `orderData` and in the `Order` answer. */
  key: string;
  maxLength: number;
  /** Required whenever it is asked for. */
  required: boolean;
  /** The delivery methods it is asked for; sent with another method it is dropped. */
  methods: readonly DeliveryMethod[];
  shownOn: readonly CheckoutNotePlace[];
  /** The line under the field in the form. */
  hint?: string;
  /** Offered as a list in the form (the server takes any text of the length), under `placeholder`. */
  choices?: readonly string[];
  placeholder?: string;
}

const ANY_METHOD = ['delivery', 'pickup'] as const satisfies readonly DeliveryMethod[];

/**
 * The checkout's notes, each declared once: the server validates and stores them from this table, and the
 * delivery form, the order summary, the confirmation mail and the back office's order page draw them from
 * it. A new note is one entry here (it is stored in the order's `checkout_notes`); see the server's
 * README, "A new checkout note". The first four are SPEC section 3's and keep their own columns.
 */
export const CHECKOUT_NOTES = {
  message: {
    label: 'Message for the card',
    key: 'deliveryMessage',
    maxLength: 1000,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['card', 'mail', 'summary'],
    hint: 'We write it on the card that goes with the flowers.',
  },
  purpose: {
    label: 'Purpose',
    key: 'purpose',
    maxLength: 120,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet'],
    placeholder: 'Choose the occasion',
    choices: ['Birthday', 'Anniversary', 'Love and romance', 'Get well soon', 'Sympathy', 'Congratulations', 'Thank you', 'Wedding', 'Just because', 'Other'],
  },
  deliveryInstruction: {
    label: 'Delivery instruction',
    key: 'deliveryInstruction',
    maxLength: 1000,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet'],
    hint: 'For the rider, e.g. call before arriving.',
  },
  additionalInfo: {
    label: 'Additional information',
    key: 'adminNotes',
    maxLength: 1000,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet'],
    hint: 'Anything else we should know.',
  },
  giftWrapNote: {
    label: 'Gift wrap note',
    key: 'giftWrapNote',
    maxLength: 200,
    required: false,
    methods: ANY_METHOD,
    shownOn: ['sheet', 'mail', 'summary'],
    hint: 'How the florist wraps it, e.g. colours, no price tags.',
  },
} as const satisfies Record<string, CheckoutNoteSpec>;

export type CheckoutNoteName = keyof typeof CHECKOUT_NOTES;
/** A note's name in the payload and the order: 'deliveryMessage', 'giftWrapNote', … */
export type CheckoutNoteKey = (typeof CHECKOUT_NOTES)[CheckoutNoteName]['key'];
/** The notes of an order as the API answers them (absent when blank). */
export type CheckoutNotes = Partial<Record<CheckoutNoteKey, string>>;

export const CHECKOUT_NOTE_NAMES = Object.keys(CHECKOUT_NOTES) as CheckoutNoteName[];

/** The notes to show in one place, in the table's order. */
export const checkoutNotesFor = (place: CheckoutNotePlace): { name: CheckoutNoteName; note: CheckoutNoteSpec }[] =>
  CHECKOUT_NOTE_NAMES.filter((name) => (CHECKOUT_NOTES[name].shownOn as readonly string[]).includes(place)).map((name) => ({ name, note: CHECKOUT_NOTES[name] }));

/** The notes of an order that are shown in `place` and not blank: label and text. */
export const orderNotesFor = (order: CheckoutNotes, place: CheckoutNotePlace): { name: CheckoutNoteName; label: string; text: string }[] =>
  checkoutNotesFor(place).flatMap(({ name, note }) => {
    const text = order[note.key as CheckoutNoteKey];
    return text ? [{ name, label: note.label, text }] : [];
  });

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

/** A day the shop takes no delivery or pick-up (a public holiday): set by a manager. */
export interface ClosedDate {
  /** YYYY-MM-DD, the shop's calendar. */
  date: string;
  /** Why, shown to the shopper after 'We are closed on …' ('' for none). */
  note: string;
}

/** A day whose same-day orders close at another time than usual (a busy Valentine's Day): set by a manager. */
export interface DayCutoff {
  /** YYYY-MM-DD, the shop's calendar. */
  date: string;
  /** Lagos time 'HH:MM' per method; a method left out keeps the usual cutoff. */
  sameDayCutoff: Partial<Record<DeliveryMethod, string>>;
}

/**
 * Where a day's places are counted: a delivery location (the delivery settings' state) or a pick-up
 * branch, written `pickup:<branch code>` ('pickup:Ikoyi LPI').
 */
export type DayPlace = DeliveryLocation | `pickup:${PickupLocationCode}`;

/** Every place a day's places are counted for, in the order the back office lists them. */
export const DAY_PLACES: readonly DayPlace[] = [...DELIVERY_LOCATIONS, ...PICKUP_LOCATIONS.map((p) => `pickup:${p.code}` as const)];

/** Weekdays as the capacity defaults and the operator command write them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/**
 * How many orders a place can deliver (or hand over) on a day: a default per weekday, or a date's
 * own number that overrides it. A place with neither takes unlimited orders. 0 takes none.
 */
export interface DayCapacity {
  /** A weekday ('sat') or a day, YYYY-MM-DD. */
  day: Weekday | string;
  place: DayPlace;
  orders: number;
}

/** After `closesAt` (Lagos time, 'YYYY-MM-DD HH:mm') no new order may take `date`, whatever its same-day cutoff says. */
export interface OrderByTime {
  /** The delivery or pick-up day, YYYY-MM-DD. */
  date: string;
  /** 'YYYY-MM-DD HH:mm', the shop's time zone. */
  closesAt: string;
}

/** Same-day cutoffs, Lagos time 'HH:MM', the closed days and the days with their own cutoff (setting 'checkoutSettings'). */
export interface CheckoutSettings {
  timeZone: string;
  sameDayCutoff: Record<DeliveryMethod, string>;
  /** Days with no delivery or pick-up; absent: none. */
  closedDates?: ClosedDate[];
  /** Days whose same-day cutoff differs; absent: none. */
  dayCutoffs?: DayCutoff[];
  /** Orders a place can take per day (weekday defaults and days of their own); absent: unlimited. */
  capacities?: DayCapacity[];
  /** Days whose orders close at a set moment before the day (a peak day); absent: none. */
  orderBy?: OrderByTime[];
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
