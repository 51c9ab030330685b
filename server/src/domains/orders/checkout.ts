import type { CartItem, CheckoutResponse, CheckoutSettings, CurrencyName, DeliveryQuote, PickupLocationCode, User } from '@adire/contracts';
import { DEFAULT_CHECKOUT_SETTINGS } from '@adire/contracts';
import { configForDate, deliveryFee, findState, findZone, isApiDateShape, isPaid, pickupLocation, readDeliveryMethod, shopDate, UnknownZoneError, type DeliverySettings } from '@adire/domain';
import { dayPlace } from '@adire/domain/days';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  accountExists,
  createAttemptLog,
  emailTakenError,
  hashPassword,
  openCheckoutAccount,
  saveRecipient,
  userData,
  type AuthConfig,
  type RequestSession,
} from '../account';
import { checkoutColumns, recipientToSave } from './checkout-columns';
import { changesMail, sendConfirmation, type ConfirmationContext } from './checkout-mail';
import { readCheckout, readSenderInfo, type CheckoutData } from './checkout-payload';
import { FieldProblems } from './fields';
import { formatOrderNumber, nextSequence, zoneLetter } from './order-number';
import { deliveryQuote, repriceOrder, type MoneyColumns, type Repriced } from './reprice';
import { CHECKOUT_HOLD_MS, reserveStock } from './stock';
import { bookingsChanged, bookOrderDay, DEFAULT_DAY_HOLDS, maxHoldFor, type DayHolds } from './day-bookings';
import { addStatusEvents, findOrder, lockUnpaidOrder, orderFinished, orderItems, toOrder, writeUnpaidOrder, type OrderRow } from './store';

export { changesMail, ORDER_MAILS_PER_ORDER } from './checkout-mail';

export const EMPTY_CART_AT_CHECKOUT = 'Your cart is empty: add something before checking out';

export interface CheckoutServiceOptions {
  db: Db;
  mailer: Mailer;
  auth: AuthConfig;
  publicUrl: string;
  /** Where a mail that could not be sent is reported (the checkout still succeeds), and a designed mail limit reached (warn). */
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  /** How many places one holder may hold on a day with a capacity, and for how long (issue 38). */
  holds?: DayHolds;
}

/** What every checkout call works with: the options and the attempt log of its limits. */
type Ctx = CheckoutServiceOptions & ConfirmationContext;

const invalid = (p: FieldProblems) => new AppError(400, 'CHECKOUT_INVALID', p.summary(), p.fields);

export interface CheckoutConfig {
  delivery: DeliverySettings;
  checkout: CheckoutSettings;
}

export async function settings(db: Db): Promise<CheckoutConfig> {
  const [delivery, checkout] = await Promise.all([
    readSetting<DeliverySettings>(db.kysely, 'deliverySettings'),
    readSetting<CheckoutSettings>(db.kysely, 'checkoutSettings'),
  ]);
  if (!delivery) throw new AppError(503, 'DELIVERY_UNAVAILABLE', 'Delivery is not set up yet. Please call us to place your order.');
  return { delivery, checkout: checkout ?? DEFAULT_CHECKOUT_SETTINGS };
}

/** PUT save-sender-info/{id}: the sender's name, e-mail and phone, as far as they are known. */
async function saveSenderInfo({ db }: Ctx, id: string, body: unknown) {
  const read = readSenderInfo(body);
  if (!read.ok) throw invalid(read.problems);
  const sender = read.data;
  return db.kysely.transaction().execute(async (trx) => {
    const row = await lockUnpaidOrder(trx, db.dialect, id);
    const after = await writeUnpaidOrder(trx, row, {
      ...(sender.name ? { client_name: sender.name } : {}),
      ...(sender.email ? { client_email: sender.email } : {}),
      ...(sender.phone ? { client_phone: sender.phone, client_phone_country_code: sender.phoneCountryCode ?? null } : {}),
      updated_at: new Date().toISOString(),
    });
    return toOrder(after);
  });
}

