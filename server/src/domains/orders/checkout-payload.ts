import {
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
  notDeliveredTo,
  pickupLocation,
  readDeliveryMethod,
  STATE_REASON,
  zoneNames,
  type DeliverySettings,
} from '@adire/domain';
import { readRecipient as readRecipientRule } from '@adire/domain/recipient';
import { normaliseEmail, passwordProblem } from '../account';
import { countryCode, FieldProblems, isObject, LIMITS, phone, text } from './fields';

/**
 * The checkout payload (SPEC section 3) read field by field, pure: every wrong field is named (by its
 * path in the payload) with a short reason, and a summary sentence is built for the whole. The clock
 * and the settings are parameters. The readers run in the payload's order, so a summary names the
 * fields as the form shows them.
 */

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
  /** A staff order (issue 39): the sender's e-mail may be left out (a phone or walk-in customer without one). */
  senderEmailOptional?: boolean;
  /** A change after checkout: the order's own day is kept as it is, even when the day's rules would no longer take it. */
  keepDate?: string;
}

export type CheckoutValidation = { ok: true; data: CheckoutData } | { ok: false; problems: FieldProblems };

type Fields = Record<string, unknown>;

const RECIPIENT = 'orderData.recipient';

function readCurrency(p: FieldProblems, currency: unknown): CurrencyName | null {
  if (typeof currency === 'string' && (CURRENCY_NAMES as readonly string[]).includes(currency)) return currency as CurrencyName;
  p.add('currency', currency === undefined ? 'is required' : 'is unknown', currency === undefined ? undefined : `Currency must be one of ${CURRENCY_NAMES.join(', ')}`);
  return null;
}

function senderEmail(p: FieldProblems, value: unknown): string | null {
  if (value === undefined || value === null || value === '') {
    p.add('userData.email', 'is required');
    return null;
  }
  const email = normaliseEmail(value);
  if (!email) p.add('userData.email', 'is not a valid email address');
  return email;
}

function accountPassword(p: FieldProblems, password: unknown): string | null {
  if (typeof password !== 'string' || password === '') {
    p.add('userData.password', 'is required', 'A password is required to create your account');
    return null;
  }
  const problem = passwordProblem(password);
  if (!problem) return password;
  p.add('userData.password', problem.replace(/^Password /, ''), problem);
  return null;
}

/** `userData`: the sender, and the password of the account to create (shouldCreateAccount, nobody logged in). */
function readSender(p: FieldProblems, root: Fields, { loggedIn, senderEmailOptional }: CheckoutContext): Pick<CheckoutData, 'client' | 'newAccountPassword'> {
  const user = isObject(root.userData) ? root.userData : null;
  if (!user) p.add('userData', 'is required');
  const u = user ?? {};
  const name = text(p, 'userData.name', u.name, LIMITS.name, !!user);
  const noEmail = u.email === undefined || u.email === null || u.email === '';
  const email = user && !(senderEmailOptional && noEmail) ? senderEmail(p, u.email) : null;
  const code = countryCode(p, 'userData.phoneCountryCode', u.phoneCountryCode) ?? DEFAULT_COUNTRY_CODE;
  const tel = phone(p, 'userData.phone', u.phone, code, !!user);
  const newAccountPassword = root.shouldCreateAccount === true && !loggedIn ? accountPassword(p, u.password) : null;
  return { client: { name: name!, email: email!, phone: tel!, phoneCountryCode: code }, newAccountPassword };
}

/** `orderData` and the two objects the recipient's fields may come in (either, for older clients). */
interface OrderDataIn {
  given: boolean;
  o: Fields;
  recipientIn: Fields;
  details: Fields;
}

function readOrderData(p: FieldProblems, raw: unknown): OrderDataIn {
  const order = isObject(raw) ? raw : null;
  if (!order) p.add('orderData', 'is required');
  const o = order ?? {};
  if (order && o.recipient !== undefined && !isObject(o.recipient)) p.add(RECIPIENT, 'must be an object');
  return { given: !!order, o, recipientIn: isObject(o.recipient) ? o.recipient : {}, details: isObject(o.deliveryDetails) ? o.deliveryDetails : {} };
}

