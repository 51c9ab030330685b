import type { CheckoutResponse, CheckoutSettings, CurrencyName, DeliveryQuote, PickupLocationCode, Recipient, ShopContact, User } from '@adire/contracts';
import { checkoutNotesFor, DEFAULT_CHECKOUT_SETTINGS, type CheckoutNoteKey } from '@adire/contracts';
import { configForDate, deliveryFee, findState, findZone, isApiDateShape, isPaid, pickupLocation, readDeliveryMethod, shopDate, UnknownZoneError, type DeliverySettings } from '@adire/domain';
import { dayPlace } from '@adire/domain/days';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  accountExists,
  createAttemptLog,
  emailTakenError,
  hashPassword,
  openCheckoutAccount,
  RateLimitedError,
  saveRecipient,
  userData,
  type AuthConfig,
  type RateLimit,
  type RequestSession,
} from '../account';
import { FieldProblems, readCheckout, readSenderInfo, type CheckoutData, type CheckoutRecipientData } from './checkout-payload';
import { orderConfirmationMail } from './mail';
import { formatOrderNumber, nextSequence, zoneLetter } from './order-number';
import { deliveryQuote, repriceOrder } from './reprice';
import { CHECKOUT_HOLD_MS, reserveStock } from './stock';
import { bookingsChanged, holdDay, releaseDay } from './day-bookings';
import { addStatusEvents, findOrder, lockUnpaidOrder, noteColumn, noteColumns, orderFinished, orderItems, toOrder, writeUnpaidOrder, type OrderChanges, type OrderRow } from './store';

export const EMPTY_CART_AT_CHECKOUT = 'Your cart is empty: add something before checking out';

export interface CheckoutServiceOptions {
  db: Db;
  mailer: Mailer;
  auth: AuthConfig;
  publicUrl: string;
  /** Where a mail that could not be sent is reported (the checkout still succeeds). */
  log?: { error(obj: unknown, msg: string): void };
}

const invalid = (p: FieldProblems) => new AppError(400, 'CHECKOUT_INVALID', p.summary(), p.fields);

function recipientToSave(r: CheckoutRecipientData, state: string | null): Recipient | null {
  if (!r.name || !r.phone || !r.address) return null;
  return {
    name: r.name,
    phone: r.phone,
    ...(r.phoneCountryCode ? { phoneCountryCode: r.phoneCountryCode } : {}),
    ...(r.phoneAlt ? { phoneAlt: r.phoneAlt } : {}),
    ...(r.phoneAlt && r.altPhoneCountryCode ? { altPhoneCountryCode: r.altPhoneCountryCode } : {}),
    address: r.address,
    ...(state ? { state } : {}),
    ...(r.residenceType ? { residenceType: r.residenceType } : {}),
  };
}

/** The sender, delivery and message columns of a checked-out order. */
function checkoutColumns(data: CheckoutData): OrderChanges {
  const r = data.recipient;
  const details = {
    ...(r.name ? { recipientName: r.name } : {}),
    ...(r.phone ? { recipientPhone: r.phone } : {}),
    ...(r.phone && r.phoneCountryCode ? { recipientPhoneCountryCode: r.phoneCountryCode } : {}),
    ...(r.phoneAlt ? { recipientAltPhone: r.phoneAlt } : {}),
    ...(r.phoneAlt && r.altPhoneCountryCode ? { recipientAltPhoneCountryCode: r.altPhoneCountryCode } : {}),
    ...(r.address ? { recipientAddress: r.address } : {}),
    ...(data.method === 'delivery' && data.state ? { state: data.state } : {}),
    ...(data.zone ? { zone: data.zone } : {}),
    ...(r.residenceType ? { recidenceType: r.residenceType } : {}),
  };
  return {
    client_name: data.client.name,
    client_email: data.client.email,
    client_phone: data.client.phone,
    client_phone_country_code: data.client.phoneCountryCode,
    delivery_method: data.method,
    delivery_details: JSON.stringify(details),
    delivery_state: data.method === 'delivery' ? data.state : null,
    delivery_zone: data.zone,
    pickup_location: data.pickupLocation,
    pickup_state: data.method === 'pickup' ? data.state : null,
    despatch_location: data.despatchLocation,
    ...noteColumns(data.notes),
  };
}

/** What the confirmation mail shows: a resubmit that changes none of it (a double click) mails nothing. */
const MAILED_COLUMNS: readonly (keyof OrderRow)[] = [
  'client_name',
  'client_email',
  'client_phone',
  'currency',
  'delivery_date',
  'delivery_method',
  'delivery_details',
  'delivery_zone',
  'pickup_location',
  ...new Set(checkoutNotesFor('mail').map(({ note }) => noteColumn(note.key as CheckoutNoteKey))),
  'order_products',
  'coupon_code',
  'items_total',
  'discount',
  'delivery_fee',
  'total',
];

/**
 * Confirmation mails one order sends, first and updates together: a resubmit loop cannot turn the
 * shop's mail into a spam channel (the window is the checkout attempt log's, 10 minutes).
 */
export const ORDER_MAILS_PER_ORDER: RateLimit = { max: 3, windowMs: 10 * 60_000 };

