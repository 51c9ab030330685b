import { CHECKOUT_FIELDS, CHECKOUT_NOTE_NAMES, CHECKOUT_NOTES, DELIVERY_STATE_LABELS, type CheckoutFieldName, type CheckoutNoteName, type Order, type PickupLocationCode, type Recipient, type User } from '@adire/contracts';
import { DEFAULT_COUNTRY_CODE, localNumber, pickupLocation } from '@adire/domain';

/**
 * The checkout form's fields, named as SPEC section 3 names them. Two of that list are derived rather
 * than typed: `deliveryZone` is sent from `zone`, and `pickupState` from the pick-up location's state.
 * The notes (message, purpose, deliveryInstruction, additionalInfo, giftWrapNote, …) are the contracts'
 * CHECKOUT_NOTES: text, drawn, sent and read back from that table.
 */
export interface CheckoutForm extends Record<CheckoutNoteName, string> {
  senderName: string;
  senderEmail: string;
  senderPhoneNumber: string;
  senderCountryCode: string;
  senderPassword: string;
  /** Create a free account with this checkout (guests only). */
  freeAccount: boolean;
  shouldSaveAddress: boolean;
  recipientName: string;
  recipientPhoneNumber: string;
  recipientCountryCode: string;
  recipientPhoneNumberAlt: string;
  recipientCountryCodeAlt: string;
  recipientHomeAddress: string;
  residenceType: string;
  deliveryMethod: 'delivery' | 'pick-up';
  /** YYYY-MM-DD */
  deliveryDate: string;
  pickUpLocation: PickupLocationCode | '';
  /** One of DELIVERY_LOCATIONS. */
  state: string;
  /** The delivery zone's name within the state (sent as deliveryZone). */
  zone: string;
}

export type FieldName = keyof CheckoutForm;
// The form and the contracts' field table name the same fields.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameFields: Same<FieldName, CheckoutFieldName> = true;
void sameFields;

/** The labels, from the one field table of the contracts (the server's messages use it too). */
export const FIELD_LABELS = Object.fromEntries(Object.entries(CHECKOUT_FIELDS).map(([field, { label }]) => [field, label])) as Record<FieldName, string>;

/** The choices the address book offers too (@adire/contracts). */
export { COUNTRY_CODES, RESIDENCE_TYPES } from '@adire/contracts';

export const STATE_LABELS: Record<string, string> = DELIVERY_STATE_LABELS;

export function emptyForm(): CheckoutForm {
  return {
    senderName: '',
    senderEmail: '',
    senderPhoneNumber: '',
    senderCountryCode: DEFAULT_COUNTRY_CODE,
    senderPassword: '',
    freeAccount: false,
    shouldSaveAddress: false,
    recipientName: '',
    recipientPhoneNumber: '',
    recipientCountryCode: DEFAULT_COUNTRY_CODE,
    recipientPhoneNumberAlt: '',
    recipientCountryCodeAlt: DEFAULT_COUNTRY_CODE,
    recipientHomeAddress: '',
    residenceType: '',
    deliveryMethod: 'delivery',
    deliveryDate: '',
    pickUpLocation: '',
    state: '',
    zone: '',
    ...(Object.fromEntries(CHECKOUT_NOTE_NAMES.map((name) => [name, ''])) as Record<CheckoutNoteName, string>),
  };
}

/** A saved recipient (or the order's delivery details) as form values. */
export function recipientToForm(r: Recipient): Partial<CheckoutForm> {
  const code = r.phoneCountryCode || DEFAULT_COUNTRY_CODE;
  const altCode = r.altPhoneCountryCode || code;
  return {
    recipientName: r.name ?? '',
    recipientPhoneNumber: localNumber(r.phone, code),
    recipientCountryCode: code,
    recipientPhoneNumberAlt: localNumber(r.phoneAlt, altCode),
    recipientCountryCodeAlt: altCode,
    recipientHomeAddress: r.address ?? '',
    ...(r.state ? { state: r.state } : {}),
    residenceType: r.residenceType ?? '',
  };
}

export function recipientLabel(r: Recipient): string {
  return `${r.name} — ${r.address}`;
}

/**
 * The form as it opens: what the order already holds (a shopper coming back from payment), else the
 * logged-in user as sender; the date is the order's, else the cart's.
 */
export function initialForm(order: Order | null, user: User | null, cartDate: string | null): CheckoutForm {
  const form = emptyForm();
  const client = order?.client;
  const code = client?.phoneCountryCode || user?.phoneCountryCode || DEFAULT_COUNTRY_CODE;
  form.senderName = client?.name ?? user?.name ?? '';
  form.senderEmail = client?.email ?? user?.email ?? '';
  form.senderCountryCode = code;
  form.senderPhoneNumber = localNumber(client?.phone ?? user?.phone, code);
  form.deliveryDate = order?.deliveryDate || cartDate || '';

  if (order?.deliveryMethod === 'pickup') {
    form.deliveryMethod = 'pick-up';
    form.pickUpLocation = order.pickupLocation ?? (pickupLocation(order.despatchLocation ?? '')?.code ?? '');
  }
  const d = order?.deliveryDetails;
  if (order?.deliveryMethod === 'delivery' && d) {
    Object.assign(
      form,
      recipientToForm({
        name: d.recipientName ?? '',
        phone: d.recipientPhone ?? '',
        phoneCountryCode: d.recipientPhoneCountryCode,
        phoneAlt: d.recipientAltPhone,
        altPhoneCountryCode: d.recipientAltPhoneCountryCode,
        address: d.recipientAddress ?? order.recipientAddress ?? '',
        state: d.state,
        residenceType: d.recidenceType,
      }),
    );
    form.zone = d.zone ?? order.deliveryZone ?? '';
  }
  for (const name of CHECKOUT_NOTE_NAMES) form[name] = order?.[CHECKOUT_NOTES[name].key] ?? '';
  return form;
}
