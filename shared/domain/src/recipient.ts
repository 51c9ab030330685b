import { deliveryLocation, notDeliveredTo, STATE_REASON } from './delivery';
import { DEFAULT_COUNTRY_CODE, fullPhoneNumber, PHONE_REASON } from './phone';

// Imported as '@adire/domain/recipient': the package's root is shared whole with every page (Module
// Federation ships a shared package's every export), and only the checkout, the account and the server
// read recipients this way. Being a path of its own, it is bundled into each remote that reads it, so a
// remote released before the shell has what it imports from here (the shell's shared root may be older).

/** What the address book shows and reads besides the rule: phones as people write them, the shop's states. */
export { shownPhone } from './phone';
export { deliveryLocation } from './delivery';

/** The lengths the checkout allows a recipient's fields (the account's address book uses the same). */
export const RECIPIENT_LIMITS = { name: 120, phone: 24, countryCode: 5, address: 500, state: 60, residenceType: 60 } as const;

export interface RecipientFields {
  name: string;
  phone: string;
  phoneCountryCode: string;
  phoneAlt?: string;
  altPhoneCountryCode?: string;
  address: string;
  state?: string;
  residenceType?: string;
}

/** A recipient's fields as read: each clean value (null when blank or wrong) and each wrong field named with its reason. */
export interface RecipientRead {
  fields: Record<string, string>;
  name: string | null;
  phone: string | null;
  /** The main number's country code (+234 when none was given). */
  phoneCountryCode: string;
  phoneAlt: string | null;
  /** The alternate number's country code: only with an alternate number (SPEC section 5), else null. */
  altPhoneCountryCode: string | null;
  address: string | null;
  state: string | null;
  residenceType: string | null;
}

/**
 * The one recipient rule — the checkout's (the form and the server's payload) and the account's address
 * book: the same limits, the shop's one phone rule and the same reasons, read field by field in the
 * checkout form's order, pure. `required: false` (a pick-up) checks what is given and asks for nothing.
 */
export function readRecipient(input: unknown, options: { required?: boolean } = {}): RecipientRead {
  const required = options.required ?? true;
  const fields: Record<string, string> = {};
  const o = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const text = (key: string, max: number, needed: boolean): string | null => {
    const value = o[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (needed) fields[key] = 'is required';
      return null;
    }
    if (typeof value !== 'string') {
      fields[key] = 'must be text';
      return null;
    }
    const clean = value.trim().replace(/[^\S\n]+/g, ' ');
    if (clean.length > max) {
      fields[key] = `must be at most ${max} characters`;
      return null;
    }
    return clean;
  };
  const code = (key: string): string | null => {
    const raw = text(key, RECIPIENT_LIMITS.countryCode + 1, false);
    if (raw === null) return null;
    const digits = raw.replace(/^\+/, '');
    if (!/^\d{1,4}$/.test(digits) || digits.startsWith('0')) {
      fields[key] = 'must be a country code such as +234';
      return null;
    }
    return `+${digits}`;
  };
  const phone = (key: string, countryCode: string, needed: boolean): string | null => {
    const raw = text(key, RECIPIENT_LIMITS.phone, needed);
    if (raw === null) return null;
    const full = fullPhoneNumber(countryCode, raw);
    if (!full) fields[key] = PHONE_REASON;
    return full;
  };
  const phoneCountryCode = code('phoneCountryCode') ?? DEFAULT_COUNTRY_CODE;
  // The alternate number's country code only counts with an alternate number (SPEC section 5).
  const altGiven = typeof o.phoneAlt === 'string' && o.phoneAlt.trim() !== '';
  const altCode = altGiven ? (code('altPhoneCountryCode') ?? phoneCountryCode) : null;
  const phoneAlt = phone('phoneAlt', altCode ?? DEFAULT_COUNTRY_CODE, false);
  return {
    name: text('name', RECIPIENT_LIMITS.name, required),
    phone: phone('phone', phoneCountryCode, required),
    phoneCountryCode,
    phoneAlt,
    altPhoneCountryCode: phoneAlt ? altCode : null,
    address: text('address', RECIPIENT_LIMITS.address, required),
    state: text('state', RECIPIENT_LIMITS.state, false),
    residenceType: text('residenceType', RECIPIENT_LIMITS.residenceType, false),
    fields,
  };
}

/**
 * A whole recipient by the one rule (the account's address book): the clean recipient, or each wrong
 * field named. Its state, when given, is one of the shop's delivery states, as the checkout offers them
 * (kept as the checkout keeps it: 'lagos'); another is refused with the checkout's sentence (`message`).
 */
export function readRecipientFields(input: unknown): { ok: true; recipient: RecipientFields } | { ok: false; fields: Record<string, string>; message?: string } {
  const read = readRecipient(input);
  const { name, phone, address, phoneAlt, residenceType } = read;
  const state = read.state === null ? null : deliveryLocation(read.state);
  if (read.state !== null && !state) read.fields.state = STATE_REASON;
  if (Object.keys(read.fields).length || !name || !phone || !address) {
    const first = Object.keys(read.fields)[0];
    return { ok: false, fields: read.fields, ...(first === 'state' ? { message: notDeliveredTo(read.state!) } : {}) };
  }
  return {
    ok: true,
    recipient: {
      name,
      phone,
      phoneCountryCode: read.phoneCountryCode,
      ...(phoneAlt ? { phoneAlt, altPhoneCountryCode: read.altPhoneCountryCode! } : {}),
      address,
      ...(state ? { state } : {}),
      ...(residenceType ? { residenceType } : {}),
    },
  };
}
