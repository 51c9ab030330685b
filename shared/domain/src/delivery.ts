import { DELIVERY_LOCATIONS, DELIVERY_STATE_LABELS, PICKUP_LOCATIONS, type DeliveryConfig, type DeliveryLocation, type DeliveryMethod, type PickupLocationCode, type SiteSettings } from '@adire/contracts';

/**
 * Delivery-fee rules, pure (no database, no clock): which delivery settings price a day, what a state
 * and zone cost, the free-delivery threshold, pick-up. The server prices orders and quotes with them;
 * the checkout lists the zones and the threshold of the chosen day with them.
 */

export type DeliverySettings = SiteSettings['deliverySettings'];

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** 'delivery' → delivery; 'pick-up' or 'pickup' (any case, spaces around) → pickup; anything else → null. */
export function readDeliveryMethod(value: unknown): DeliveryMethod | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v === 'delivery') return 'delivery';
  if (v === 'pick-up' || v === 'pickup') return 'pickup';
  return null;
}

/**
 * The settings in force on a delivery day (YYYY-MM-DD): the first active override whose
 * startDate..endDate window (inclusive, compared as date strings) holds the day, else the base.
 */
export function configForDate(settings: DeliverySettings, deliveryDate: string): DeliveryConfig {
  const override = settings.overrideConfigs.find(
    (c) => c.active && !!c.startDate && !!c.endDate && c.startDate <= deliveryDate && deliveryDate <= c.endDate,
  );
  return override ?? settings.baseConfig;
}

/** Why a state is refused, as a field's reason: the checkout's and the address book's. */
export const STATE_REASON = 'is not a state we deliver to';

/** The sentence for a state the shop does not deliver to: "We do not deliver to 'Narnia': choose one of lagos, abuja, other-locations". */
export function notDeliveredTo(state: string, states: readonly string[] = DELIVERY_LOCATIONS): string {
  return `We do not deliver to '${state}': choose one of ${states.join(', ')}`;
}

/** One of the shop's delivery states by its value or its label ('lagos', 'Lagos', 'Other locations'); null for any other. */
export function deliveryLocation(value: string): DeliveryLocation | null {
  const v = norm(value);
  return DELIVERY_LOCATIONS.find((l) => l === v || norm(DELIVERY_STATE_LABELS[l]) === v) ?? null;
}

/** A state of the config by its name (case and spacing ignored). */
export function findState(config: DeliveryConfig, state: string) {
  return config.stateDeliveryZones.find((s) => norm(s.state) === norm(state)) ?? null;
}

/** The zone of a state by its name (case and spacing ignored). */
export function findZone(config: DeliveryConfig, state: string, zone: string) {
  return findState(config, state)?.zones.find((z) => norm(z.name) === norm(zone)) ?? null;
}

/** The zone names of a state, for choices and error messages. */
export function zoneNames(config: DeliveryConfig, state: string): string[] {
  return findState(config, state)?.zones.map((z) => z.name) ?? [];
}

export function pickupLocation(code: string): (typeof PICKUP_LOCATIONS)[number] | null {
  return PICKUP_LOCATIONS.find((p) => norm(p.code) === norm(code)) ?? null;
}

/** The branch a delivery leaves from when the client does not name one. */
export function defaultDespatchLocation(state: string): PickupLocationCode {
  return norm(state) === 'abuja' ? 'Abuja APA' : 'Ikoyi LPI';
}

/** The items amount (naira, designs included) from which delivery is free, or null: a minAmount of 0 means never. */
export function freeDeliveryFrom(config: Pick<DeliveryConfig, 'minAmount'>): number | null {
  return config.minAmount > 0 ? config.minAmount : null;
}

export interface FeeInput {
  method: DeliveryMethod;
  /** Delivery only. */
  state?: string | null;
  zone?: string | null;
  /** YYYY-MM-DD */
  deliveryDate: string;
  /** Items with their designs, in naira, before any discount. */
  itemsNgn: number;
}

export interface Fee {
  feeNgn: number;
  free: boolean;
  configName: string | null;
  freeFromNgn: number | null;
}

export class UnknownZoneError extends Error {
  constructor(
    readonly field: 'state' | 'zone',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What delivery costs. Pick-up is free. Delivery: the zone's amount in the settings in force on the
 * day, free when the items (designs included) reach that config's free-delivery threshold. An unknown
 * state or zone throws UnknownZoneError.
 */
export function deliveryFee(settings: DeliverySettings, input: FeeInput): Fee {
  if (input.method === 'pickup') return { feeNgn: 0, free: true, configName: null, freeFromNgn: null };
  const config = configForDate(settings, input.deliveryDate);
  const state = input.state ?? '';
  if (!findState(config, state)) throw new UnknownZoneError('state', `We do not deliver to '${state.slice(0, 40)}'`);
  const zone = findZone(config, state, input.zone ?? '');
  if (!zone) throw new UnknownZoneError('zone', `'${(input.zone ?? '').slice(0, 60)}' is not a delivery zone of ${state}`);
  const freeFromNgn = freeDeliveryFrom(config);
  const free = freeFromNgn !== null && input.itemsNgn >= freeFromNgn;
  return { feeNgn: free ? 0 : zone.amount, free, configName: config.name, freeFromNgn };
}
