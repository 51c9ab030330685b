import { DEFAULT_COUNTRY_CODE, fullPhoneNumber, PHONE_REASON } from './phone';

// Imported as '@adire/domain/recipient': the package's root is shared whole with every page (Module
// Federation ships a shared package's every export), and only the server reads recipients this way.

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

/**
 * A recipient as typed (the checkout's rules: the same limits, the shop's one phone rule and the same
 * reasons), read field by field, pure: the clean recipient, or each wrong field named with its reason.
 */
export function readRecipientFields(input: unknown): { ok: true; recipient: RecipientFields } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const o = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const text = (key: string, max: number, required: boolean): string | null => {
    const value = o[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) fields[key] = 'is required';
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
  const phone = (key: string, countryCode: string, required: boolean): string | null => {
    const raw = text(key, RECIPIENT_LIMITS.phone, required);
    if (raw === null) return null;
    const full = fullPhoneNumber(countryCode, raw);
    if (!full) fields[key] = PHONE_REASON;
    return full;
  };
  const name = text('name', RECIPIENT_LIMITS.name, true);
  const phoneCountryCode = code('phoneCountryCode') ?? DEFAULT_COUNTRY_CODE;
  const mainPhone = phone('phone', phoneCountryCode, true);
  const altCode = code('altPhoneCountryCode') ?? phoneCountryCode;
  const phoneAlt = phone('phoneAlt', altCode, false);
  const address = text('address', RECIPIENT_LIMITS.address, true);
  const state = text('state', RECIPIENT_LIMITS.state, false);
  const residenceType = text('residenceType', RECIPIENT_LIMITS.residenceType, false);
  if (Object.keys(fields).length || !name || !mainPhone || !address) return { ok: false, fields };
  return {
    ok: true,
    recipient: {
      name,
      phone: mainPhone,
      phoneCountryCode,
      ...(phoneAlt ? { phoneAlt, altPhoneCountryCode: altCode } : {}),
      address,
      ...(state ? { state } : {}),
      ...(residenceType ? { residenceType } : {}),
    },
  };
}
