import type { FieldName } from './form';
import { FIELD_LABELS } from './form';

/** Where the server's field paths (checkout-order and save-sender-info) land on the form. */
const SERVER_FIELDS: Record<string, FieldName> = {
  'userData.name': 'senderName',
  'userData.email': 'senderEmail',
  'userData.phone': 'senderPhoneNumber',
  'userData.phoneCountryCode': 'senderCountryCode',
  'userData.password': 'senderPassword',
  name: 'senderName',
  email: 'senderEmail',
  phone: 'senderPhoneNumber',
  phoneCountryCode: 'senderCountryCode',
  'orderData.recipient.method': 'deliveryMethod',
  'orderData.recipient.name': 'recipientName',
  'orderData.recipient.phone': 'recipientPhoneNumber',
  'orderData.recipient.phoneCountryCode': 'recipientCountryCode',
  'orderData.recipient.phoneAlt': 'recipientPhoneNumberAlt',
  'orderData.recipient.altPhoneCountryCode': 'recipientCountryCodeAlt',
  'orderData.recipient.address': 'recipientHomeAddress',
  'orderData.recipient.state': 'state',
  'orderData.recipient.residenceType': 'residenceType',
  'orderData.deliveryZone': 'zone',
  'orderData.deliveryDate': 'deliveryDate',
  'orderData.pickupLocation': 'pickUpLocation',
  'orderData.pickupState': 'pickUpLocation',
  'orderData.despatchLocation': 'pickUpLocation',
  'orderData.deliveryMessage': 'message',
  'orderData.purpose': 'purpose',
  'orderData.deliveryInstruction': 'deliveryInstruction',
  'orderData.adminNotes': 'additionalInfo',
};

export interface ServerFieldErrors {
  /** Shown next to the fields: '{Label} {reason}', e.g. 'Recipient phone number is not a valid phone number'. */
  byField: Partial<Record<FieldName, string>>;
  /** Problems with no field on the form (an empty cart, the currency): shown above the submit button. */
  other: string[];
}

/** Spread a 400's `fields` over the form. */
export function mapServerFields(fields: Record<string, string> | undefined): ServerFieldErrors {
  const result: ServerFieldErrors = { byField: {}, other: [] };
  for (const [path, reason] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELDS[path] ?? SERVER_FIELDS[path.replace(/^orderData\.deliveryDetails\./, 'orderData.recipient.')];
    if (field && !result.byField[field]) result.byField[field] = `${FIELD_LABELS[field]} ${reason}`;
    else if (!field) result.other.push(`${path} ${reason}`);
  }
  return result;
}