/** One checkout submitted: its payload read, the password hashed, the caller and the shop's clock. */
interface Submission {
  id: string;
  data: CheckoutData;
  config: CheckoutConfig;
  session: RequestSession | null;
  passwordHash: string | null;
  now: Date;
  /** The shopper's user agent: the device a free account's first session is labelled with. */
  userAgent?: string;
  /** The shopper's client address: their live holds on a busy day are limited by it (issue 38). */
  ip?: string;
}

/** What the transaction leaves for the answer and the mail after the commit. */
interface Outcome {
  row: OrderRow;
  first: boolean;
  mail: boolean;
  mailTo: string | null;
  user?: User;
  quote: DeliveryQuote;
}

/** The whole payload read first (every wrong field named, nothing written); a paid order is finished. */
async function readSubmission(ctx: Ctx, id: string, body: unknown, loggedIn: boolean, now: Date): Promise<{ config: CheckoutConfig; data: CheckoutData }> {
  const config = await settings(ctx.db);
  const before = await findOrder(ctx.db, id);
  if (isPaid(before.payment_status)) throw orderFinished();
  const problems = new FieldProblems();
  if (orderItems(before).length === 0) problems.add('cartItems', 'is empty', EMPTY_CART_AT_CHECKOUT);
  const read = readCheckout(body, { deliverySettings: config.delivery, checkoutSettings: config.checkout, now, loggedIn }, problems);
  if (!read.ok) throw invalid(read.problems);
  return { config, data: read.data };
}

/** The order re-priced with its delivery fee, discount and total; its limited items and its day's place held for it. */
async function repriceAndHold(ctx: Ctx, trx: Kysely<Database>, row: OrderRow, items: CartItem[], { id, data, config, now, session, ip }: Submission): Promise<Repriced> {
  const delivery = { method: data.method, state: data.state, zone: data.zone, deliveryDate: data.deliveryDate, pickupLocation: data.pickupLocation };
  const repriced = await repriceOrder(trx, row, { dialect: ctx.db.dialect, currency: data.currency, items, delivery, deliverySettings: config.delivery, now });
  // Limited items are held for this order until it is paid (or the hold lapses): 409 when gone.
  const until = new Date(now.getTime() + CHECKOUT_HOLD_MS);
  await reserveStock(trx, ctx.db.dialect, id, repriced.priced.cartItems, until, now);
  // So is a place on its day for its place, through the one booking rule: 409 DAY_FULL when none is left,
  // 409 DAY_HOLD_LIMIT when this client, e-mail or phone already holds as many as allowed (nothing written).
  const place = dayPlace(data.method, data.state, data.pickupLocation);
  const holds = ctx.holds ?? DEFAULT_DAY_HOLDS;
  await bookOrderDay(trx, ctx.db.dialect, id, {
    day: place ? { date: data.deliveryDate, place } : null,
    mode: 'hold',
    until,
    maxHoldMs: await maxHoldFor(trx, { user_id: row.user_id ?? session?.user.id ?? null }, holds),
    now,
    settings: config.checkout,
    holder: { ip: ip ?? null, email: data.client.email, phone: data.client.phone },
    rules: holds.rules,
    startedAt: row.created_at,
  });
  return repriced;
}

/**
 * Checkout's free account (account's business): a new one; on a resubmit of the order that made it,
 * none (no session through checkout for an existing account).
 */
async function checkoutAccount(ctx: Ctx, trx: Kysely<Database>, row: OrderRow, { data, session, passwordHash, now, userAgent }: Submission) {
  if (!passwordHash || session) return null;
  return openCheckoutAccount(trx, { ...data.client, passwordHash, madeByOrderOf: row.user_id, userAgent }, ctx.auth.tokenTtlMs, now.getTime());
}

