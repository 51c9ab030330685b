import {
  checkoutFieldOf,
  CHECKOUT_FIELDS,
  CHECKOUT_NOTES,
  type CheckoutNoteKey,
  type CheckoutNotes,
  type CheckoutNoteSpec,
  CURRENCY_NAMES,
  DEFAULT_CHECKOUT_SETTINGS,
  type CheckoutSettings,
  type CurrencyName,
  type DeliveryMethod,
  type PickupLocationCode,
} from '@adire/contracts';
import {
  configForDate,
  DEFAULT_COUNTRY_CODE,
  defaultDespatchLocation,
  deliveryDateProblem,
  findState,
  findZone,
  isApiDate,
  isApiDateShape,
  fullPhoneNumber,
  PHONE_REASON,
  pickupLocation,
  readDeliveryMethod,
  zoneNames,
  type DeliverySettings,
} from '@adire/domain';
import { normaliseEmail, passwordProblem } from '../account';

/**
 * The checkout payload (SPEC section 3) read field by field, pure: every wrong field is named (by its
 * path in the payload) with a short reason, and a summary sentence is built for the whole. The clock
 * and the settings are parameters.
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

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Optional text: trimmed, '' → null; wrong type or too long is a problem. */
function text(p: FieldProblems, path: string, value: unknown, max: number, required = false): string | null {
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

function countryCode(p: FieldProblems, path: string, value: unknown): string | null {
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
function phone(p: FieldProblems, path: string, value: unknown, code: string | null, required: boolean): string | null {
  const raw = text(p, path, value, LIMITS.phone, required);
  if (raw === null) return null;
  const full = fullPhoneNumber(code ?? DEFAULT_COUNTRY_CODE, raw);
  if (!full) p.add(path, PHONE_REASON);
  return full;
}

/**
 * The checkout notes of `orderData`, read from the note table: each asked for with `method` is free text
 * of at most its length (required when the table says so); a note of another method, or a key the table
 * does not know, is dropped.
 */
export function readNotes(
  p: FieldProblems,
  orderData: Record<string, unknown>,
  method: DeliveryMethod,
  notes: Readonly<Record<string, CheckoutNoteSpec>> = CHECKOUT_NOTES,
): CheckoutNotes {
  const out: Record<string, string> = {};
  for (const note of Object.values(notes)) {
    if (!note.methods.includes(method)) continue;
    const value = text(p, `orderData.${note.key}`, orderData[note.key], note.maxLength, note.required);
    if (value !== null) out[note.key] = value;
  }
  return out as Partial<Record<CheckoutNoteKey, string>>;
}

export interface CheckoutRecipientData {
  name: string | null;
  phone: string | null;
  phoneCountryCode: string | null;
  phoneAlt: string | null;
  altPhoneCountryCode: string | null;
  address: string | null;
  residenceType: string | null;
}

export interface CheckoutData {
  currency: CurrencyName;
  method: DeliveryMethod;
  deliveryDate: string;
  client: { name: string; email: string; phone: string; phoneCountryCode: string };
  recipient: CheckoutRecipientData;
  /** Delivery: canonical state and zone names from the settings; pick-up: the point's state, no zone. */
  state: string | null;
  zone: string | null;
  pickupLocation: PickupLocationCode | null;
  despatchLocation: PickupLocationCode;
  /** The checkout notes (CHECKOUT_NOTES) given for this method, by their payload names. */
  notes: CheckoutNotes;
  /** Present when an account is to be created (shouldCreateAccount and nobody logged in). */
  newAccountPassword: string | null;
  saveAddress: boolean;
}

export interface CheckoutContext {
  deliverySettings: DeliverySettings;
  checkoutSettings?: CheckoutSettings;
  now: Date;
  /** A logged-in caller needs no password: shouldCreateAccount is then ignored. */
  loggedIn: boolean;
}

export type CheckoutValidation = { ok: true; data: CheckoutData } | { ok: false; problems: FieldProblems };

/** Read the whole payload; never throws. `problems` may already hold order-level problems (an empty cart). */
export function readCheckout(body: unknown, ctx: CheckoutContext, problems = new FieldProblems()): CheckoutValidation {
  const p = problems;
  const settings = ctx.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS;
  const root = isObject(body) ? body : {};

  const currency = root.currency;
  if (typeof currency !== 'string' || !(CURRENCY_NAMES as readonly string[]).includes(currency)) {
    p.add('currency', currency === undefined ? 'is required' : 'is unknown', currency === undefined ? undefined : `Currency must be one of ${CURRENCY_NAMES.join(', ')}`);
  }

  // --- sender -----------------------------------------------------------------------------------
  const user = isObject(root.userData) ? root.userData : null;
  if (!user) p.add('userData', 'is required');
  const u = user ?? {};
  const clientName = text(p, 'userData.name', u.name, LIMITS.name, !!user);
  let clientEmail: string | null = null;
  if (user) {
    if (u.email === undefined || u.email === null || u.email === '') p.add('userData.email', 'is required');
    else {
      clientEmail = normaliseEmail(u.email);
      if (!clientEmail) p.add('userData.email', 'is not a valid email address');
    }
  }
  const clientCode = countryCode(p, 'userData.phoneCountryCode', u.phoneCountryCode) ?? DEFAULT_COUNTRY_CODE;
  const clientPhone = phone(p, 'userData.phone', u.phone, clientCode, !!user);
  let newAccountPassword: string | null = null;
  if (root.shouldCreateAccount === true && !ctx.loggedIn) {
    const password = u.password;
    if (typeof password !== 'string' || password === '') p.add('userData.password', 'is required', 'A password is required to create your account');
    else {
      const problem = passwordProblem(password);
      if (problem) p.add('userData.password', problem.replace(/^Password /, ''), problem);
      else newAccountPassword = password;
    }
  }

  // --- order data -------------------------------------------------------------------------------
  const order = isObject(root.orderData) ? root.orderData : null;
  if (!order) p.add('orderData', 'is required');
  const o = order ?? {};
  const recipientIn = isObject(o.recipient) ? o.recipient : {};
  const details = isObject(o.deliveryDetails) ? o.deliveryDetails : {};
  if (order && o.recipient !== undefined && !isObject(o.recipient)) p.add('orderData.recipient', 'must be an object');

  const how = readDeliveryMethod(recipientIn.method ?? details.method);
  if (order && !how) {
    const given = recipientIn.method ?? details.method;
    p.add('orderData.recipient.method', given === undefined || given === '' ? 'is required' : 'must be delivery or pick-up', 'Choose delivery or pick-up');
  }
  const delivery = how !== 'pickup'; // an unknown method is checked as a delivery, the stricter case

  // Date first: it picks the delivery settings (an override on festive days).
  let deliveryDate = '';
  const rawDate = o.deliveryDate;
  if (order) {
    if (rawDate === undefined || rawDate === null || rawDate === '') p.add('orderData.deliveryDate', 'is required', 'Choose a delivery date');
    else if (!isApiDateShape(rawDate)) p.add('orderData.deliveryDate', 'must be written YYYY-MM-DD');
    else if (!isApiDate(rawDate)) p.add('orderData.deliveryDate', 'is not a real day', `${rawDate} is not a real day`);
    else {
      const problem = deliveryDateProblem(rawDate, how ?? 'delivery', ctx.now, settings);
      if (problem) p.add('orderData.deliveryDate', problem.reason, problem.message);
      else deliveryDate = rawDate;
    }
  }

  // Recipient: required for delivery, blank (but checked when given) for pick-up.
  const required = !!order && delivery;
  const rp = 'orderData.recipient';
  const recipientCode = countryCode(p, `${rp}.phoneCountryCode`, recipientIn.phoneCountryCode) ?? DEFAULT_COUNTRY_CODE;
  // The alternate number's country code only counts with an alternate number (SPEC section 5).
  const altGiven = typeof recipientIn.phoneAlt === 'string' && recipientIn.phoneAlt.trim() !== '';
  const altCode = altGiven ? (countryCode(p, `${rp}.altPhoneCountryCode`, recipientIn.altPhoneCountryCode) ?? recipientCode) : null;
  const recipientPhoneAlt = phone(p, `${rp}.phoneAlt`, recipientIn.phoneAlt, altCode, false);
  const recipient: CheckoutRecipientData = {
    name: text(p, `${rp}.name`, recipientIn.name, LIMITS.name, required),
    phone: phone(p, `${rp}.phone`, recipientIn.phone, recipientCode, required),
    phoneCountryCode: recipientIn.phone ? recipientCode : null,
    phoneAlt: recipientPhoneAlt,
    altPhoneCountryCode: recipientPhoneAlt ? altCode : null,
    address: text(p, `${rp}.address`, recipientIn.address ?? o.recipientAddress, LIMITS.address, required),
    residenceType: text(p, `${rp}.residenceType`, recipientIn.residenceType ?? details.residenceType ?? details.recidenceType, LIMITS.residenceType),
  };

  let state: string | null = null;
  let zone: string | null = null;
  let pickup: PickupLocationCode | null = null;
  let despatch: PickupLocationCode | null = null;

  const despatchIn = text(p, 'orderData.despatchLocation', o.despatchLocation, 60);
  if (delivery) {
    const config = configForDate(ctx.deliverySettings, deliveryDate || '0000-00-00');
    const stateIn = text(p, `${rp}.state`, recipientIn.state ?? details.state, LIMITS.state, required);
    const zoneIn = text(p, 'orderData.deliveryZone', o.deliveryZone ?? details.zone, LIMITS.zone, required);
    if (stateIn) {
      const known = findState(config, stateIn);
      if (!known) {
        const states = config.stateDeliveryZones.map((s) => s.state).join(', ');
        p.add(`${rp}.state`, 'is not a state we deliver to', `We do not deliver to '${stateIn}': choose one of ${states}`);
      } else {
        state = known.state;
        if (zoneIn) {
          const z = findZone(config, known.state, zoneIn);
          if (!z) {
            p.add('orderData.deliveryZone', 'is not a zone of this state', `'${zoneIn}' is not a delivery zone of ${known.state}: choose one of ${zoneNames(config, known.state).join(', ')}`);
          } else zone = z.name;
        }
      }
    }
    if (despatchIn) {
      const branch = pickupLocation(despatchIn);
      if (!branch) p.add('orderData.despatchLocation', 'is not one of our branches', `Despatch location must be one of Ikoyi LPI, Abuja APA, Lekki LPL`);
      else despatch = branch.code;
    } else if (state) despatch = defaultDespatchLocation(state);
  } else if (how === 'pickup') {
    const where = text(p, 'orderData.pickupLocation', o.pickupLocation, 60) ?? despatchIn;
    const path = o.pickupLocation !== undefined && o.pickupLocation !== '' ? 'orderData.pickupLocation' : 'orderData.despatchLocation';
    if (!where) p.add('orderData.pickupLocation', 'is required', 'Choose where to pick up the order: Ikoyi LPI, Abuja APA or Lekki LPL');
    else {
      const branch = pickupLocation(where);
      if (!branch) p.add(path, 'is not a pick-up location', 'Pick-up location must be one of Ikoyi LPI, Abuja APA, Lekki LPL');
      else {
        pickup = branch.code;
        despatch = branch.code;
        state = branch.state;
        const stateIn = text(p, 'orderData.pickupState', o.pickupState, LIMITS.state);
        if (stateIn && stateIn.toLowerCase() !== branch.state) {
          p.add('orderData.pickupState', 'does not match the pick-up location', `${branch.code} is in ${branch.state}, not ${stateIn}`);
        }
      }
    }
  }

  const notes = order ? readNotes(p, o, how ?? 'delivery') : {};

  if (p.count > 0) return { ok: false, problems: p };
  return {
    ok: true,
    data: {
      currency: currency as CurrencyName,
      method: how!,
      deliveryDate,
      client: { name: clientName!, email: clientEmail!, phone: clientPhone!, phoneCountryCode: clientCode },
      recipient,
      state,
      zone,
      pickupLocation: pickup,
      despatchLocation: despatch!,
      notes,
      newAccountPassword,
      saveAddress: root.shouldSaveAddress === true,
    },
  };
}

/** PUT save-sender-info: any of name, email, phone, phoneCountryCode; each checked when given. */
export function readSenderInfo(body: unknown): { ok: true; data: { name?: string; email?: string; phone?: string; phoneCountryCode?: string } } | { ok: false; problems: FieldProblems } {
  const p = new FieldProblems();
  const b = isObject(body) ? body : {};
  const name = text(p, 'name', b.name, LIMITS.name);
  let email: string | null = null;
  if (b.email !== undefined && b.email !== null && b.email !== '') {
    email = normaliseEmail(b.email);
    if (!email) p.add('email', 'is not a valid email address');
  }
  const code = countryCode(p, 'phoneCountryCode', b.phoneCountryCode);
  const tel = phone(p, 'phone', b.phone, code, false);
  if (p.count === 0 && !name && !email && !tel) p.add('email', 'is required', 'Give at least the sender name, email or phone');
  if (p.count > 0) return { ok: false, problems: p };
  return {
    ok: true,
    data: {
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
      ...(tel ? { phone: tel, phoneCountryCode: code ?? DEFAULT_COUNTRY_CODE } : {}),
    },
  };
}
