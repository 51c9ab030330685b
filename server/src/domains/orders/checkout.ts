import { randomUUID } from 'node:crypto';
import type {
  CartItem,
  CheckoutResponse,
  CheckoutSettings,
  CurrencyName,
  DeliveryQuote,
  PickupLocationCode,
  Recipient,
  ShopContact,
  User,
} from '@adire/contracts';
import { DEFAULT_CHECKOUT_SETTINGS } from '@adire/contracts';
import {
  configForDate,
  convertAmount,
  deliveryFee,
  findState,
  findZone,
  isApiDateShape,
  isPaid,
  pickupLocation,
  readDeliveryMethod,
  shopDate,
  UnknownZoneError,
  type DeliverySettings,
} from '@adire/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { readSetting } from '../../db/settings';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { createAttemptLog } from '../account/attempts';
import type { AuthConfig } from '../account/config';
import { generateToken, hashToken } from '../account/logic';
import { ARGON2ID, hashPassword, MESSAGES as ACCOUNT_MESSAGES, verifyPassword } from '../account/service';
import { toUserData, type AppUserRow, type RequestSession } from '../account/session';
import { loadSellables } from './catalogue';
import { FieldProblems, readCheckout, readSenderInfo, type CheckoutData, type CheckoutRecipientData } from './checkout-payload';
import { orderConfirmationMail } from './mail';
import { formatOrderNumber, nextSequence, zoneLetter } from './order-number';
import { priceCart, type IncomingCartItem, type PricedCart } from './pricing';
import { findOrder, moneyColumns, ORDER_FINISHED, ORDER_NOT_FOUND, rateOf, toOrder, type OrderRow } from './service';
import { CHECKOUT_HOLD_MS, reserveStock } from './stock';

export const EMPTY_CART_AT_CHECKOUT = 'Your cart is empty: add something before checking out';
export const MAX_SAVED_RECIPIENTS = 50;

export interface CheckoutServiceOptions {
  db: Db;
  mailer: Mailer;
  auth: AuthConfig;
  publicUrl: string;
  /** Where a mail that could not be sent is reported (the checkout still succeeds). */
  log?: { error(obj: unknown, msg: string): void };
}

const finished = () => new AppError(409, 'ORDER_FINISHED', ORDER_FINISHED);
const missing = () => new AppError(404, 'NOT_FOUND', ORDER_NOT_FOUND);
const invalid = (p: FieldProblems) => new AppError(400, 'CHECKOUT_INVALID', p.summary(), p.fields);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The order row, locked for the rest of the transaction on PostgreSQL (SQLite has one writer). */
export async function lockOrder(trx: Kysely<Database>, dialect: Db['dialect'], id: string): Promise<OrderRow> {
  const row = await trx.selectFrom('shop_order').selectAll().where('id', '=', id).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
  if (!row) throw missing();
  return row;
}

/** The order's prices as stored (no re-pricing): for changes that leave the items alone. */
export function storedPricing(row: OrderRow): PricedCart {
  return {
    cartItems: parseJson<CartItem[]>(row.cart_items, []),
    orderProducts: parseJson(row.order_products, []),
    subtotalNgn: Number(row.subtotal_ngn),
    designsNgn: Number(row.designs_ngn),
    totalNgn: Number(row.subtotal_ngn) + Number(row.designs_ngn),
    subtotal: Number(row.subtotal),
    total: Number(row.items_total),
  };
}