/** The checked-out columns, the order number (first submit only) and the 'received' step. */
async function writeCheckedOut(trx: Kysely<Database>, row: OrderRow, s: Submission, money: MoneyColumns, accountId: string | null): Promise<OrderRow> {
  const { id, data, session, now } = s;
  const stamp = now.toISOString();
  const orderNumber = row.order_number ?? formatOrderNumber(zoneLetter(data.method, data.state, data.pickupLocation), await nextSequence(trx));
  const after = await writeUnpaidOrder(trx, row, {
    user_id: accountId ?? row.user_id ?? session?.user.id ?? null,
    delivery_date: data.deliveryDate,
    ...checkoutColumns(data),
    ...money,
    order_number: orderNumber,
    delivery_status: row.delivery_status === 'new' ? 'received' : row.delivery_status,
    checked_out_at: row.checked_out_at ?? stamp,
    updated_at: stamp,
  });
  if (row.delivery_status === 'new') {
    await addStatusEvents(trx, id, ['received'], stamp, 'checkout');
  }
  return after;
}

/**
 * The recipient goes into the user's address book (pick-up orders have none). Only into the address
 * book of the shopper sending this checkout (logged in, or the account it just made): never into the
 * account of whoever owns the order, which may be someone else.
 */
async function saveAddress(ctx: Ctx, trx: Kysely<Database>, { data, now }: Submission, caller: string | null): Promise<void> {
  const saving = data.saveAddress && caller && data.method === 'delivery' ? recipientToSave(data.recipient, data.state) : null;
  if (saving && caller) await saveRecipient(trx, ctx.db.dialect, caller, saving, now.getTime());
}

/** The checkout's one transaction: the account, the re-priced order, its number and step, the saved recipient. */
async function checkOut(ctx: Ctx, trx: Kysely<Database>, s: Submission): Promise<Outcome> {
  const row = await lockUnpaidOrder(trx, ctx.db.dialect, s.id);
  const items = orderItems(row);
  if (!items.length) throw new AppError(400, 'CHECKOUT_INVALID', EMPTY_CART_AT_CHECKOUT, { cartItems: 'is empty' });
  const repriced = await repriceAndHold(ctx, trx, row, items, s);
  const account = await checkoutAccount(ctx, trx, row, s);
  const first = !row.order_number;
  const after = await writeCheckedOut(trx, row, s, repriced.columns, account?.created ? account.row.id : null);
  await saveAddress(ctx, trx, s, account?.row.id ?? s.session?.user.id ?? null);
  const { session } = s;
  const user = account ? await userData(trx, account.row.id, account.token) : session ? await userData(trx, session.user.id, session.token) : undefined;
  const mailTo = first ? after.client_email : row.client_email;
  return { row: after, first, mail: first || changesMail(row, after), mailTo, quote: repriced.quote!, ...(user ? { user } : {}) };
}

/**
 * What a failed checkout answers. A concurrent sign-up with the same address can win the race to the
 * unique index: "already registered". Only a refusal as "already registered" counts against the
 * client's sign-up limit (past it, 429 instead of that answer); any other checkout is never limited by it.
 */
async function refusal(ctx: Ctx, { data, passwordHash }: Submission, err: unknown, ip: string): Promise<unknown> {
  const taken = passwordHash && !(err instanceof AppError) && (await accountExists(ctx.db, data.client.email));
  const answer = taken ? emailTakenError('userData.email') : err;
  if (answer instanceof AppError && answer.code === 'EMAIL_TAKEN') await ctx.attempts.reserve([{ bucket: `signup-taken:ip:${ip}`, limit: ctx.auth.limits.signupTakenPerIp }]);
  return answer;
}

/**
 * PUT checkout-order/{id}: the whole payload is read first (every wrong field named, nothing
 * written); then, in one transaction, the account (shouldCreateAccount), the re-priced order with
 * its delivery fee, discount and total, the order number (first submit only), the 'received' step
 * and the saved recipient (shouldSaveAddress). The confirmation mail goes after the commit.
 */
async function submit(ctx: Ctx, id: string, body: unknown, session: RequestSession | null, ip: string, now: Date = new Date(), userAgent?: string): Promise<CheckoutResponse> {
  const { config, data } = await readSubmission(ctx, id, body, !!session, now);
  // Argon2 is slow: hash before the transaction so its locks are short.
  const passwordHash = data.newAccountPassword ? await hashPassword(data.newAccountPassword) : null;
  const s: Submission = { id, data, config, session, passwordHash, now, userAgent, ip };
  let outcome: Outcome;
  try {
    outcome = await ctx.db.kysely.transaction().execute((trx) => checkOut(ctx, trx, s));
  } catch (err) {
    throw await refusal(ctx, s, err, ip);
  } finally {
    bookingsChanged();
  }
  if (outcome.mail) await sendConfirmation(ctx, outcome.row, outcome.first, outcome.mailTo, ip);
  return {
    order: toOrder(outcome.row),
    delivery: outcome.quote,
    ...(outcome.user ? { user: outcome.user } : {}),
  };
}

