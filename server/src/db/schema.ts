import type { ColumnType, Generated } from 'kysely';

export interface CategoryTable {
  slug: string;
  name: string;
  menu_group: 'occasions' | 'flowers' | 'gifts' | 'plants';
  position: number;
  /** Migration 0004: the listing page's introduction. */
  description: Generated<string>;
}

export interface ProductTable {
  id: string;
  slug: string;
  sku: string;
  name: string;
  description: string;
  price_ngn: number;
  image: string;
  /** The primary category; every membership (this one included) is in product_category. */
  category_slug: string;
  relevance_order: number;
  // Migration 0004 (catalog):
  /** 1 in stock, 0 sold out. */
  in_stock: Generated<number>;
  vip_class: 'gold' | 'platinum' | 'diamond' | null;
  /** JSON: { path, alt }[], the first is the main image. */
  images: Generated<string>;
  /** JSON: the composition the SVG generator draws (see domains/catalog/image.ts). */
  art: Generated<string>;
  /** Extra words search matches (occasions, recipients, colours). */
  keywords: Generated<string>;
  /** Seed order, the last tie-break of the default order. */
  position: Generated<number>;
  /** Migration 0009: units left of a limited product; null = not limited. */
  stock: Generated<number | null>;
}

/** A size of a product, with its own SKU and price; the default size's SKU is product.sku. */
export interface ProductVariantTable {
  sku: string;
  product_id: string;
  label: string;
  price_ngn: number;
  position: number;
  is_default: number;
}

/** Wrapped bouquet ₦0, in vase ₦15,000, in large vase ₦30,000, box ₦0. */
export interface DesignOptionTable {
  code: string;
  title: string;
  price_ngn: number;
  position: number;
}

/** Which designs a product offers; the lowest position is its default. */
export interface ProductDesignTable {
  product_id: string;
  design_code: string;
  position: number;
}

export interface ProductTagTable {
  product_id: string;
  tag_group: 'budget' | 'flowerType' | 'design' | 'packages' | 'delivery' | 'flowerName' | 'shopBy';
  tag_value: string;
}

export interface ProductCategoryTable {
  category_slug: string;
  product_id: string;
}

export interface FeaturedListTable {
  id: string;
  kind: 'occasion' | 'location';
  list_key: string;
  section: string;
  title: string;
  position: number;
}

export interface FeaturedItemTable {
  list_id: string;
  product_id: string;
  position: number;
}

export interface ReviewTable {
  id: string;
  product_id: string;
  rating: number;
  comment: string;
  author: string;
  order_id: string | null;
  created_at: string;
  /** Migration 0013: hidden by a manager (then counted nowhere a shopper looks), and why. */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<string | null>;
}

export interface BlogPostTable {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  published_at: string;
  /** JSON string[] */
  tags: string;
  /** JSON BlogBlock[] */
  content: string;
  art: string;
}

export interface FaqEntryTable {
  id: string;
  group_name: string;
  question: string;
  answer: string;
  position: number;
}

/** One row ('catalog'); every catalogue write bumps the version. */
export interface CatalogStateTable {
  id: string;
  version: number;
  updated_at: string;
}

/** 'settings' and 'reviews': moved by database triggers on every write (migration 0010). */
export interface DataVersionTable {
  name: string;
  version: number;
}

export interface CurrencyTable {
  name: string;
  conversion_rate: number;
}

/** Small key → JSON documents: delivery settings, alert settings, shop contact. */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  raw: string;
  transport: 'outbox' | 'smtp';
  created_at: string;
  /** When the SMTP server accepted it (null: not yet, or kept in the embedded outbox only). */
  delivered_at: string | null;
  /** SMTP attempts made so far (migration 0011). */
  attempts: Generated<number>;
  /** When the next SMTP attempt is due; null when none is planned (delivered, given up, or a caller acted on the failure). */
  next_attempt_at: string | null;
  last_error: string | null;
}