function readMethod(p: FieldProblems, order: OrderDataIn): DeliveryMethod | null {
  const given = order.recipientIn.method ?? order.details.method;
  const how = readDeliveryMethod(given);
  if (order.given && !how) {
    p.add(`${RECIPIENT}.method`, given === undefined || given === '' ? 'is required' : 'must be delivery or pick-up', 'Choose delivery or pick-up');
  }
  return how;
}

/** The day, '' when missing or wrong: a real day the shop still takes orders for by this method. */
function readDeliveryDate(p: FieldProblems, order: OrderDataIn, how: DeliveryMethod | null, ctx: CheckoutContext): string {
  if (!order.given) return '';
  const rawDate = order.o.deliveryDate;
  const path = 'orderData.deliveryDate';
  if (rawDate === undefined || rawDate === null || rawDate === '') p.add(path, 'is required', 'Choose a delivery date');
  else if (!isApiDateShape(rawDate)) p.add(path, 'must be written YYYY-MM-DD');
  else if (!isApiDate(rawDate)) p.add(path, 'is not a real day', `${rawDate} is not a real day`);
  else if (rawDate === ctx.keepDate) return rawDate;
  else {
    const problem = deliveryDateProblem(rawDate, how ?? 'delivery', ctx.now, ctx.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS);
    if (!problem) return rawDate;
    p.add(path, problem.reason, problem.message);
  }
  return '';
}

/**
 * Required for delivery, blank (but checked when given) for pick-up: the one recipient rule
 * (@adire/domain/recipient, the form's and the address book's too), each wrong field named under
 * `orderData.recipient`. The state is read with the zone (readDeliveryPlace).
 */
function readRecipient(p: FieldProblems, { o, recipientIn: r, details }: OrderDataIn, required: boolean): CheckoutRecipientData {
  const read = readRecipientRule(
    { ...r, address: r.address ?? o.recipientAddress, state: undefined, residenceType: r.residenceType ?? details.residenceType ?? details.recidenceType },
    { required },
  );
  for (const [field, reason] of Object.entries(read.fields)) p.add(`${RECIPIENT}.${field}`, reason);
  return {
    name: read.name,
    phone: read.phone,
    phoneCountryCode: r.phone ? read.phoneCountryCode : null,
    phoneAlt: read.phoneAlt,
    altPhoneCountryCode: read.altPhoneCountryCode,
    address: read.address,
    residenceType: read.residenceType,
  };
}

/** Where the order goes or is picked up, and the branch it leaves from. */
interface Place {
  state: string | null;
  zone: string | null;
  pickup: PickupLocationCode | null;
  despatch: PickupLocationCode | null;
}

const NO_PLACE: Place = { state: null, zone: null, pickup: null, despatch: null };

function readStateAndZone(p: FieldProblems, config: ReturnType<typeof configForDate>, stateIn: string, zoneIn: string | null): Pick<Place, 'state' | 'zone'> {
  const known = findState(config, stateIn);
  if (!known) {
    p.add(`${RECIPIENT}.state`, STATE_REASON, notDeliveredTo(stateIn, config.stateDeliveryZones.map((s) => s.state)));
    return { state: null, zone: null };
  }
  if (!zoneIn) return { state: known.state, zone: null };
  const z = findZone(config, known.state, zoneIn);
  if (!z) {
    p.add('orderData.deliveryZone', 'is not a zone of this state', `'${zoneIn}' is not a delivery zone of ${known.state}: choose one of ${zoneNames(config, known.state).join(', ')}`);
  }
  return { state: known.state, zone: z ? z.name : null };
}

/** The branch a delivery leaves from: the one asked for, else the state's own. */
function readDespatch(p: FieldProblems, despatchIn: string | null, state: string | null): PickupLocationCode | null {
  if (!despatchIn) return state ? defaultDespatchLocation(state) : null;
  const branch = pickupLocation(despatchIn);
  if (!branch) p.add('orderData.despatchLocation', 'is not one of our branches', `Despatch location must be one of Ikoyi LPI, Abuja APA, Lekki LPL`);
  return branch ? branch.code : null;
}

