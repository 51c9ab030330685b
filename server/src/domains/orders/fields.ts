import { checkoutFieldOf, CHECKOUT_FIELDS, CHECKOUT_NOTES, type CheckoutNoteSpec } from '@adire/contracts';
import { DEFAULT_COUNTRY_CODE, fullPhoneNumber, PHONE_REASON } from '@adire/domain';

/**
 * Reading a payload's fields, pure: every wrong field is named (by its path in the payload) with a
 * short reason, and a summary sentence is built for the whole. The checkout, the sender's details, the
 * coupon and the review calls read their bodies with these.
 */

export const LIMITS = {
  name: 120,
  phone: 24,
  countryCode: 5,
  address: 500,
  state: 60,
  zone: 100,
  residenceType: 60,
} as const;

/** Labels of what the checkout form has no field for; the form's fields are labelled by CHECKOUT_FIELDS. */
const OTHER_LABELS: Record<string, string> = {
  currency: 'Currency',
  cartItems: 'Cart',
  orderData: 'Order details',
  userData: 'Sender details',
  rating: 'Rating',
  comment: 'Comment',
  code: 'Coupon code',
  order: 'Order',
};

export const labelOf = (path: string, notes: Readonly<Record<string, CheckoutNoteSpec>> = CHECKOUT_NOTES): string => {
  const field = checkoutFieldOf(path);
  if (field) return CHECKOUT_FIELDS[field].label;
  const note = Object.values(notes).find((n) => path === `orderData.${n.key}`);
  return note?.label ?? OTHER_LABELS[path] ?? path;
};

/** Collects field problems; one sentence per field for the summary. */
export class FieldProblems {
  readonly fields: Record<string, string> = {};
  private readonly sentences = new Map<string, string>();

  /** `notes`: the note table that labels `orderData.<key>` paths (a test may bring its own). */
  constructor(private readonly notes: Readonly<Record<string, CheckoutNoteSpec>> = CHECKOUT_NOTES) {}

  add(path: string, reason: string, sentence?: string): void {
    if (path in this.fields) return; // the first problem of a field is the one to fix first
    this.fields[path] = reason;
    this.sentences.set(path, sentence ?? `${labelOf(path, this.notes)} ${reason}`);
  }

  get count(): number {
    return this.sentences.size;
  }

  /** One problem: its sentence. Several: 'Please correct 3 fields: Sender email, Recipient phone and Delivery date'. */
  summary(): string {
    const paths = [...this.sentences.keys()];
    if (paths.length === 1) return this.sentences.get(paths[0]!)!;
    const labels = paths.map((path) => labelOf(path, this.notes));
    return `Please correct ${labels.length} fields: ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Optional text: trimmed, '' → null; wrong type or too long is a problem. */
export function text(p: FieldProblems, path: string, value: unknown, max: number, required = false): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) p.add(path, 'is required');
    return null;
  }
  if (typeof value !== 'string') {
    p.add(path, 'must be text');
    return null;
  }
  const clean = value.trim().replace(/[^\S\n]+/g, ' ');
  if (clean.length > max) {
    p.add(path, `must be at most ${max} characters`);
    return null;
  }
  return clean;
}

export function countryCode(p: FieldProblems, path: string, value: unknown): string | null {
  const raw = text(p, path, value, LIMITS.countryCode + 1);
  if (raw === null) return null;
  const digits = raw.replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(digits) || digits.startsWith('0')) {
    p.add(path, 'must be a country code such as +234');
    return null;
  }
  return `+${digits}`;
}

/**
 * A phone as sent (SPEC section 5: country code followed by the number, leading zero stripped) or a
 * local number with its country code beside it, checked by the shop's one phone rule (@adire/domain,
 * the forms use it too) and stored in full.
 */
export function phone(p: FieldProblems, path: string, value: unknown, code: string | null, required: boolean): string | null {
  const raw = text(p, path, value, LIMITS.phone, required);
  if (raw === null) return null;
  const full = fullPhoneNumber(code ?? DEFAULT_COUNTRY_CODE, raw);
  if (!full) p.add(path, PHONE_REASON);
  return full;
}