type QuoteQuery = { method?: string; state?: string; zone?: string; deliveryDate?: string; pickupLocation?: string };
type QuotedPlace = { state: string | null; zone: string | null; pickup: PickupLocationCode | null };

function quotedPickup(p: FieldProblems, query: QuoteQuery): QuotedPlace {
  const branch = pickupLocation(query.pickupLocation ?? '');
  if (branch) return { state: branch.state, zone: null, pickup: branch.code };
  p.add('pickupLocation', query.pickupLocation ? 'is not a pick-up location' : 'is required', 'Pick-up location must be one of Ikoyi LPI, Abuja APA, Lekki LPL');
  return { state: null, zone: null, pickup: null };
}

function quotedDelivery(p: FieldProblems, query: QuoteQuery, config: ReturnType<typeof configForDate>): QuotedPlace {
  const known = findState(config, query.state ?? '');
  if (!known) {
    p.add('state', query.state ? 'is not a state we deliver to' : 'is required');
    return { state: null, zone: null, pickup: null };
  }
  const z = findZone(config, known.state, query.zone ?? '');
  if (!z) p.add('zone', query.zone ? 'is not a zone of this state' : 'is required');
  return { state: known.state, zone: z ? z.name : null, pickup: null };
}

/**
 * GET delivery-quote/{id}: what delivery would cost for this order's items, by method, state,
 * zone and day; nothing is written. The day defaults to the order's, else today in Lagos.
 */
async function quote(ctx: Ctx, id: string, query: QuoteQuery, now: Date = new Date()): Promise<DeliveryQuote> {
  const config = await settings(ctx.db);
  const row = await findOrder(ctx.db, id);
  const p = new FieldProblems();
  const method = readDeliveryMethod(query.method);
  if (!method) p.add('method', query.method ? 'must be delivery or pick-up' : 'is required', 'Choose delivery or pick-up');
  const deliveryDate = query.deliveryDate || row.delivery_date || shopDate(now, config.checkout.timeZone);
  if (!isApiDateShape(deliveryDate)) p.add('deliveryDate', 'must be written YYYY-MM-DD');
  const none: QuotedPlace = { state: null, zone: null, pickup: null };
  const { state, zone, pickup } =
    method === 'pickup' ? quotedPickup(p, query) : method === 'delivery' ? quotedDelivery(p, query, configForDate(config.delivery, deliveryDate)) : none;
  if (p.count > 0) throw new AppError(400, 'QUOTE_INVALID', p.summary(), p.fields);
  const fee = deliveryFee(config.delivery, { method: method!, state, zone, deliveryDate, itemsNgn: Number(row.subtotal_ngn) + Number(row.designs_ngn) });
  return deliveryQuote({ method: method!, state, zone, pickupLocation: pickup }, fee, row.currency as CurrencyName, Number(row.conversion_rate));
}

export function createCheckoutService(options: CheckoutServiceOptions) {
  const { db, auth } = options;
  const attempts = createAttemptLog(db, Math.max(auth.limits.signupTakenPerIp.windowMs, auth.limits.orderMailsPerIp.windowMs));
  const ctx: Ctx = { ...options, attempts };
  return {
    saveSenderInfo: (id: string, body: unknown) => saveSenderInfo(ctx, id, body),
    submit: (id: string, body: unknown, session: RequestSession | null, ip: string, now?: Date, userAgent?: string) => submit(ctx, id, body, session, ip, now, userAgent),
    quote: (id: string, query: QuoteQuery, now?: Date) => quote(ctx, id, query, now),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
export { UnknownZoneError };
