// The shop's primitive names and places: currencies, payment methods, pick-up points, delivery locations
// and methods. A leaf: it imports nothing, and every other contract may import it (issue 44; the contracts
// read one way, `contracts-read-one-way` in .dependency-cruiser.cjs).

export type CurrencyName = 'NGN' | 'USD' | 'GBP';

export type PickupLocationCode = 'Ikoyi LPI' | 'Abuja APA' | 'Lekki LPL';

/** The pick-up points (SPEC section 9) and the state each one is in. */
export const PICKUP_LOCATIONS: readonly { code: PickupLocationCode; state: 'lagos' | 'abuja' }[] = [
  { code: 'Ikoyi LPI', state: 'lagos' },
  { code: 'Abuja APA', state: 'abuja' },
  { code: 'Lekki LPL', state: 'lagos' },
];

/** SPEC section 9: delivery-location choices: the states of the delivery settings and the featured lists per location. */
export const DELIVERY_LOCATIONS = ['lagos', 'abuja', 'other-locations'] as const;
export type DeliveryLocation = (typeof DELIVERY_LOCATIONS)[number];
/** How the states of the delivery settings are named to people (checkout, back office). */
export const DELIVERY_STATE_LABELS: Record<DeliveryLocation, string> = { lagos: 'Lagos', abuja: 'Abuja', 'other-locations': 'Other locations' };

/** How the order reaches the recipient. The form says 'pick-up'; the server stores 'pickup'. */
export type DeliveryMethod = 'delivery' | 'pickup';

/**
 * Identifiers as the product spells them. The three third-party providers are named by kind: a card
 * provider, a card-and-bank provider and a bank-transfer provider.
 */
export type PaymentName =
  | 'cardProvider'
  | 'cardAndBankProvider'
  | 'paypal'
  | 'gtbTransfer'
  | 'leadBankTransfer'
  | 'bitcoinTransfer'
  | 'natwestTransfer'
  | 'bankTransferProvider';