export function changesMail(before: OrderRow, after: OrderRow): boolean {
  return MAILED_COLUMNS.some((column) => String(before[column] ?? '') !== String(after[column] ?? ''));
}

export function createCheckoutService({ db, mailer, auth, publicUrl, log }: CheckoutServiceOptions) {
  const attempts = createAttemptLog(db, Math.max(auth.limits.signupTakenPerIp.windowMs, auth.limits.orderMailsPerIp.windowMs));

  async function settings() {
    const [delivery, checkout] = await Promise.all([
      readSetting<DeliverySettings>(db.kysely, 'deliverySettings'),
      readSetting<CheckoutSettings>(db.kysely, 'checkoutSettings'),
    ]);
    if (!delivery) throw new AppError(503, 'DELIVERY_UNAVAILABLE', 'Delivery is not set up yet. Please call us to place your order.');
    return { delivery, checkout: checkout ?? DEFAULT_CHECKOUT_SETTINGS };
  }

  /**
   * The confirmation after the commit. The first goes to the sender's address; an update only to the
   * address the order already had (a resubmit with another address never mails a stranger); an
   * order sends ORDER_MAILS_PER_ORDER at most in the window, and one client IP `orderMailsPerIp`
   * (more: the order stands, no mail — a refusal would tell an abuser no more than silence does, and
   * would fail an honest shopper's checkout).
   */
  async function sendConfirmation(row: OrderRow, first: boolean, to: string | null, ip: string) {
    if (!to) return;
    try {
      await attempts.reserve([
        { bucket: `order-mail:order:${row.id}`, limit: ORDER_MAILS_PER_ORDER },
        { bucket: `order-mail:ip:${ip}`, limit: auth.limits.orderMailsPerIp },
      ]);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      log?.error({ orderId: row.id, ip }, 'order confirmation not mailed: too many for this order or client IP');
      return;
    }
    try {
      const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
      await mailer.send(orderConfirmationMail({ to, order: toOrder(row), first, publicUrl, contact }), { deferred: true });
    } catch (err) {
      // The order stands; the shop sees the failure in the log and the shopper has the order number on screen.
      log?.error({ err, orderId: row.id }, 'order confirmation mail failed');
    }
  }

  return {
    /** PUT save-sender-info/{id}: the sender's name, e-mail and phone, as far as they are known. */
    async saveSenderInfo(id: string, body: unknown) {
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
    },

    /**
     * PUT checkout-order/{id}: the whole payload is read first (every wrong field named, nothing
     * written); then, in one transaction, the account (shouldCreateAccount), the re-priced order with
     * its delivery fee, discount and total, the order number (first submit only), the 'received' step
     * and the saved recipient (shouldSaveAddress). The confirmation mail goes after the commit.
     */
    async submit(id: string, body: unknown, session: RequestSession | null, ip: string, now: Date = new Date()): Promise<CheckoutResponse> {
      const config = await settings();
      const before = await findOrder(db, id);
      if (isPaid(before.payment_status)) throw orderFinished();
      const problems = new FieldProblems();
      if (orderItems(before).length === 0) problems.add('cartItems', 'is empty', EMPTY_CART_AT_CHECKOUT);
      const read = readCheckout(body, { deliverySettings: config.delivery, checkoutSettings: config.checkout, now, loggedIn: !!session }, problems);
      if (!read.ok) throw invalid(read.problems);
      const data = read.data;

      // Argon2 is slow: hash before the transaction so its locks are short.
      const passwordHash = data.newAccountPassword ? await hashPassword(data.newAccountPassword) : null;

      let outcome: { row: OrderRow; first: boolean; mail: boolean; mailTo: string | null; user?: User; quote: DeliveryQuote };
      try {
        outcome = await db.kysely.transaction().execute(async (trx) => {
          const row = await lockUnpaidOrder(trx, db.dialect, id);
          const items = orderItems(row);
          if (!items.length) throw new AppError(400, 'CHECKOUT_INVALID', EMPTY_CART_AT_CHECKOUT, { cartItems: 'is empty' });
          const delivery = { method: data.method, state: data.state, zone: data.zone, deliveryDate: data.deliveryDate, pickupLocation: data.pickupLocation };
          const repriced = await repriceOrder(trx, row, { dialect: db.dialect, currency: data.currency, items, delivery, deliverySettings: config.delivery, now });
          // Limited items are held for this order until it is paid (or the hold lapses): 409 when gone.
          const until = new Date(now.getTime() + CHECKOUT_HOLD_MS);
          await reserveStock(trx, db.dialect, id, repriced.priced.cartItems, until, now);
          // So is a place on its day for its place: 409 DAY_FULL when none is left (nothing written).
          const place = dayPlace(data.method, data.state, data.pickupLocation);
          if (place) await holdDay(trx, db.dialect, id, data.deliveryDate, place, until, now, config.checkout);
          else await releaseDay(trx, id);

          // Checkout's free account (account's business): a new one; on a resubmit of the order that made
          // it, none (no session through checkout for an existing account).
          const account =
            passwordHash && !session
              ? await openCheckoutAccount(
                  trx,
                  { ...data.client, passwordHash, madeByOrderOf: row.user_id },
                  auth.tokenTtlMs,
                  now.getTime(),
                )
              : null;
          const stamp = now.toISOString();
          const first = !row.order_number;
          const orderNumber = row.order_number ?? formatOrderNumber(zoneLetter(data.method, data.state, data.pickupLocation), await nextSequence(trx));
          const after = await writeUnpaidOrder(trx, row, {
            user_id: (account?.created ? account.row.id : null) ?? row.user_id ?? session?.user.id ?? null,
            delivery_date: data.deliveryDate,
            ...checkoutColumns(data),
            ...repriced.columns,
            order_number: orderNumber,
            delivery_status: row.delivery_status === 'new' ? 'received' : row.delivery_status,
            checked_out_at: row.checked_out_at ?? stamp,
            updated_at: stamp,
          });
          if (row.delivery_status === 'new') {
            await addStatusEvents(trx, id, ['received'], stamp, 'checkout');
          }

          // The recipient goes into the user's address book (pick-up orders have none).
          // Only into the address book of the shopper sending this checkout (logged in, or the account it
          // just made): never into the account of whoever owns the order, which may be someone else.
          const caller = account?.row.id ?? session?.user.id ?? null;
          const saving = data.saveAddress && caller && data.method === 'delivery' ? recipientToSave(data.recipient, data.state) : null;
          if (saving && caller) await saveRecipient(trx, db.dialect, caller, saving, now.getTime());

          const user = account ? await userData(trx, account.row.id, account.token) : session ? await userData(trx, session.user.id, session.token) : undefined;
          const mailTo = first ? after.client_email : row.client_email;
          return { row: after, first, mail: first || changesMail(row, after), mailTo, quote: repriced.quote!, ...(user ? { user } : {}) };
        });
      } catch (err) {
        // A concurrent sign-up with the same address can win the race to the unique index.
        const taken = passwordHash && !(err instanceof AppError) && (await accountExists(db, data.client.email));
        const answer = taken ? emailTakenError('userData.email') : err;
        // Only a refusal as "already registered" counts against the client's sign-up limit (past it,
        // 429 instead of that answer); any other checkout is never limited by it.
        if (answer instanceof AppError && answer.code === 'EMAIL_TAKEN') await attempts.reserve([{ bucket: `signup-taken:ip:${ip}`, limit: auth.limits.signupTakenPerIp }]);
        throw answer;
      } finally {
        bookingsChanged();
      }
      if (outcome.mail) await sendConfirmation(outcome.row, outcome.first, outcome.mailTo, ip);
      return {
        order: toOrder(outcome.row),
        delivery: outcome.quote,
        ...(outcome.user ? { user: outcome.user } : {}),
      };
    },

    /**
     * GET delivery-quote/{id}: what delivery would cost for this order's items, by method, state,
     * zone and day; nothing is written. The day defaults to the order's, else today in Lagos.
     */
    async quote(id: string, query: { method?: string; state?: string; zone?: string; deliveryDate?: string; pickupLocation?: string }, now: Date = new Date()): Promise<DeliveryQuote> {
      const config = await settings();
      const row = await findOrder(db, id);
      const p = new FieldProblems();
      const method = readDeliveryMethod(query.method);
      if (!method) p.add('method', query.method ? 'must be delivery or pick-up' : 'is required', 'Choose delivery or pick-up');
      const deliveryDate = query.deliveryDate || row.delivery_date || shopDate(now, config.checkout.timeZone);
      if (!isApiDateShape(deliveryDate)) p.add('deliveryDate', 'must be written YYYY-MM-DD');
      let state: string | null = null;
      let zone: string | null = null;
      let pickup: PickupLocationCode | null = null;
      if (method === 'pickup') {
        const branch = pickupLocation(query.pickupLocation ?? '');
        if (!branch) p.add('pickupLocation', query.pickupLocation ? 'is not a pick-up location' : 'is required', 'Pick-up location must be one of Ikoyi LPI, Abuja APA, Lekki LPL');
        else {
          pickup = branch.code;
          state = branch.state;
        }
      } else if (method === 'delivery') {
        const known = findState(configForDate(config.delivery, deliveryDate), query.state ?? '');
        if (!known) p.add('state', query.state ? 'is not a state we deliver to' : 'is required');
        else {
          state = known.state;
          const z = findZone(configForDate(config.delivery, deliveryDate), known.state, query.zone ?? '');
          if (!z) p.add('zone', query.zone ? 'is not a zone of this state' : 'is required');
          else zone = z.name;
        }
      }
      if (p.count > 0) throw new AppError(400, 'QUOTE_INVALID', p.summary(), p.fields);
      const fee = deliveryFee(config.delivery, { method: method!, state, zone, deliveryDate, itemsNgn: Number(row.subtotal_ngn) + Number(row.designs_ngn) });
      return deliveryQuote({ method: method!, state, zone, pickupLocation: pickup }, fee, row.currency as CurrencyName, Number(row.conversion_rate));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
export { UnknownZoneError };