/** Same person, same phone, same address (case and spacing ignored): one saved recipient. */
export function recipientKey(r: Pick<Recipient, 'name' | 'phone' | 'address'>): string {
  const words = (s: string | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return `${words(r.name)}|${(r.phone ?? '').replace(/\D/g, '')}|${words(r.address)}`;
}

/** Saved recipients with a new one added at the end; a duplicate is replaced (moved last); at most 50. */
export function withRecipient(saved: readonly Recipient[], next: Recipient): Recipient[] {
  const key = recipientKey(next);
  const others = saved.filter((r) => recipientKey(r) !== key);
  return [...others, next].slice(-MAX_SAVED_RECIPIENTS);
}

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

/** What the confirmation mail shows: a resubmit that changes none of it (a double click) mails nothing. */
const MAILED_COLUMNS = [
  'client_name',
  'client_email',
  'client_phone',
  'currency',
  'delivery_date',
  'delivery_method',
  'delivery_details',
  'delivery_zone',
  'pickup_location',
  'delivery_message',
  'order_products',
  'coupon_code',
  'items_total',
  'discount',
  'delivery_fee',
  'total',
] as const satisfies readonly (keyof OrderRow)[];

export function changesMail(before: OrderRow, after: OrderRow): boolean {
  return MAILED_COLUMNS.some((column) => String(before[column] ?? '') !== String(after[column] ?? ''));
}

export function createCheckoutService({ db, mailer, auth, publicUrl, log }: CheckoutServiceOptions) {
  const attempts = createAttemptLog(db, auth.limits.signupTakenPerIp.windowMs);

  async function settings() {
    const [delivery, checkout] = await Promise.all([
      readSetting<DeliverySettings>(db.kysely, 'deliverySettings'),
      readSetting<CheckoutSettings>(db.kysely, 'checkoutSettings'),
    ]);
    if (!delivery) throw new AppError(503, 'DELIVERY_UNAVAILABLE', 'Delivery is not set up yet. Please call us to place your order.');
    return { delivery, checkout: checkout ?? DEFAULT_CHECKOUT_SETTINGS };
  }

  function quote(data: Pick<CheckoutData, 'method' | 'state' | 'zone' | 'pickupLocation'>, fee: ReturnType<typeof deliveryFee>, currency: CurrencyName, rate: number): DeliveryQuote {
    return {
      method: data.method,
      state: data.state,
      zone: data.zone,
      pickupLocation: data.pickupLocation,
      configName: fee.configName,
      freeFromNgn: fee.freeFromNgn,
      free: fee.free,
      feeNgn: fee.feeNgn,
      fee: fee.feeNgn > 0 ? convertAmount(fee.feeNgn, rate) : 0,
      currency,
    };
  }

  async function sendConfirmation(row: OrderRow, first: boolean) {
    if (!row.client_email) return;
    try {
      const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
      await mailer.send(orderConfirmationMail({ to: row.client_email, order: toOrder(row), first, publicUrl, contact }), { deferred: true });
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
        const row = await lockOrder(trx, db.dialect, id);
        if (isPaid(row.payment_status)) throw finished();
        const changes = {
          ...(sender.name ? { client_name: sender.name } : {}),
          ...(sender.email ? { client_email: sender.email } : {}),
          ...(sender.phone ? { client_phone: sender.phone, client_phone_country_code: sender.phoneCountryCode ?? null } : {}),
          updated_at: new Date().toISOString(),
        };
        const result = await trx.updateTable('shop_order').set(changes).where('id', '=', id).where('payment_status', '=', row.payment_status).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw finished();
        return toOrder({ ...row, ...changes });
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
      if (isPaid(before.payment_status)) throw finished();
      const problems = new FieldProblems();
      if (parseJson<unknown[]>(before.cart_items, []).length === 0) problems.add('cartItems', 'is empty', EMPTY_CART_AT_CHECKOUT);
      const read = readCheckout(body, { deliverySettings: config.delivery, checkoutSettings: config.checkout, now, loggedIn: !!session }, problems);
      if (!read.ok) throw invalid(read.problems);
      const data = read.data;

      // Argon2 is slow: hash before the transaction so its locks are short.
      const password = data.newAccountPassword ? await hashPassword(data.newAccountPassword) : null;
      const reservation = password ? await attempts.reserve([{ bucket: `signup-taken:ip:${ip}`, limit: auth.limits.signupTakenPerIp }]) : null;
      const emailTaken = () =>
        new AppError(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, { 'userData.email': 'is already registered' });

      let outcome: { row: OrderRow; first: boolean; mail: boolean; user?: User; fee: ReturnType<typeof deliveryFee>; rate: number };
      try {
        outcome = await db.kysely.transaction().execute(async (trx) => {
          const row = await lockOrder(trx, db.dialect, id);
          if (isPaid(row.payment_status)) throw finished();
          const items = parseJson<IncomingCartItem[]>(row.cart_items, []);
          if (!items.length) throw new AppError(400, 'CHECKOUT_INVALID', EMPTY_CART_AT_CHECKOUT, { cartItems: 'is empty' });
          const rate = await rateOf({ kysely: trx }, data.currency);
          const catalogue = await loadSellables({ ...db, kysely: trx }, items.map((i) => (typeof i.SKU === 'string' ? i.SKU : '')));
          const priced = priceCart(items, catalogue, rate);
          // Limited items are held for this order until it is paid (or the hold lapses): 409 when gone.
          await reserveStock(trx, db.dialect, id, priced.cartItems, new Date(Date.now() + CHECKOUT_HOLD_MS));
          const fee = deliveryFee(config.delivery, { method: data.method, state: data.state, zone: data.zone, deliveryDate: data.deliveryDate, itemsNgn: priced.totalNgn });
          const stamp = now.toISOString();

          let userId = row.user_id ?? session?.user.id ?? null;
          let created: { row: AppUserRow; token: string } | null = null;
          let reused: { row: AppUserRow; token: string } | null = null;
          if (password && !session) {
            const existing = await trx.selectFrom('app_user').selectAll().where('email', '=', data.client.email).executeTakeFirst();
            // The same checkout sent again (a double click, a retry after a lost answer): this order already
            // made the account, and the password proves it is the same shopper, so they are logged in again.
            if (existing && existing.id === row.user_id && existing.password_scheme === ARGON2ID && (await verifyPassword(existing.password_hash, data.newAccountPassword!))) {
              const token = generateToken();
              await trx
                .insertInto('auth_session')
                .values({ token_hash: hashToken(token), user_id: existing.id, created_at: stamp, expires_at: new Date(now.getTime() + auth.tokenTtlMs).toISOString(), revoked_at: null })
                .execute();
              reused = { row: existing, token };
            } else if (existing) throw emailTaken();
          }
          if (password && !session && !reused) {
            const userRow: AppUserRow = {
              id: randomUUID(),
              email: data.client.email,
              name: data.client.name,
              phone: data.client.phone,
              phone_country_code: data.client.phoneCountryCode,
              password_hash: password,
              password_scheme: ARGON2ID,
              cart_items: '[]',
              recipients: '[]',
              created_at: stamp,
              updated_at: stamp,
            };
            await trx.insertInto('app_user').values(userRow).execute();
            const token = generateToken();
            await trx
              .insertInto('auth_session')
              .values({ token_hash: hashToken(token), user_id: userRow.id, created_at: stamp, expires_at: new Date(now.getTime() + auth.tokenTtlMs).toISOString(), revoked_at: null })
              .execute();
            created = { row: userRow, token };
            userId = userRow.id;
          }

          const first = !row.order_number;
          const orderNumber = row.order_number ?? formatOrderNumber(zoneLetter(data.method, data.state, data.pickupLocation), await nextSequence(trx));
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
          const changes = {
            user_id: userId,
            delivery_date: data.deliveryDate,
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
            delivery_message: data.deliveryMessage,
            purpose: data.purpose,
            delivery_instruction: data.deliveryInstruction,
            admin_notes: data.adminNotes,
            ...(await moneyColumns(
              trx,
              row,
              { method: data.method, state: data.state, zone: data.zone, deliveryDate: data.deliveryDate },
              priced,
              data.currency,
              rate,
              now,
            )),
            order_number: orderNumber,
            delivery_status: row.delivery_status === 'new' ? 'received' : row.delivery_status,
            checked_out_at: row.checked_out_at ?? stamp,
            updated_at: stamp,
          };
          const result = await trx.updateTable('shop_order').set(changes).where('id', '=', id).where('payment_status', '=', row.payment_status).executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw finished();
          if (row.delivery_status === 'new') {
            await trx.insertInto('order_status_event').values({ id: randomUUID(), order_id: id, step: 'received', at: stamp, source: 'checkout' }).execute();
          }

          // The recipient goes into the user's address book (pick-up orders have none).
          // Only into the address book of the shopper sending this checkout (logged in, or the account it
          // just made): never into the account of whoever owns the order, which may be someone else.
          const caller = created?.row.id ?? reused?.row.id ?? session?.user.id ?? null;
          const saving = data.saveAddress && caller && data.method === 'delivery' ? recipientToSave(data.recipient, data.state) : null;
          if (saving && caller) {
            const owner = await trx.selectFrom('app_user').select('recipients').where('id', '=', caller).$if(db.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
            if (owner) {
              const recipients = withRecipient(parseJson<Recipient[]>(owner.recipients, []), saving);
              await trx.updateTable('app_user').set({ recipients: JSON.stringify(recipients), updated_at: stamp }).where('id', '=', caller).execute();
            }
          }

          let user: User | undefined;
          const fresh = created ?? reused;
          if (fresh) {
            const account = await trx.selectFrom('app_user').selectAll().where('id', '=', fresh.row.id).executeTakeFirstOrThrow();
            user = toUserData(account, fresh.token);
          } else if (session) {
            const account = await trx.selectFrom('app_user').selectAll().where('id', '=', session.user.id).executeTakeFirst();
            if (account) user = toUserData(account, session.token);
          }
          const after = { ...row, ...changes };
          return { row: after, first, mail: first || changesMail(row, after), fee, rate, ...(user ? { user } : {}) };
        });
      } catch (err) {
        // A concurrent sign-up with the same address can win the race to the unique index.
        const taken =
          password && !(err instanceof AppError) && (await db.kysely.selectFrom('app_user').select('id').where('email', '=', data.client.email).executeTakeFirst());
        const answer = taken ? emailTaken() : err;
        // Only a refusal as "already registered" counts against the client's sign-up limit.
        if (reservation && !(answer instanceof AppError && answer.code === 'EMAIL_TAKEN')) await reservation.release();
        throw answer;
      }
      if (reservation) await reservation.release();
      if (outcome.mail) await sendConfirmation(outcome.row, outcome.first);
      return {
        order: toOrder(outcome.row),
        delivery: quote(data, outcome.fee, data.currency, outcome.rate),
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
      return quote({ method: method!, state, zone, pickupLocation: pickup }, fee, row.currency as CurrencyName, Number(row.conversion_rate));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
export { UnknownZoneError };