export interface NewsletterSubscriptionTable {
  id: string;
  business: string;
  /** Lowercased. */
  email: string;
  /** sha256 hex of the mailed unsubscribe token. */
  token_hash: string;
  status: 'subscribed' | 'unsubscribed';
  created_at: string;
  updated_at: string;
}

/** An address waiting for its newsletter confirmation link to be followed (migration 0025). */
export interface NewsletterConfirmationTable {
  id: string;
  business: string;
  /** Lowercased. */
  email: string;
  /** sha256 hex of the mailed confirmation token. */
  token_hash: string;
  /** When the confirmation mail was last sent (ISO). */
  sent_at: string;
  expires_at: string;
  /** Set when the link was followed; the same link then answers the same until it expires. */
  confirmed_at: string | null;
}

/** A shopper account (migration 0003). `email` is trimmed and lowercased. */
export interface AppUserTable {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  phone_country_code: string | null;
  password_hash: string;
  /** 'argon2id', or 'legacy-…' for accounts imported from the older system. */
  password_scheme: string;
  /** JSON: CartItem[] */
  cart_items: string;
  /** JSON: Recipient[] */
  recipients: string;
  created_at: string;
  updated_at: string;
  // Migration 0041 (issue 38, item 5): the address proven by the sign-up link or a one-time code.
  email_verified_at: Generated<string | null>;
  /** sha256 of the live confirmation link's token; null once followed (single use). */
  email_confirm_hash: Generated<string | null>;
  email_confirm_sent_at: Generated<string | null>;
  email_confirm_expires_at: Generated<string | null>;
}

/** A login session; only the sha256 of the bearer token is kept. */
export interface AuthSessionTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** 'password' (login, sign-up, checkout's account) or 'code' (a one-time code). */
  made_by: Generated<string>;
  /** Migration 0033: the user agent the session was last used with, and when (issue 33). */
  user_agent: Generated<string | null>;
  last_used_at: Generated<string | null>;
}

/** An occasion reminder of a shopper (migration 0033, issue 33). */
export interface OccasionReminderTable {
  id: string;
  user_id: string;
  name: string;
  /** 'MM-DD'. */
  month_day: string;
  days_before: number;
  order_id: string | null;
  stop_token_hash: string;
  stopped_at: string | null;
  last_sent_year: Generated<number>;
  /** Migration 0036: the Lagos day it was last mailed (the per-account and per-day limits); null: never. */
  last_sent_on: Generated<string | null>;
  created_at: string;
}

export interface OneTimeCodeTable {
  id: string;
  email: string;
  /** argon2id of the six digits. */
  code_hash: string;
  purpose: 'password-reset' | 'legacy-upgrade' | 'no-account';
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  created_at: string;
}

/** One row per counted attempt; the auth rate limits count rows of a bucket inside a window. */
export interface AuthAttemptTable {
  id: string;
  bucket: string;
  created_at: string;
}

