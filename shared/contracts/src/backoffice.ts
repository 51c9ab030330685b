// Back-office answers, queries and request bodies shared by the server's staff routes and mf-backoffice:
// each domain's staff routes answer in these shapes and the back office reads them. Here: every path
// (BACKOFFICE_PATHS), orders (board, order page, florist's note, day sheets), payments (transfers) and
// the audit; in backoffice-catalog.ts the catalogue and reviews, in backoffice-staff.ts the staff's
// accounts, in backoffice-settings.ts the settings, in backoffice-releases.ts the release status.
import { DELIVERY_STEPS, type DayCapacity, type DayPlace, type DeliveryStep, type OrderByTime, type TimelineEntry, type TrackingStep } from './checkout';
import type { MemberAction } from './backoffice-staff';
import type { Order } from './entities';

/** Everything of the back office's API lives under this prefix (answered `Cache-Control: no-store`). */
export const BACKOFFICE_API = '/v1/backoffice';
const at = (path: string) => `${BACKOFFICE_API}/${path}`;
const one = (path: string, id: string, rest = '') => `${BACKOFFICE_API}/${path}/${encodeURIComponent(id)}${rest}`;

/**
 * Back-office API paths (all under the staff's Bearer session but the auth ones; `?business=` on every
 * call, or `business` in the body). Every route the server registers under BACKOFFICE_API is one of these
 * (server/test/backoffice-contracts.test.ts).
 */
