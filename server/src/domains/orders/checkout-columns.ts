import type { Recipient } from '@adire/contracts';
import type { CheckoutData, CheckoutRecipientData } from './checkout-payload';
import { noteColumns, type OrderChanges } from './store';

/** What a checkout writes from its payload: the order's sender, delivery and message columns, and the recipient to save. */

export function recipientToSave(r: CheckoutRecipientData, state: string | null): Recipient | null {
  if (!r.name || !r.phone || !r.address) return null;
  return {
    name: r.name,
    phone: r.phone,
    ...(r.phoneCountryCode ? { phoneCountryCode: r.phoneCountryCode } : {}),
    ...(r.phoneAlt ? { phoneAlt: r.phoneAlt } : {}),
    ...(r.phoneAlt && r.altPhoneCountryCode ? { altPhoneCountryCode: r.altPhoneCountryCode } : {}),
    address: r.address,
    ...(state ? { state } : {}),
    ...(r.residenceType ? { residenceType: r.residenceType } : {}),
  };
}

/** The sender, delivery and message columns of a checked-out order. */
export function checkoutColumns(data: CheckoutData): OrderChanges {
  const r = data.recipient;
  const details = {
    ...(r.name ? { recipientName: r.name } : {}),
    ...(r.phone ? { recipientPhone: r.phone } : {}),
    ...(r.phone && r.phoneCountryCode ? { recipientPhoneCountryCode: r.phoneCountryCode } : {}),
    ...(r.phoneAlt ? { recipientAltPhone: r.phoneAlt } : {}),
    ...(r.phoneAlt && r.altPhoneCountryCode ? { recipientAltPhoneCountryCode: r.altPhoneCountryCode } : {}),
    ...(r.address ? { recipientAddress: r.address } : {}),
    ...(data.method === 'delivery' && data.state ? { state: data.state } : {}),
    ...(data.zone ? { zone: data.zone } : {}),
    ...(r.residenceType ? { recidenceType: r.residenceType } : {}),
  };
  return {
    client_name: data.client.name,
    client_email: data.client.email,
    client_phone: data.client.phone,
    client_phone_country_code: data.client.phoneCountryCode,
    delivery_method: data.method,
    delivery_details: JSON.stringify(details),
    delivery_state: data.method === 'delivery' ? data.state : null,
    delivery_zone: data.zone,
    pickup_location: data.pickupLocation,
    pickup_state: data.method === 'pickup' ? data.state : null,
    despatch_location: data.despatchLocation,
    ...noteColumns(data.notes),
  };
}