/** An order (migration 0006). JSON columns hold CartItem[] and OrderProduct[]. */
export interface ShopOrderTable {
  id: string;
  business: string;
  user_id: string | null;
  currency: string;
  conversion_rate: number;
  /** YYYY-MM-DD or '' when not chosen. */
  delivery_date: string;
  cart_items: string;
  order_products: string;
  subtotal_ngn: number;
  designs_ngn: number;
  total_ngn: number;
  subtotal: number;
  total: number;
  payment_status: string;
  order_number: string | null;
  created_at: string;
  updated_at: string;
  // Migration 0007 (checkout):
  client_name: Generated<string | null>;
  client_email: Generated<string | null>;
  client_phone: Generated<string | null>;
  client_phone_country_code: Generated<string | null>;
  /** 'delivery' | 'pickup', null until the checkout is submitted. */
  delivery_method: Generated<string | null>;
  /** JSON DeliveryDetails. */
  delivery_details: Generated<string>;
  delivery_state: Generated<string | null>;
  delivery_zone: Generated<string | null>;
  pickup_location: Generated<string | null>;
  pickup_state: Generated<string | null>;
  despatch_location: Generated<string | null>;
  delivery_message: Generated<string | null>;
  purpose: Generated<string | null>;
  delivery_instruction: Generated<string | null>;
  admin_notes: Generated<string | null>;
  /** Items with designs, order currency (total = items_total − discount + delivery_fee). */
  items_total: Generated<number>;
  delivery_fee_ngn: Generated<number>;
  delivery_fee: Generated<number>;
  coupon_code: Generated<string | null>;
  /** A coupon taken off because its hold lapsed and it was used up meanwhile (migration 0026): the shopper is told. */
  coupon_lapsed: Generated<string | null>;
  discount_ngn: Generated<number>;
  discount: Generated<number>;
  /** 'new' | 'received' | 'arranged' | 'despatched' | 'delivered' */
  delivery_status: Generated<string>;
  checked_out_at: Generated<string | null>;
  reviewed_at: Generated<string | null>;
  /** Migration 0024: JSON of the checkout notes without a column of their own (CHECKOUT_NOTES). */
  checkout_notes: Generated<string>;
  /** Migration 0034: the staff's own note on the order (FLORIST_NOTE), never shown to shoppers; null: none. */
  florist_note: Generated<string | null>;
  /** Migration 0036: when the account was deleted, for a paid order kept for its delivery; null: nothing waits. */
  erase_after_delivery: Generated<string | null>;
  /** Migration 0037: where the order came from (ORDER_CHANNELS): 'web' for the store's own checkout. */
  channel: Generated<string>;
  /** Migration 0037: when a manager cancelled the order, and why; null: not cancelled. */
  cancelled_at: Generated<string | null>;
  cancel_reason: Generated<string | null>;
}

/** An order's change after checkout (migration 0037): who, when, why, each field before → after. */
export interface OrderChangeTable {
  id: string;
  order_id: string;
  /** 'change' | 'cancel' */
  kind: string;
  actor: string;
  role: string;
  reason: string;
  /** JSON: OrderChangeField[] */
  fields: string;
  /** The order's new total minus its old one, in `currency`. */
  difference: Generated<number>;
  currency: string;
  created_at: string;
}

/** A link the staff send a customer to pay one order (migration 0037); only the token's hash is kept. */
export interface PaymentLinkTable {
  token_hash: string;
  order_id: string;
  amount: number;
  currency: string;
  created_by: string;
  created_at: string;
  expires_at: string;
}

/** One step of an order's delivery timeline (migration 0007). */
export interface OrderStatusEventTable {
  id: string;
  order_id: string;
  step: string;
  at: string;
  source: 'checkout' | 'operator' | 'payment';
}

/** Counters (migration 0007): 'order-number'. */
export interface OrderSequenceTable {
  name: string;
  value: number;
}

/** A coupon (migration 0007); `code` upper-cased. */
export interface CouponTable {
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  min_order_ngn: number;
  expires_at: string | null;
  usage_limit: number | null;
  /** Uses counted: orders paid with it (migration 0026; before, every order holding it). */
  used_count: number;
  active: number;
  created_at: string;
}

/**
 * The coupon an order holds (one per order). Until the order is paid the row is a hold, live until
 * `held_until`; once paid (`paid_at`) it is a use, counted in `coupon.used_count` (migration 0026).
 */
export interface CouponRedemptionTable {
  order_id: string;
  coupon_code: string;
  created_at: string;
  held_until: string | null;
  paid_at: string | null;
}

/** Units of a limited product held by an order until it is paid or the hold lapses (migration 0009). */
export interface StockReservationTable {
  order_id: string;
  product_id: string;
  quantity: number;
  expires_at: string;
  created_at: string;
}

