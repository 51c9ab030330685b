import { DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type DeliveryDay } from '@adire/contracts';
import { deliveryDateProblem, isApiDate, isEmail, isPhoneNumber, PHONE_REASON, readDeliveryMethod } from '@adire/domain';
import { chosenDayProblem } from '@adire/domain/days';
import { readRecipient } from '@adire/domain/recipient';
import { FIELD_LABELS, type CheckoutForm, type FieldName } from './form';

export interface ValidationContext {
  loggedIn: boolean;
  now: Date;
  checkoutSettings?: CheckoutSettings;
  /** A day as the shop answered it for the chosen place (fully booked, places left); absent: the date rule alone. */
  dayOf?: (date: string) => DeliveryDay;
}

/** SPEC section 5: a required field left blank shows '{field name} is required'. */
export const requiredMessage = (field: FieldName) => `${FIELD_LABELS[field]} is required`;

/** The country code field beside each phone field. */
const PHONE_COUNTRY: Partial<Record<FieldName, FieldName>> = {
  senderPhoneNumber: 'senderCountryCode',
  recipientPhoneNumber: 'recipientCountryCode',
  recipientPhoneNumberAlt: 'recipientCountryCodeAlt',
};

/** The shop's one phone rule (@adire/domain, the server applies it too), with the field's country code (the recipient's through the recipient rule). */
export function phoneProblem(field: FieldName, form: CheckoutForm): string | null {
  const country = PHONE_COUNTRY[field];
  const code = country ? String(form[country] ?? '') : '';
  return isPhoneNumber(code, String(form[field] ?? '')) ? null : `${FIELD_LABELS[field]} ${PHONE_REASON}`;
}

/** The form's recipient fields by their names in the one recipient rule (@adire/domain/recipient, the server's too). */
const RECIPIENT_RULE_FIELDS: Partial<Record<FieldName, string>> = {
  recipientName: 'name',
  recipientPhoneNumber: 'phone',
  recipientCountryCode: 'phoneCountryCode',
  recipientPhoneNumberAlt: 'phoneAlt',
  recipientCountryCodeAlt: 'altPhoneCountryCode',
  recipientHomeAddress: 'address',
  residenceType: 'residenceType',
};

/** A recipient field's problem by the one recipient rule (lengths, country codes, the phone rule), with the form's label. */
export function recipientProblem(field: FieldName, form: CheckoutForm): string | null {
  const key = RECIPIENT_RULE_FIELDS[field];
  if (!key) return null;
  const { fields } = readRecipient(
    {
      name: form.recipientName,
      phone: form.recipientPhoneNumber,
      phoneCountryCode: form.recipientCountryCode,
      phoneAlt: form.recipientPhoneNumberAlt,
      altPhoneCountryCode: form.recipientCountryCodeAlt,
      address: form.recipientHomeAddress,
      residenceType: form.residenceType,
    },
    { required: false },
  );
  return fields[key] ? `${FIELD_LABELS[field]} ${fields[key]}` : null;
}

/** The fields this form requires as it stands: sender always; recipient and zone for delivery; the branch for pick-up. */
export function requiredFields(form: CheckoutForm, ctx: Pick<ValidationContext, 'loggedIn'>): FieldName[] {
  const fields: FieldName[] = ['senderName', 'senderEmail', 'senderPhoneNumber', 'deliveryMethod', 'deliveryDate'];
  if (form.freeAccount && !ctx.loggedIn) fields.push('senderPassword');
  if (form.deliveryMethod === 'pick-up') fields.push('pickUpLocation');
  else fields.push('recipientName', 'recipientPhoneNumber', 'recipientHomeAddress', 'state', 'zone');
  return fields;
}

/** The message for one field as it stands, or null when it is fine. */
export function fieldProblem(field: FieldName, form: CheckoutForm, ctx: ValidationContext): string | null {
  const value = form[field];
  const text = typeof value === 'string' ? value.trim() : value;
  if (requiredFields(form, ctx).includes(field) && (text === '' || text === false)) return requiredMessage(field);
  if (text === '' || typeof text !== 'string') return null;
  switch (field) {
    case 'senderEmail':
      return isEmail(text) ? null : 'Enter a valid email address, like name@example.com';
    case 'senderPhoneNumber':
      return phoneProblem(field, form);
    case 'deliveryDate':
      return dateProblem(text, form, ctx);
    default:
      return recipientProblem(field, form);
  }
}

/**
 * The chosen day: one from the calendar, open for the method (the one date rule: past, closed,
 * order-by time, same-day cutoff), then open at the chosen place as the shop answered (fully booked).
 */
export function dateProblem(date: string, form: Pick<CheckoutForm, 'deliveryMethod'>, ctx: ValidationContext): string | null {
  if (!isApiDate(date)) return 'Choose a day from the calendar';
  const method = readDeliveryMethod(form.deliveryMethod) ?? 'delivery';
  const ruled = deliveryDateProblem(date, method, ctx.now, ctx.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS)?.message;
  if (ruled) return ruled;
  return ctx.dayOf ? chosenDayProblem(ctx.dayOf(date)) : null;
}

export type FieldErrors = Partial<Record<FieldName, string>>;

export const SENDER_FIELDS: readonly FieldName[] = ['senderName', 'senderEmail', 'senderPhoneNumber', 'senderCountryCode'];

/** Every problem of the form (or of some of its fields). */
export function formErrors(form: CheckoutForm, ctx: ValidationContext, fields: readonly FieldName[] = Object.keys(form) as FieldName[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const problem = fieldProblem(field, form, ctx);
    if (problem) errors[field] = problem;
  }
  return errors;
}