export const BACKOFFICE_PATHS = {
  /** POST a StaffLoginRequest → StaffSignedIn. */
  login: at('auth/login'),
  /** POST an AcceptInviteRequest → StaffSignedIn. */
  acceptInvite: at('auth/accept-invite'),
  /** POST a ResetCodeRequest → ResetCodeAnswer (the same whether or not the address is staff). */
  resetRequest: at('auth/reset-request'),
  /** POST a PasswordResetRequest → StaffSignedIn. */
  reset: at('auth/reset'),
  /** POST (no body but the business) → StaffLoggedOut. */
  logout: at('auth/logout'),
  /** GET → StaffMember: who the session is. */
  me: at('me'),
  /** GET → StaffMember[]; POST an InviteRequest → StaffMember (201). */
  staff: at('staff'),
  /** POST (no body but the business) → MemberOutcome. */
  member: (email: string, action: MemberAction) => one('staff', email, `/${action}`),
  /** PUT a RoleChangeRequest → MemberOutcome. */
  memberRole: (email: string) => one('staff', email, '/role'),
  /** GET → GeneralSettings; PUT a GeneralSettingsRequest → GeneralSettingsResult. */
  settings: at('settings'),
  /** GET → DeliverySettingsView; POST a DeliveryChangeRequest → DeliveryChangeResult. */
  deliverySettings: at('settings/delivery'),
  /** GET a DaysQuery (`?from=YYYY-MM-DD&days=N`) → DayLoad[]: each day's places taken and held against capacity. */
  days: at('days'),
  /** GET a DaySheetQuery (`?place=<DayPlace>`) → DaySheet: what a rider or a branch needs for that day. */
  daySheet: (date: string) => one('days', date, '/sheet'),
  /** GET → DayHold[]: who holds the day's places (unpaid orders, soonest to end first; issue 38). */
  dayHolds: (date: string) => one('days', date, '/holds'),
  /** POST a ReleaseHoldRequest → ReleaseHoldResult: the shop gives an unpaid order's place back (audited; the order must check out again). */
  releaseHold: (date: string, orderNumber: string) => one('days', date, `/holds/${encodeURIComponent(orderNumber)}/release`),
  /** GET a BoardQuery → BoardAnswer; POST a StaffOrderRequest → StaffOrderCreated (201; the payments domain's route). */
  orders: at('orders'),
  /** GET → StaffOrderPage. */
  order: (orderNumber: string) => one('orders', orderNumber),
  /** POST an AdvanceRequest → OrderActionResult. */
  advance: (orderNumber: string) => one('orders', orderNumber, '/advance'),
  /** POST a TransferDecisionRequest → OrderActionResult (the payments domain's route). */
  transfer: (orderNumber: string) => one('orders', orderNumber, '/transfer'),
  /** PUT a FloristNoteRequest → OrderActionResult: the staff's own note on an order, never shown to shoppers. */
  floristNote: (orderNumber: string) => one('orders', orderNumber, '/note'),
  /** POST an OrderChangeRequest → OrderChangeResult (the payments domain's route: a change may leave more to pay). */
  orderChanges: (orderNumber: string) => one('orders', orderNumber, '/changes'),
  /** POST a CancelOrderRequest → CancelOrderResult (managers; the payments domain's route: it may refund). */
  cancelOrder: (orderNumber: string) => one('orders', orderNumber, '/cancel'),
  /** POST (no body but the business) → PaymentLinkResult: a new payment link for what the order still owes. */
  paymentLink: (orderNumber: string) => one('orders', orderNumber, '/payment-link'),
  /** POST a RefundRequest → RefundResult (201; managers; the payments domain's route). */
  refunds: (orderNumber: string) => one('orders', orderNumber, '/refunds'),
  /** GET an OrdersCsvQuery (`?from=YYYY-MM-DD&to=YYYY-MM-DD`) → text/csv, one row per order (managers; the accountant's file). */
  ordersCsv: at('orders.csv'),
  /** GET an AuditQuery → AuditEntry[]. */
  audit: at('audit'),
  /** GET a ProductSearchQuery → FoundProduct[]. */
  products: at('products'),
  /** GET → StaffProduct; PUT a ProductChangeRequest → ProductChangeResult. */
  product: (slug: string) => one('products', slug),
  /** GET → ShopDesign[]; PUT a DesignPricesRequest → DesignPricesResult. */
  designs: at('designs'),
  /** GET → FeaturedAnswer. */
  featured: at('featured'),
  /** PUT a FeaturedListRequest → FeaturedListResult. */
  featuredList: (id: string) => one('featured', id),
  /** GET a ReviewsQuery → StaffReview[]. */
  reviews: at('reviews'),
  /** PUT a ReviewVisibilityRequest → StaffReview. */
  review: (id: string) => one('reviews', id),
  /** GET a SearchesQuery (`?days=7|30`) → SearchReport: what shoppers searched for (managers; issue 43). */
  searches: at('searches'),
  /** GET → ReleaseStatusAnswer (managers; read-only). */
  releases: at('releases'),
  /** GET → OrderPhotosAnswer; POST multipart/form-data (`photo`, `kind`, `caption`) → PhotoUploadAnswer (201). backoffice-proof.ts. */
  orderPhotos: (orderNumber: string) => one('orders', orderNumber, '/photos'),
  /** GET → SubstitutionsAnswer; POST a SubstitutionRequest → SubstitutionAnswer (201; florists and managers). substitutions.ts. */
  orderSubstitutions: (orderNumber: string) => one('orders', orderNumber, '/substitutions'),
  /** POST a RiderAssignRequest → RiderAssignAnswer (florists and managers). backoffice-proof.ts. */
  orderRider: (orderNumber: string) => one('orders', orderNumber, '/rider'),
  /** GET a RidersQuery (`?orders=A,B`) → RidersAnswer: the shop's active riders and who carries those orders (florists and managers). */
  riders: at('riders'),
  /** GET a RiderDeliveriesQuery (`?date=YYYY-MM-DD`) → RiderDeliveriesAnswer: the signed-in rider's own deliveries. */
  riderDeliveries: at('rider/deliveries'),
  /** PUT a RiderRouteRequest → RiderDeliveriesAnswer: the rider's own route order for a day. */
  riderRoute: at('rider/route'),
  /** POST (no body but the business) → RiderDeliveriesAnswer: the rider takes an order out ("Out for delivery"). */
  riderOut: (orderNumber: string) => one('rider/deliveries', orderNumber, '/out'),
} as const;

// ---------------------------------------------------------------- orders (the orders domain)