/** An order's place on its delivery day (migration 0027): held until `held_until`, taken for good when it is null. */
export interface DayBookingTable {
  order_id: string;
  /** YYYY-MM-DD */
  date: string;
  /** A DayPlace: 'lagos', 'pickup:Ikoyi LPI', … */
  place: string;
  held_until: string | null;
  created_at: string;
  updated_at: string;
  /** Who holds it (migration 0035): the client IP, the sender's e-mail (lower case) and phone (last 10 digits). */
  holder_ip: ColumnType<string | null, string | null | undefined, string | null>;
  holder_email: ColumnType<string | null, string | null | undefined, string | null>;
  holder_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the hold on this day was first granted: a renewal never carries it past its holder's limit. */
  first_held_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A hold the shop gave back (a florist's release, a rejected transfer): counted against its holder on that day (migration 0035). */
export interface DayHoldReleaseTable {
  id: string;
  order_id: string;
  date: string;
  place: string;
  holder_ip: string | null;
  holder_email: string | null;
  holder_phone: string | null;
  released_by: string;
  reason: string;
  released_at: string;
}

/** One row per (date, place), locked while a place on that day is counted and held (migration 0027). */
export interface DayBookingLockTable {
  date: string;
  place: string;
}

/** A payment started for an order (migration 0008); unique per (provider, reference). */
export interface PaymentAttemptTable {
  id: string;
  order_id: string;
  /** 'paystack' | 'flutterwave' | 'paypal' | 'monnify' | 'manual' */
  provider: string;
  /** The paymentName chosen (SPEC section 9). */
  method: string;
  reference: string;
  provider_reference: string | null;
  amount: number;
  currency: string;
  /** 'pending' | 'paid' | 'part payment' | 'failed' */
  status: string;
  created_at: string;
  updated_at: string;
  /** The order's day, place, total and currency when the attempt was started (migration 0035; orders' `orderTerms`). */
  order_terms: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Money that arrived (migration 0008); one row per (provider, reference). */
export interface PaymentTable {
  id: string;
  order_id: string;
  provider: string;
  method: string;
  reference: string;
  amount: number;
  currency: string;
  /** 'paid' | 'part payment' | 'paid - confirmed by transfer' */
  status: string;
  created_at: string;
}

/** The payment audit trail of an order (migration 0008). */
export interface PaymentEventTable {
  id: string;
  order_id: string;
  provider: string;
  reference: string | null;
  kind: string;
  /** JSON */
  detail: string;
  created_at: string;
}

/** The built-in provider sandboxes' books (migration 0008). */
export interface SandboxTransactionTable {
  provider: string;
  reference: string;
  provider_reference: string;
  order_id: string;
  order_number: string;
  email: string | null;
  amount: number;
  currency: string;
  /** 'pending' | 'success' | 'failed' */
  status: string;
  amount_paid: number | null;
  return_url: string;
  created_at: string;
  updated_at: string;
}

/** Money given back on an order, one row per payment it goes back through (migration 0038). */
export interface RefundTable {
  id: string;
  order_id: string;
  payment_id: string;
  request_key: string;
  idempotency_key: string;
  /** 'paystack' | 'flutterwave' | 'paypal' | 'monnify' | 'manual' */
  provider: string;
  /** 'provider' | 'transfer' | 'cash' | 'pos' */
  method: string;
  reference: string | null;
  amount: number;
  currency: string;
  /** 'pending' | 'processed' | 'failed' */
  status: string;
  reason: string;
  requested_by: string;
  created_at: string;
  updated_at: string;
}

/** The built-in sandboxes' books of refunds (migration 0038). */
export interface SandboxRefundTable {
  provider: string;
  refund_key: string;
  provider_refund_id: string;
  reference: string;
  amount: number;
  currency: string;
  /** 'pending' | 'processed' | 'failed' */
  status: string;
  created_at: string;
  updated_at: string;
}

/** A member of the shop's staff (migration 0012). */
export interface StaffMemberTable {
  id: string;
  email: string;
  name: string | null;
  /** 'florist' | 'manager' */
  role: string;
  /** argon2id; null until an invited member sets a password. */
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  /** Set while the member is disabled: no login, no session (migration 0032). */
  disabled_at: string | null;
}

/** A staff session: a hashed token, an idle timeout (last_seen_at) and a hard end (expires_at). */
export interface StaffSessionTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A one-time code a manager's invitation mails, to set a password. */
export interface StaffInviteTable {
  id: string;
  staff_id: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  created_at: string;
  /** 'invite' (sets the first password) | 'reset' (a forgotten password), migration 0032. */
  purpose: string;
}

/** Wrong tries on one staff code from one client (migration 0032). */
export interface StaffCodeTryTable {
  invite_id: string;
  client: string;
  attempts: number;
}

/** One staff action (append-only: the database refuses updates and deletes). */
export interface StaffAuditTable {
  id: string;
  actor: string;
  role: string;
  action: string;
  target: string;
  /** JSON */
  before: string;
  /** JSON */
  after: string;
  source: string;
  created_at: string;
}

/** The release registry (migration 0021, issue 21). */
export interface ReleaseBlobTable {
  hash: string;
  size: number;
  bytes: Buffer;
}

export interface ReleaseBuildTable {
  target: string;
  version: string;
  commit_ref: string;
  published_at: string;
  contracts_version: string;
}

export interface ReleaseFileTable {
  target: string;
  version: string;
  path: string;
  hash: string;
}

export interface ReleaseLiveTable {
  target: string;
  version: string | null;
  origin: string | null;
  /** Migration 0022: a canary beside the live version, for this share of browsers (percent). */
  canary_version: Generated<string | null>;
  canary_percent: Generated<number | null>;
}

/** What shells reported per version since its target's canary began (migration 0022). */
export interface ReleaseHealthTable {
  target: string;
  version: string;
  page_loads: Generated<number>;
  failures: Generated<number>;
}

/** What shoppers searched for (migration 0040; written only by catalog/search-counts.ts). */
export interface SearchCountTable {
  /** YYYY-MM-DD in Lagos. */
  day: string;
  /** The search's words, folded and joined by one space. */
  query: string;
  searches: Generated<number>;
  /** Products its last count found. */
  results: Generated<number>;
}

export interface ReleaseHealthClientTable {
  target: string;
  version: string;
  client: string;
  page_loads: Generated<number>;
  failures: Generated<number>;
}

export interface ReleaseHistoryTable {
  id: Generated<number>;
  at: string;
  action: string;
  target: string;
  version: string;
  previous: string | null;
  forced: number;
  reason: string | null;
}

/** The secret page tokens are signed with (migration 0032_release_telemetry). */
export interface ReleaseSecretTable {
  id: string;
  secret: string;
}

/** One kind of report one page load made (its token's nonce), kept until the token expires. */
export interface ReleasePageClaimTable {
  nonce: string;
  slot: string;
  /** ms since the epoch; bigint in PostgreSQL (read back as a string there). */
  expires_at: number | string;
}

/** Vitals samples per remote version, vital and hour, counted per histogram bucket (release/vitals.ts). */
export interface ReleaseVitalsTable {
  target: string;
  version: string;
  metric: string;
  hour: number;
  bucket: number;
  count: number;
}

export interface ReleaseStateTable {
  id: string;
  version: number;
  imported_from: string | null;
}

/** An order's photo (issue 40, migration 0039): re-encoded copies only, EXIF dropped; the id is its unguessable address. */
export interface OrderPhotoTable {
  id: string;
  order_id: string;
  /** 'ready' | 'delivered' | 'not-delivered' (ORDER_PHOTO_KINDS). */
  kind: string;
  caption: string | null;
  taken_at: string;
  /** The staff member's e-mail who added it. */
  taken_by: string | null;
  width: number;
  height: number;
  /** JPEG, 1600 px wide at most. */
  large: Buffer;
  /** JPEG, 480 px wide at most. */
  small: Buffer;
}

/** Issue 40, item 4: a substitute a florist proposed for one of an order's lines (payments/substitutions.ts writes it). */
export interface OrderSubstitutionTable {
  id: string;
  order_id: string;
  item_sku: string;
  item_name: string;
  /** The line's value in the order's currency (unit price × quantity). */
  item_amount: number;
  substitute_sku: string | null;
  substitute_name: string | null;
  substitute_amount: number | null;
  currency: string;
  note: string | null;
  photo_id: string | null;
  /** sha256 of the sender's one-time link's token. */
  token_hash: string;
  /** 'proposed' | 'accepted' | 'refunded' | 'refund-failed' | 'stands'. */
  status: string;
  deadline_at: string;
  proposed_by: string;
  proposed_at: string;
  decided_at: string | null;
  refund_problem: string | null;
}

/** Who carries an order and where it is in their route (issue 40, migration 0039_riders). */
export interface OrderRiderTable {
  order_id: string;
  rider_email: string;
  /** 1, 2, …: the rider's route order on the order's day. */
  position: number;
  assigned_by: string;
  assigned_at: string;
}

/** What happened at the door (migration 0039_riders): 'delivered' (to whom) or 'not-delivered' (why), with its photo. */
export interface OrderDeliveryAttemptTable {
  id: string;
  order_id: string;
  rider_email: string;
  outcome: string;
  reason: string | null;
  received_by: string | null;
  photo_id: string | null;
  at: string;
}

export interface Database {
  staff_member: StaffMemberTable;
  staff_session: StaffSessionTable;
  staff_invite: StaffInviteTable;
  staff_code_try: StaffCodeTryTable;
  staff_audit: StaffAuditTable;
  release_blob: ReleaseBlobTable;
  release_build: ReleaseBuildTable;
  release_file: ReleaseFileTable;
  release_live: ReleaseLiveTable;
  release_history: ReleaseHistoryTable;
  release_state: ReleaseStateTable;
  release_health: ReleaseHealthTable;
  release_health_client: ReleaseHealthClientTable;
  search_count: SearchCountTable;
  release_secret: ReleaseSecretTable;
  release_page_claim: ReleasePageClaimTable;
  release_vitals: ReleaseVitalsTable;
  shop_order: ShopOrderTable;
  order_change: OrderChangeTable;
  payment_link: PaymentLinkTable;
  order_photo: OrderPhotoTable;
  order_rider: OrderRiderTable;
  order_substitution: OrderSubstitutionTable;
  order_delivery_attempt: OrderDeliveryAttemptTable;
  order_status_event: OrderStatusEventTable;
  order_sequence: OrderSequenceTable;
  coupon: CouponTable;
  coupon_redemption: CouponRedemptionTable;
  payment_attempt: PaymentAttemptTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  sandbox_transaction: SandboxTransactionTable;
  refund: RefundTable;
  sandbox_refund: SandboxRefundTable;
  stock_reservation: StockReservationTable;
  day_booking: DayBookingTable;
  day_booking_lock: DayBookingLockTable;
  day_hold_release: DayHoldReleaseTable;
  category: CategoryTable;
  product: ProductTable;
  product_variant: ProductVariantTable;
  design_option: DesignOptionTable;
  product_design: ProductDesignTable;
  product_tag: ProductTagTable;
  product_category: ProductCategoryTable;
  featured_list: FeaturedListTable;
  featured_item: FeaturedItemTable;
  review: ReviewTable;
  blog_post: BlogPostTable;
  faq_entry: FaqEntryTable;
  catalog_state: CatalogStateTable;
  data_version: DataVersionTable;
  currency: CurrencyTable;
  setting: SettingTable;
  mail_outbox: MailOutboxTable;
  newsletter_subscription: NewsletterSubscriptionTable;
  newsletter_confirmation: NewsletterConfirmationTable;
  app_user: AppUserTable;
  auth_session: AuthSessionTable;
  occasion_reminder: OccasionReminderTable;
  one_time_code: OneTimeCodeTable;
  auth_attempt: AuthAttemptTable;
}

export type { Generated };
