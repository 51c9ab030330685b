import { CHECKOUT_NOTE_NAMES, CHECKOUT_NOTES, type CheckoutRecipient, type CheckoutRequest, type CurrencyName, type DeliveryMethod, type SenderInfoRequest } from '@adire/contracts';
import { normalizePhone, pickupLocation } from '@adire/domain';
import type { CheckoutForm } from './form';

type Plain = Record<string, unknown>;

/**
 * Empty or undefined fields are left out (SPEC section 5): undefined, null, blank text and objects
 * left with nothing in them. Text is trimmed. `false` is kept: it is an answer, not a gap.
 */
export function omitEmpty<T extends Plain>(value: T): Partial<T> {
  const out: Plain = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t) out[key] = t;
    } else if (typeof v === 'object' && !Array.isArray(v)) {
      const inner = omitEmpty(v as Plain);
      if (Object.keys(inner).length) out[key] = inner;
    } else out[key] = v;
  }
  return out as Partial<T>;
}

const isPickup = (form: CheckoutForm) => form.deliveryMethod === 'pick-up';

/** The recipient part: phones normalised, the alternate's code only with an alternate number; blank for pick-up. */
export function buildRecipient(form: CheckoutForm): CheckoutRecipient {
  if (isPickup(form)) return { method: 'pick-up' };
  const phone = normalizePhone(form.recipientCountryCode, form.recipientPhoneNumber);
  const phoneAlt = normalizePhone(form.recipientCountryCodeAlt || form.recipientCountryCode, form.recipientPhoneNumberAlt);
  return omitEmpty({
    name: form.recipientName,
    phone,
    phoneCountryCode: phone ? form.recipientCountryCode : undefined,
    phoneAlt,
    altPhoneCountryCode: phoneAlt ? form.recipientCountryCodeAlt || form.recipientCountryCode : undefined,
    address: form.recipientHomeAddress,
    state: form.state,
    residenceType: form.residenceType,
    method: form.deliveryMethod,
  }) as CheckoutRecipient;
}

/** The notes asked for with the form's method, by their payload names (CHECKOUT_NOTES). */
export function buildNotes(form: CheckoutForm): Record<string, string> {
  const method: DeliveryMethod = isPickup(form) ? 'pickup' : 'delivery';
  return Object.fromEntries(
    CHECKOUT_NOTE_NAMES.filter((name) => (CHECKOUT_NOTES[name].methods as readonly DeliveryMethod[]).includes(method)).map((name) => [CHECKOUT_NOTES[name].key, form[name]]),
  );
}

/** Body of PUT checkout-order (the API client adds `business`). */
export function buildCheckoutRequest(form: CheckoutForm, ctx: { currency: CurrencyName; loggedIn: boolean }): Omit<CheckoutRequest, 'business'> {
  const pickup = isPickup(form);
  const recipient = buildRecipient(form);
  const location = pickup ? pickupLocation(form.pickUpLocation) : null;
  const createAccount = form.freeAccount && !ctx.loggedIn;
  const orderData = omitEmpty({
    deliveryDate: form.deliveryDate,
    ...buildNotes(form),
    deliveryZone: pickup ? undefined : form.zone,
    pickupState: location?.state,
    pickupLocation: location?.code,
    despatchLocation: location?.code,
    recipient,
    deliveryDetails: pickup ? undefined : { ...recipient, zone: form.zone },
  });
  const userData = omitEmpty({
    name: form.senderName,
    email: form.senderEmail,
    phone: normalizePhone(form.senderCountryCode, form.senderPhoneNumber),
    phoneCountryCode: form.senderPhoneNumber.trim() ? form.senderCountryCode : undefined,
    password: createAccount ? form.senderPassword : undefined,
  });
  return {
    ...(createAccount ? { shouldCreateAccount: true } : {}),
    ...(!pickup && form.shouldSaveAddress && (ctx.loggedIn || createAccount) ? { shouldSaveAddress: true } : {}),
    orderData: { recipient: {}, ...orderData } as CheckoutRequest['orderData'],
    userData: userData as CheckoutRequest['userData'],
    currency: ctx.currency,
  };
}

/** Body of PUT save-sender-info, or null until the sender part is complete (name, email and phone). */
export function buildSenderInfo(form: CheckoutForm): Omit<SenderInfoRequest, 'business'> | null {
  const name = form.senderName.trim();
  const email = form.senderEmail.trim();
  const phone = normalizePhone(form.senderCountryCode, form.senderPhoneNumber);
  if (!name || !email || !phone) return null;
  return { name, email, phone, phoneCountryCode: form.senderCountryCode };
}