/** Every delivery status of an order, in order: 'new' until it is checked out, then 'received' and the steps. */
export const DELIVERY_STATUSES = ['new', 'received', ...DELIVERY_STEPS] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The statuses the board shows and filters by: a checked-out order's (the board lists no 'new' one). */
export const BOARD_STATUSES = DELIVERY_STATUSES.filter((s): s is Exclude<DeliveryStatus, 'new'> => s !== 'new');

/** One line of the staff's board: what a florist needs to plan the day's deliveries. */
export interface BoardEntry {
  orderNumber: string;
  deliveryDate: string;
  deliveryMethod: 'delivery' | 'pickup' | null;
  /** The delivery zone, or the pick-up branch code. */
  place: string | null;
  recipientName: string | null;
  senderName: string | null;
  total: number;
  currency: string;
  paymentStatus: string;
  deliveryStatus: string;
  checkedOutAt: string | null;
  /** The staff's own note on the order (FLORIST_NOTE); absent when there is none. */
  floristNote?: string;
  /** Where the order came from (ORDER_CHANNELS). */
  channel: OrderChannel;
  /** When a manager cancelled the order; absent when it stands. */
  cancelledAt?: string;
}

/** GET orders' query: the board's filters (a search finds by order number, e-mail or phone, whatever the dates). */
export interface BoardQuery {
  /** Delivery dates from (YYYY-MM-DD, inclusive; today by default). */
  from?: string;
  /** Delivery dates up to (inclusive). */
  to?: string;
  status?: DeliveryStatus;
  /** A delivery zone or a pick-up branch code. */
  place?: string;
  /** Where the orders came from (ORDER_CHANNELS). */
  channel?: OrderChannel;
  search?: string;
  /** At most 500 (200 by default). */
  limit?: number;
}

/** GET orders: the board from `from` (today by default). */
export interface BoardAnswer {
  from: string;
  orders: BoardEntry[];
}

