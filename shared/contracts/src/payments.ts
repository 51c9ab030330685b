// Payment methods (SPEC section 9) and the update-payment-details call. The payments backend is its own
// issue; these shapes are what the checkout's payment stage speaks.
import type { CurrencyName, Order, PaymentMethodOption } from './entities';
import type { PaymentName } from './names';

/** The payment methods' names live in names.ts (below entities.ts); still exported from here. */
export type { PaymentName } from './names';

export interface PaymentMethod extends PaymentMethodOption {
  paymentName: PaymentName;
  /** Third-party providers send the shopper to a hosted page; manual transfers show instructions. */
  kind: 'provider' | 'manual';
}

/** SPEC section 9 "Payment methods and currencies", in the order the shop lists them. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    paymentName: 'cardProvider',
    title: 'Debit or credit card',
    supportedCurrencies: ['NGN', 'USD'],
    info: 'Visa, Mastercard and Verve, paid securely on our card provider’s page.',
    kind: 'provider',
  },
  {
    paymentName: 'cardAndBankProvider',
    title: 'Card, bank account or USSD',
    supportedCurrencies: ['NGN'],
    info: 'Pay with a Nigerian card, your bank account or USSD on our card and bank provider’s page.',
    kind: 'provider',
  },
  {
    paymentName: 'paypal',
    title: 'PayPal',
    supportedCurrencies: ['USD', 'GBP'],
    info: 'Pay with your PayPal account or any card PayPal accepts.',
    kind: 'provider',
  },
  {
    paymentName: 'gtbTransfer',
    title: 'Bank transfer (naira)',
    supportedCurrencies: ['NGN'],
    info: 'Transfer the total to our GTBank account; we confirm your payment and arrange the order.',
    kind: 'manual',
  },
  {
    paymentName: 'leadBankTransfer',
    title: 'US bank transfer (dollars)',
    supportedCurrencies: ['USD'],
    info: 'Send the total by ACH or wire to our US dollar account.',
    kind: 'manual',
  },
  {
    paymentName: 'bitcoinTransfer',
    title: 'Bitcoin',
    supportedCurrencies: ['USD'],
    info: 'Send the dollar total in bitcoin to our wallet address.',
    kind: 'manual',
  },
  {
    paymentName: 'natwestTransfer',
    title: 'UK bank transfer (pounds)',
    supportedCurrencies: ['GBP'],
    info: 'Transfer the total to our NatWest account in the UK.',
    kind: 'manual',
  },
  {
    paymentName: 'bankTransferProvider',
    title: 'Instant bank transfer',
    supportedCurrencies: ['NGN'],
    info: 'Pay into a one-time account number; your payment is confirmed automatically.',
    kind: 'provider',
  },
];

/** Body of PUT /v1/orders/order/update-payment-details/{orderId}. */
export interface PaymentDetailsRequest {
  currency: CurrencyName;
  paymentMethod: PaymentName;
  business?: string;
}

/** The four third-party providers behind the provider kinds (each with a sandbox built into the server). */
export type PaymentProviderId = 'paystack' | 'flutterwave' | 'paypal' | 'monnify';

/** Which provider takes each third-party payment method. */
export const PAYMENT_PROVIDERS: Readonly<Record<'cardProvider' | 'cardAndBankProvider' | 'paypal' | 'bankTransferProvider', PaymentProviderId>> = {
  cardProvider: 'paystack',
  cardAndBankProvider: 'flutterwave',
  paypal: 'paypal',
  bankTransferProvider: 'monnify',
};

/** What a manual transfer needs the shopper to do. */
export interface TransferInstructions {
  heading: string;
  /** e.g. { label: 'Account number', value: '0123456789' } */
  details: { label: string; value: string }[];
  /** What to quote with the transfer, e.g. the order number. */
  reference?: string;
  note?: string;
  /** The same facts as fields (issue 8). */
  method?: PaymentName;
  /** What to send, in `currency` (what is still owed when part of the order is paid). */
  amount?: number;
  currency?: CurrencyName;
  bankName?: string;
  accountNumber?: string;
  accountName?: string;
  /** UK accounts. */
  sortCode?: string;
  iban?: string;
  /** US accounts. */
  routingNumber?: string;
  swiftCode?: string;
  paypalEmail?: string;
  bitcoinAddress?: string;
}

/** Answer of update-payment-details (inside `data`; a missing `data` is an error, SPEC section 7). */
export interface PaymentDetailsResponse {
  /** What the client does next: go to the provider's page, or show the transfer instructions. */
  action?: 'redirect' | 'transfer';
  order?: Order;
  /** Third-party providers: the hosted payment page to send the shopper to (`url` and `redirectUrl` are the same). */
  url?: string;
  redirectUrl?: string;
  provider?: PaymentProviderId;
  /** Our payment reference (providers) or the reference to quote with a transfer (the order number). */
  reference?: string;
  /** What this payment collects, in `currency`. */
  amount?: number;
  currency?: CurrencyName;
  /** Manual transfers: where to send the money. */
  instructions?: TransferInstructions;
}

/** Body of PUT /v1/orders/order/transfer-notice/{orderId}: the shopper says 'I have made the transfer'. */
export interface TransferNoticeRequest {
  amount: number;
  /** The name on the account the money came from. */
  accountName: string;
  /** The reference written on the transfer. */
  reference: string;
  business?: string;
}
