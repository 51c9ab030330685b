// Back-office answers and request bodies shared by the server's staff routes and mf-backoffice: each
// domain's staff routes answer in these shapes (orders: board, order page, florist's note, day sheets;
// payments: transfers; catalog: products, designs, featured lists, reviews; staff: the audit; and, in
// backoffice-staff.ts, backoffice-settings.ts and backoffice-releases.ts, the staff's accounts, the
// settings and the release status), and the back office reads them.
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
  /** GET a BoardQuery → BoardAnswer. */
  orders: at('orders'),
  /** GET → StaffOrderPage. */
  order: (orderNumber: string) => one('orders', orderNumber),
  /** POST an AdvanceRequest → OrderActionResult. */
  advance: (orderNumber: string) => one('orders', orderNumber, '/advance'),
  /** POST a TransferDecisionRequest → OrderActionResult (the payments domain's route). */
  transfer: (orderNumber: string) => one('orders', orderNumber, '/transfer'),
  /** PUT a FloristNoteRequest → OrderActionResult: the staff's own note on an order, never shown to shoppers. */
  floristNote: (orderNumber: string) => one('orders', orderNumber, '/note'),
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
  /** GET → ReleaseStatusAnswer (managers; read-only). */
  releases: at('releases'),
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
  search?: string;
  /** At most 500 (200 by default). */
  limit?: number;
}

/** GET orders: the board from `from` (today by default). */
export interface BoardAnswer {
  from: string;
  orders: BoardEntry[];
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
}

/** GET orders/:orderNumber: an order's page in the back office. */
export type StaffOrderPage = StaffOrderView & OrderPaymentSide;

/** POST orders/:orderNumber/advance. */
export interface AdvanceRequest {
  step: DeliveryStep;
}

/** POST orders/:orderNumber/transfer: a florist's decision on an announced transfer. */
export interface TransferDecisionRequest {
  decision: 'confirm' | 'reject';
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

// ---------------------------------------------------------------- catalogue and reviews (the catalog domain)

/** GET products' query: a name, SKU or address to find (the first products when empty); at most 200 (30 by default). */
export interface ProductSearchQuery {
  search?: string;
  limit?: number;
}

/** GET reviews' query: one product's (by address), hidden ones only; at most 200. */
export interface ReviewsQuery {
  product?: string;
  hidden?: boolean;
  limit?: number;
}

/** A product found by the back office's search. */
export interface FoundProduct {
  slug: string;
  sku: string;
  name: string;
  inStock: boolean;
}

/** A design as a product's page shows it. */
export interface StaffDesign {
  code: string;
  title: string;
  /** What the design adds to the price, shop-wide (₦0 for a wrapped bouquet or a box). */
  priceNgn: number;
  /** Offered for this product; the first offered is its default. */
  offered: boolean;
}

export interface StaffProduct {
  id: string;
  slug: string;
  sku: string;
  name: string;
  inStock: boolean;
  /** Units left of a limited product; null = not limited. */
  stock: number | null;
  sizes: { sku: string; label: string; priceNgn: number; isDefault: boolean }[];
  /** Every design of the shop: the offered ones first, in the product's order (the first is its default). */
  designs: StaffDesign[];
}

/** PUT products/:slug: any of its prices (by size SKU), stock (null: not limited) and designs (by code, in order). */
export interface ProductChangeRequest {
  prices?: Record<string, number | string>;
  stock?: number | null;
  designs?: string[];
}

export interface ProductChangeResult {
  messages: string[];
  product: StaffProduct;
}

/** A design of the shop and what it adds to a product's price. */
export interface ShopDesign {
  code: string;
  title: string;
  priceNgn: number;
}

/** PUT designs: what designs add to a product's price, by code. */
export interface DesignPricesRequest {
  prices: Record<string, number | string>;
}

export interface DesignPricesResult {
  message: string;
  designs: ShopDesign[];
}

export interface StaffFeaturedList {
  /** `kind:key:section`, e.g. `occasion:valentines-day:flowers`. */
  id: string;
  kind: 'occasion' | 'location';
  key: string;
  section: string;
  title: string;
  products: FoundProduct[];
}

/** GET featured. */
export interface FeaturedAnswer {
  lists: StaffFeaturedList[];
  max: number;
}

/** PUT featured/:list: the products in order, by address (slug) or SKU. */
export interface FeaturedListRequest {
  products: string[];
}

export interface FeaturedListResult {
  message: string;
  list: StaffFeaturedList;
}

export interface StaffReview {
  id: string;
  productSlug: string;
  productName: string;
  rating: number;
  comment: string;
  author: string;
  createdAt: string;
  hidden: boolean;
  hiddenReason: string | null;
}

/** PUT reviews/:id. */
export interface ReviewVisibilityRequest {
  hidden: boolean;
  reason?: string;
}

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