/** Where an order came from: the store's own checkout ('web'), or the staff's counter. */
export const ORDER_CHANNELS = ['web', 'phone', 'whatsapp', 'instagram', 'walk-in', 'other'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** One field of an order as it was and as it is after a change. */
export interface OrderChangeField {
  /** What changed, as a person reads it ('Delivery date', 'Card message', 'Items', …). */
  field: string;
  before: string;
  after: string;
}

/** An order-change entry: who, when, why, and each field before → after. */
export interface OrderChange {
  id: string;
  kind: 'change' | 'cancel';
  at: string;
  actor: string;
  role: string;
  reason: string;
  fields: OrderChangeField[];
  /** New total minus old total, in the order's currency (more to pay when above 0). */
  difference: number;
  currency: string;
}

/** An order as the staff see it: the whole order, its delivery status and its timeline (the orders domain's part). */
export interface StaffOrderView {
  id: string;
  order: Order;
  deliveryStatus: string;
  status: TrackingStep;
  timeline: TimelineEntry[];
  createdAt: string;
  checkedOutAt: string | null;
  /** The staff's own note on the order (FLORIST_NOTE); absent when there is none. Never part of the shopper's `Order`. */
  floristNote?: string;
  /** Where the order came from (ORDER_CHANNELS). */
  channel: OrderChannel;
  /** A manager's cancellation: when and why; absent when the order stands. */
  cancelled?: { at: string; reason: string };
  /** Every change after checkout, oldest first (who, when, why, each field before → after). */
  changes: OrderChange[];
}

/** What the shopper said of their transfer (the latest notice). */
export interface TransferNotice {
  amount?: number;
  currency?: string;
  accountName?: string;
  reference?: string;
  method?: string | null;
  at: string;
}

/** The payments domain's part of an order's page. */
export interface OrderPaymentSide {
  transferNotice: TransferNotice | null;
  awaitingTransfer: boolean;
  paymentEvents: { kind: string; provider: string; reference: string | null; detail: unknown; at: string }[];
  payments: { amount: number; currency: string; status: string; provider: string; method: string; reference: string; at: string }[];
  /** Every refund of the order, oldest first (issue 39). */
  refunds: RefundRecord[];
  /** What was received and what went back (or is going back), in the order's currency. */
  received: number;
  refunded: number;
}

// ---------------------------------------------------------------- refunds (the payments domain)

/**
 * How money goes back: 'provider' through the provider that took the payment (the default), or by hand
 * — 'transfer' (a bank transfer, with its reference), 'cash' or 'pos' (at the till, with its reference).
 */
export const REFUND_METHODS = ['provider', 'transfer', 'cash', 'pos'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** 'pending' (asked of the provider), 'processed' (the money went back), 'failed' (it did not; it no longer counts). */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** POST orders/:orderNumber/refunds. `reference`: the bank or till reference of a refund made by hand. */
export interface RefundRequest {
  amount: number;
  reason: string;
  method?: RefundMethod;
  reference?: string;
}

/** One refund through one payment. */
export interface RefundRecord {
  id: string;
  /** The refund (one request) this is part of. */
  refundKey: string;
  amount: number;
  currency: string;
  status: RefundStatus;
  method: RefundMethod;
  /** 'paystack' | 'flutterwave' | 'paypal' | 'monnify', or 'manual' for a refund made by hand. */
  provider: string;
  /** The shop's reference of the payment the money goes back from. */
  paymentReference: string;
  /** The provider's refund id, or the bank or till reference. */
  reference: string | null;
  reason: string;
  by: string;
  at: string;
  updatedAt: string;
  /**
   * On the back office's order page only: a plain sentence when a refund has been pending with its
   * provider for over 24 hours ("Pending with Paystack since … — checked again every 15 minutes; …").
   */
  attention?: string;
}

/** One refund as asked: its amount in all, and the part through each payment (usually one). */
export interface RefundSummary {
  refundKey: string;
  amount: number;
  currency: string;
  status: RefundStatus;
  reason: string;
  parts: RefundRecord[];
}

/** POST orders/:orderNumber/refunds answers 201 with the refund and the order's page after. */
export interface RefundResult {
  refund: RefundSummary;
  order: StaffOrderPage;
}

/** GET orders.csv: the orders checked out from `from` to `to` (YYYY-MM-DD, inclusive, days in Lagos). */
export interface OrdersCsvQuery {
  from: string;
  to: string;
}

/** GET orders/:orderNumber: an order's page in the back office. */
export type StaffOrderPage = StaffOrderView & OrderPaymentSide;

/** POST orders/:orderNumber/advance. */
export interface AdvanceRequest {
  step: DeliveryStep;
}

/** What a florist may decide on an announced transfer: the route's schema and the back office's buttons read them here. */
export const TRANSFER_DECISIONS = ['confirm', 'reject'] as const;
export type TransferDecisionName = (typeof TRANSFER_DECISIONS)[number];

/** POST orders/:orderNumber/transfer: a florist's decision on an announced transfer (`reason` with 'reject'). */
export interface TransferDecisionRequest {
  decision: TransferDecisionName;
  reason?: string;
}

/**
 * The florist's note: a short note the staff keep on an order for one another ("call the recipient's
 * gate-man first", "swap the lilies: allergy"), shown on the board, the order's page and the day sheet;
 * never to shoppers (not in `Order`, not in any shopper answer or mail). One rule for the back office's
 * form and the server's check.
 */
export const FLORIST_NOTE = {
  label: "Florist's note",
  maxLength: 500,
} as const;

/** The note as kept: line ends made '\n', spaces around trimmed; '' (no note) is kept as null. */
export const cleanFloristNote = (text: string): string | null => text.replace(/\r\n?/g, '\n').trim() || null;

/** Why a note cannot be kept (the server's 400 says it beside `note`), or null when it can. */
export function floristNoteProblem(raw: unknown): string | null {
  if (typeof raw !== 'string') return `Write the ${FLORIST_NOTE.label.toLowerCase()} as text ('' removes it).`;
  const length = [...(cleanFloristNote(raw) ?? '')].length;
  if (length > FLORIST_NOTE.maxLength) return `The ${FLORIST_NOTE.label.toLowerCase()} is ${length} characters long; keep it to ${FLORIST_NOTE.maxLength} or fewer.`;
  return null;
}

/** PUT orders/:orderNumber/note: the note's new text; '' removes it. */
export interface FloristNoteRequest {
  note: string;
}

/** What advancing an order, deciding its transfer or saving its florist's note answers: the sentence said, and the order's page after. */
export interface OrderActionResult {
  message: string;
  order: StaffOrderPage;
}

// ---------------------------------------------------------------- the audit (the staff domain)

/** GET audit's query: an actor, an action or its family ('order' matches 'order.advance'), a target, days from/to; newest first. */
export interface AuditQuery {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  /** At most 500 (100 by default). */
  limit?: number;
}

/** One staff action: who, what, on what, before/after, from where, when. */
export interface AuditEntry {
  id: string;
  actor: string;
  role: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  source: string;
  at: string;
}

// ---------------------------------------------------------------- delivery days (the orders domain)

/** One place on one day, as the board shows it. */
export interface PlaceLoad {
  place: DayPlace;
  /** null: unlimited. */
  capacity: number | null;
  /** Paid orders: their places are taken for good. */
  taken: number;
  /** Checked-out, unpaid orders whose hold has not lapsed. */
  held: number;
}

/** GET days' query: `days` days from `from` (today by default), each read by its rule. */
export interface DaysQuery {
  from?: string;
  days?: number;
}

/** GET days/:date/sheet's query. */
export interface DaySheetQuery {
  place: DayPlace;
}

export interface DayLoad {
  /** YYYY-MM-DD */
  date: string;
  /** Every place, in DAY_PLACES order. */
  places: PlaceLoad[];
  /** 'YYYY-MM-DD HH:mm' Lagos time, when the day has an order-by time. */
  orderBy: string | null;
  /** The closed day's note when the shop is closed that day. */
  closed: { note: string } | null;
}

/** One order on a day sheet. */
export interface DaySheetOrder {
  orderNumber: string;
  recipient: string;
  phone: string;
  /** Delivery address, or the branch for a pick-up. */
  address: string;
  zone: string | null;
  items: { name: string; size: string | null; design: string | null; quantity: number }[];
  /** The card message (the checkout's delivery message). */
  cardMessage: string | null;
  /** What the sender said about when and how to deliver (the shop takes no fixed time slots). */
  instructions: string | null;
  /** The staff's own note on the order (FLORIST_NOTE); absent when there is none. */
  floristNote?: string;
  paid: boolean;
}

export interface DaySheet {
  date: string;
  place: DayPlace;
  orders: DaySheetOrder[];
}

/** An unpaid order holding a place on a day (issue 38): whose order, who sent it, until when. */
export interface DayHold {
  orderNumber: string;
  place: DayPlace;
  sender: { name: string | null; email: string | null; phone: string | null };
  /** ISO time the hold ends unless paid. */
  heldUntil: string;
  /** ISO time the hold was first granted on this day (a renewal never carries it past its holder's limit). */
  firstHeldAt: string | null;
}

/** POST days/:date/holds/:orderNumber/release: why the shop gives the place back (kept in the audit). */
export interface ReleaseHoldRequest {
  reason: string;
}

/** The most a release's reason may say. */
export const RELEASE_REASON_MAX = 200;

export interface ReleaseHoldResult {
  message: string;
  /** The hold that was given back. */
  released: DayHold;
}

/** Peak-day changes through the delivery settings' change endpoint (beside set-fee, close-date, …). */
export type PeakDayChangeRequest =
  | { change: 'set-capacity'; day: string; place: DayPlace; orders: number | null }
  | { change: 'set-order-by'; date: string; closesAt: string }
  | { change: 'clear-order-by'; date: string };

/** What the delivery settings page shows of peak days (part of the delivery settings view). */
export interface PeakDaysView {
  /** Weekday defaults and days of their own, days from today only. */
  capacities: DayCapacity[];
  /** From today only. */
  orderBy: OrderByTime[];
}
