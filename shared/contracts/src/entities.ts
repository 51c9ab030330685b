// The shop's entities (SPEC section 3), in the words the shop uses everywhere.
// It imports only the leaves below it (names.ts, days.ts, checkout-notes.ts), never checkout.ts or payments.ts.
import type { CheckoutNotes } from './checkout-notes';
import type { CheckoutSettings } from './days';
import type { CurrencyName, PaymentName, PickupLocationCode } from './names';

export type { CurrencyName, PickupLocationCode } from './names';

export interface Currency {
  name: CurrencyName;
  conversionRate: number;
  sign: string;
}

/** Formats a photo is served in, best first; 'jpeg' is the fallback of the `<img>` itself. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * The sizes and formats a photo is served in (generated SVG art has none: it scales by itself).
 * Build `srcset`/`<source>` from it with `responsivePicture` of `@adire/domain/images`.
 */
export interface ImageVariants {
  /** One variant's URL with `{width}` and `{format}` to fill in, e.g. `/media/products/roses.w{width}.{format}?v=3f2a`. */
  url: string;
  /** Widths made, ascending; none wider than the photo. */
  widths: number[];
  formats: ImageFormat[];
}

export interface Design {
  title?: string;
  name?: string;
  price: number;
  quantity: number;
}

export interface CartItem {
  SKU: string;
  name: string;
  description: string;
  /**
   * `variants`: the photo's (or art's) sizes, as the catalogue described the product when it was added
   * (issue 42): the drawer and the order summary draw the line at its 56–64 px box from them. Lines
   * stored before, and lines the server keeps (its stored `src`), have only `src` and draw from it.
   */
  image: { src: string; alt?: string; variants?: ImageVariants };
  price: number;
  quantity: number;
  size?: string;
  productId: string;
  design?: Design;
}

export interface Recipient {
  name: string;
  phone: string;
  phoneCountryCode?: string;
  phoneAlt?: string;
  altPhoneCountryCode?: string;
  address: string;
  state?: string;
  residenceType?: string;
}

export interface User {
  email: string;
  name?: string;
  authToken: string;
  cartItems: CartItem[];
  recipients: Recipient[];
  phone?: string;
  phoneCountryCode?: string;
}

export interface OrderProduct {
  id: string;
  image: string;
  name: string;
  price: number;
  quantity: number;
  size?: string;
  description: string;
  SKU: string;
}

export interface DeliveryDetails {
  recipientName?: string;
  recipientPhone?: string;
  recipientPhoneCountryCode?: string;
  recipientAltPhone?: string;
  recipientAltPhoneCountryCode?: string;
  recipientAddress?: string;
  state?: string;
  zone?: string;
  /** Spelled as the product spells it. */
  recidenceType?: string;
}

export interface OrderClient {
  name?: string;
  email?: string;
  phone?: string;
  phoneCountryCode?: string;
}

/** The order's notes (deliveryMessage, purpose, adminNotes, deliveryInstruction, …) come from CHECKOUT_NOTES. */
export interface Order extends CheckoutNotes {
  id: string;
  orderNumber?: string;
  deliveryDate: string;
  orderProducts: OrderProduct[];
  cartItems: CartItem[] | null;
  currency: CurrencyName;
  client?: OrderClient;
  recipientAddress?: string;
  deliveryDetails?: DeliveryDetails;
  despatchLocation?: string;
  pickupState?: string;
  deliveryZone?: string;
  paymentStatus: PaymentStatus;
  coupon?: string | null;
  /**
   * Why the coupon the shopper applied is no longer on the order: its hold (30 minutes) lapsed and it
   * was used up meanwhile, e.g. 'The coupon ONEUSE was held for 30 minutes and has since been used up,
   * so it was taken off this order: the total is now ₦45,000.' Absent otherwise.
   */
  couponNotice?: string;
  /** Amounts in the order's currency, computed by the server. */
  subtotal?: number;
  /** Items with their designs, before discount and delivery. */
  itemsTotal?: number;
  discount?: number;
  deliveryFee?: number;
  /** What the shopper pays: itemsTotal − discount + deliveryFee. */
  total?: number;
  /** Set once the checkout is submitted. */
  deliveryMethod?: 'delivery' | 'pickup';
  pickupLocation?: PickupLocationCode;
  /** When the shop cancelled the order (issue 39); absent while it stands. */
  cancelledAt?: string;
}

export type ToastType = 'success' | 'info' | 'error';

export interface Toast {
  type: ToastType;
  message: string;
}

export interface Branch {
  name: string;
  url: string;
  workingTimes: string;
  location: string;
  /** Pick-up location code this branch serves, when it is a pick-up point. */
  pickupCode?: PickupLocationCode;
}

export interface PaymentMethodOption {
  title: string;
  paymentName: string;
  supportedCurrencies: CurrencyName[];
  info: string;
}

export interface Review {
  rating: number;
  comment: string;
}

export interface Category {
  slug: string;
  name: string;
  /** Menu group the category sits under. */
  group: 'occasions' | 'flowers' | 'gifts' | 'plants';
  productCount?: number;
  /** The text under the category page's heading (the categories endpoint sends it). */
  description?: string;
}

export interface InfoTextConfig {
  text: string;
}

export interface StateDeliveryZone {
  state: string;
  zones: { name: string; amount: number }[];
}

export interface DeliveryConfig {
  name: string;
  description: string;
  type: 'base' | 'override';
  infoTextConfigs: InfoTextConfig[];
  minAmount: number;
  minAmountInfoText: string;
  stateDeliveryZones: StateDeliveryZone[];
  active: boolean;
  /** Override window, YYYY-MM-DD inclusive (overrides only). */
  startDate?: string;
  endDate?: string;
}

export interface SiteSettings {
  deliverySettings: {
    baseConfig: DeliveryConfig;
    overrideConfigs: DeliveryConfig[];
  };
  alertSettings: {
    siteWideAlert: string;
    paymentAlerts: Record<string, string>;
  };
  /** Same-day cutoffs (setting 'checkoutSettings'); the checkout uses DEFAULT_CHECKOUT_SETTINGS when absent. */
  checkoutSettings?: CheckoutSettings;
  /**
   * The payment methods the shop can take now (a provider's only when it is configured): the checkout
   * offers only these. Absent from an older server: every method of PAYMENT_METHODS.
   */
  paymentMethods?: PaymentName[];
}

/**
 * Every payment status the server may set. The paid rule of SPEC section 4 (starts with 'paid' or
 * contains 'go ahead') is applied to these words: no unpaid status may match it.
 */
export const PAYMENT_STATUSES = [
  'not paid',
  'awaiting transfer',
  'part payment',
  'payment failed',
  'refunded',
  'paid',
  'paid - confirmed by transfer',
  'paid - partly refunded',
  'go ahead - pay on delivery approved',
] as const;

/**
 * Part of what was received went back (issue 39): the order is still paid — it is still to be made and
 * delivered, for what the shopper kept paying — so the word starts with 'paid' (SPEC section 4's rule).
 * All of it back is 'refunded', which is not paid.
 */
export const PARTLY_REFUNDED = 'paid - partly refunded';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The shop's contact and payment details, served from one place (GET /v1/storefront/shop). */
export interface ShopContact {
  about: string;
  socialLinks: { name: string; url: string }[];
  phones: string[];
  whatsapp: string;
  supportEmail: string;
  bank: { bankName: string; accountNumber: string; accountName: string };
  paypalEmail: string;
  bitcoinAddress: string;
  branches: Branch[];
}