/** A delivery (or an unknown method, checked as a delivery): state and zone of the day's settings. */
function readDeliveryPlace(p: FieldProblems, order: OrderDataIn, deliveryDate: string, settings: DeliverySettings, despatchIn: string | null): Place {
  const { o, recipientIn, details, given } = order;
  const config = configForDate(settings, deliveryDate || '0000-00-00');
  const stateIn = text(p, `${RECIPIENT}.state`, recipientIn.state ?? details.state, LIMITS.state, given);
  const zoneIn = text(p, 'orderData.deliveryZone', o.deliveryZone ?? details.zone, LIMITS.zone, given);
  const { state, zone } = stateIn ? readStateAndZone(p, config, stateIn, zoneIn) : { state: null, zone: null };
  return { state, zone, pickup: null, despatch: readDespatch(p, despatchIn, state) };
}

/** A pick-up: the point (or the despatch location older clients send), its state; no zone. */
function readPickupPlace(p: FieldProblems, o: Fields, despatchIn: string | null): Place {
  const where = text(p, 'orderData.pickupLocation', o.pickupLocation, 60) ?? despatchIn;
  const path = o.pickupLocation !== undefined && o.pickupLocation !== '' ? 'orderData.pickupLocation' : 'orderData.despatchLocation';
  if (!where) {
    p.add('orderData.pickupLocation', 'is required', 'Choose where to pick up the order: Ikoyi LPI, Abuja APA or Lekki LPL');
    return NO_PLACE;
  }
  const branch = pickupLocation(where);
  if (!branch) {
    p.add(path, 'is not a pick-up location', 'Pick-up location must be one of Ikoyi LPI, Abuja APA, Lekki LPL');
    return NO_PLACE;
  }
  const stateIn = text(p, 'orderData.pickupState', o.pickupState, LIMITS.state);
  if (stateIn && stateIn.toLowerCase() !== branch.state) {
    p.add('orderData.pickupState', 'does not match the pick-up location', `${branch.code} is in ${branch.state}, not ${stateIn}`);
  }
  return { state: branch.state, zone: null, pickup: branch.code, despatch: branch.code };
}

function readPlace(p: FieldProblems, order: OrderDataIn, how: DeliveryMethod | null, deliveryDate: string, settings: DeliverySettings): Place {
  const despatchIn = text(p, 'orderData.despatchLocation', order.o.despatchLocation, 60);
  return how === 'pickup' ? readPickupPlace(p, order.o, despatchIn) : readDeliveryPlace(p, order, deliveryDate, settings, despatchIn);
}

/** Read the whole payload; never throws. `problems` may already hold order-level problems (an empty cart). */
export function readCheckout(body: unknown, ctx: CheckoutContext, problems = new FieldProblems()): CheckoutValidation {
  const p = problems;
  const root = isObject(body) ? body : {};
  const currency = readCurrency(p, root.currency);
  const sender = readSender(p, root, ctx);
  const order = readOrderData(p, root.orderData);
  const how = readMethod(p, order);
  // Date first: it picks the delivery settings (an override on festive days).
  const deliveryDate = readDeliveryDate(p, order, how, ctx);
  // An unknown method is checked as a delivery, the stricter case.
  const recipient = readRecipient(p, order, order.given && how !== 'pickup');
  const place = readPlace(p, order, how, deliveryDate, ctx.deliverySettings);
  const notes = order.given ? readNotes(p, order.o, how ?? 'delivery') : {};

  if (p.count > 0) return { ok: false, problems: p };
  return {
    ok: true,
    data: {
      currency: currency!,
      method: how!,
      deliveryDate,
      client: sender.client,
      recipient,
      state: place.state,
      zone: place.zone,
      pickupLocation: place.pickup,
      despatchLocation: place.despatch!,
      notes,
      newAccountPassword: sender.newAccountPassword,
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
