import { CHECKOUT_NOTES, DEFAULT_CHECKOUT_SETTINGS, orderNotesFor, type CheckoutNoteSpec } from '@adire/contracts';
import {
  configForDate,
  deliveryDateProblem,
  deliveryFee,
  formatCutoff,
  sameDayOpen,
  shopClock,
  UnknownZoneError,
  type DeliverySettings,
} from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { BASE_DELIVERY, deliveryOverrides } from '../src/db/seed-data';
import { recipientKey, withRecipient } from '../src/domains/account';
import { FieldProblems, readCheckout, readNotes, readSenderInfo } from '../src/domains/orders/testing';
import { type OrderRow } from '../src/domains/orders';
import { noteColumns, orderNotes } from '../src/domains/orders/testing';
import { COUPON_HOLD_MS, COUPON_MESSAGES, couponDiscount, couponHeldUntil, couponIsFree, couponProblem, holdIsLive, orderTotals, paidUseOverLimit, type CouponRule } from '../src/domains/orders/testing';
import { normaliseOrderNumber } from '../src/domains/orders';
import { formatOrderNumber, ORDER_NUMBER_PATTERN, zoneLetter } from '../src/domains/orders/testing';
import { readReview, reviewAuthor } from '../src/domains/orders/testing';
import { buildTimeline, phoneMatches } from '../src/domains/orders/testing';

const settings: DeliverySettings = { baseConfig: BASE_DELIVERY, overrideConfigs: deliveryOverrides(2031) };
/** Lagos is UTC+1 all year: 'HH:MM' Lagos on a day, as a UTC instant. */
const lagos = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

describe('delivery fee', () => {
  const fee = (deliveryDate: string, itemsNgn: number, state = 'lagos', zone = 'Lekki / Ajah') =>
    deliveryFee(settings, { method: 'delivery', state, zone, deliveryDate, itemsNgn });

  it('charges the base zone amount below the free-delivery threshold, nothing from it', () => {
    expect(fee('2031-06-10', 49_999)).toEqual({ feeNgn: 4500, free: false, configName: 'Standard delivery', freeFromNgn: 50_000 });
    expect(fee('2031-06-10', 50_000)).toMatchObject({ feeNgn: 0, free: true });
    expect(fee('2031-06-10', 10_000, 'abuja', 'Outskirts').feeNgn).toBe(6500);
    expect(fee('2031-06-10', 10_000, 'OTHER-LOCATIONS', ' other  states ').feeNgn).toBe(12_000); // case and spacing ignored
  });

  it.each([
    ["Valentine's Day", '2031-02-13', '2031-02-15', 3000, 150_000],
    ["Mother's Day", '2031-03-14', '2031-03-15', 2000, 100_000],
    ['Christmas', '2031-12-23', '2031-12-26', 2500, 120_000],
    ['New Year', '2031-12-31', '2032-01-01', 2500, 120_000],
  ])('%s override applies from %s to %s inclusive, with its surcharge and threshold', (name, start, end, surcharge, threshold) => {
    for (const day of [start, end]) {
      expect(fee(day, 60_000)).toEqual({ feeNgn: 4500 + surcharge, free: false, configName: name, freeFromNgn: threshold });
      expect(fee(day, threshold)).toMatchObject({ feeNgn: 0, free: true });
    }
    const before = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const after = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(configForDate(settings, before).name).not.toBe(name);
    expect(configForDate(settings, after).name).not.toBe(name);
    // On the base days around it, 60,000 is above the base threshold: free.
    expect(fee(before, 60_000).feeNgn).toBe(0);
  });

  it('ignores an inactive override and one of another year', () => {
    const inactive: DeliverySettings = { ...settings, overrideConfigs: settings.overrideConfigs.map((o) => ({ ...o, active: false })) };
    expect(deliveryFee(inactive, { method: 'delivery', state: 'lagos', zone: 'Mainland', deliveryDate: '2031-02-14', itemsNgn: 0 }).feeNgn).toBe(5000);
    expect(fee('2032-02-14', 0).configName).toBe('Standard delivery');
  });

  it('makes pick-up free whatever the day or amount', () => {
    expect(deliveryFee(settings, { method: 'pickup', deliveryDate: '2031-02-14', itemsNgn: 1 })).toEqual({ feeNgn: 0, free: true, configName: null, freeFromNgn: null });
  });

  it('refuses an unknown state or zone', () => {
    expect(() => fee('2031-06-10', 0, 'kano', 'Central')).toThrow(UnknownZoneError);
    expect(() => fee('2031-06-10', 0, 'lagos', 'Atlantis')).toThrow("'Atlantis' is not a delivery zone of lagos");
    try {
      fee('2031-06-10', 0, 'kano', 'x');
    } catch (err) {
      expect((err as UnknownZoneError).field).toBe('state');
    }
  });
});

describe('same-day cutoff', () => {
  const day = '2031-05-20';

  it('reads the Lagos clock from a UTC instant', () => {
    expect(shopClock(new Date('2031-05-20T19:59:00Z'))).toEqual({ date: day, minutes: 20 * 60 + 59 });
    expect(shopClock(new Date('2031-05-20T23:30:00Z'))).toEqual({ date: '2031-05-21', minutes: 30 });
  });

  it('takes same-day delivery at 20:59 and refuses it from 21:00 Lagos time', () => {
    expect(deliveryDateProblem(day, 'delivery', lagos(day, '20:59'))).toBeNull();
    expect(deliveryDateProblem(day, 'delivery', lagos(day, '21:00'))).toEqual({
      reason: 'is past the same-day cutoff',
      message: 'Same-day delivery closes at 9:00pm Lagos time: choose tomorrow or a later day',
    });
    expect(deliveryDateProblem('2031-05-21', 'delivery', lagos(day, '21:00'))).toBeNull(); // tomorrow is fine
  });

  it('takes same-day pick-up at 23:49 and refuses it from 23:50', () => {
    expect(deliveryDateProblem(day, 'pickup', lagos(day, '21:30'))).toBeNull();
    expect(deliveryDateProblem(day, 'pickup', lagos(day, '23:49'))).toBeNull();
    expect(deliveryDateProblem(day, 'pickup', lagos(day, '23:50'))?.message).toBe('Same-day pick-up closes at 11:50pm Lagos time: choose tomorrow or a later day');
  });

  it('uses Lagos time, not the UTC date: 20:30 UTC is already 21:30 in Lagos', () => {
    expect(deliveryDateProblem(day, 'delivery', new Date(`${day}T19:59:00Z`))).toBeNull();
    expect(deliveryDateProblem(day, 'delivery', new Date(`${day}T20:30:00Z`))?.reason).toBe('is past the same-day cutoff');
    // 23:30 UTC on the 20th is 00:30 on the 21st in Lagos: the 20th is past, the 21st is open.
    expect(deliveryDateProblem(day, 'delivery', new Date(`${day}T23:30:00Z`))?.reason).toBe('is in the past');
    expect(deliveryDateProblem('2031-05-21', 'delivery', new Date(`${day}T23:30:00Z`))).toBeNull();
  });

  it('refuses past days and follows cutoffs from the settings', () => {
    expect(deliveryDateProblem('2031-05-19', 'pickup', lagos(day, '08:00'))?.message).toBe('Delivery date is in the past: choose today or a later day');
    const early = { ...DEFAULT_CHECKOUT_SETTINGS, sameDayCutoff: { delivery: '12:30', pickup: '18:00' } };
    expect(sameDayOpen(lagos(day, '12:29'), 'delivery', early)).toBe(true);
    expect(sameDayOpen(lagos(day, '12:30'), 'delivery', early)).toBe(false);
    expect(deliveryDateProblem(day, 'delivery', lagos(day, '12:30'), early)?.message).toContain('12:30pm');
    // A malformed setting falls back to the default cutoff.
    expect(sameDayOpen(lagos(day, '20:59'), 'delivery', { ...DEFAULT_CHECKOUT_SETTINGS, sameDayCutoff: { delivery: '9pm', pickup: '23:50' } })).toBe(true);
    expect(formatCutoff('00:05')).toBe('12:05am');
    expect(formatCutoff('12:00')).toBe('12:00pm');
  });
});

describe('order numbers', () => {
  it("are 'AB' + zone letter + sequence + 'W'", () => {
    expect(formatOrderNumber(zoneLetter('delivery', 'lagos'), 1042)).toBe('ABL1042W');
    expect(formatOrderNumber(zoneLetter('delivery', 'abuja'), 1043)).toBe('ABA1043W');
    expect(formatOrderNumber(zoneLetter('delivery', 'other-locations'), 1044)).toBe('ABO1044W');
    expect(zoneLetter('pickup', null, 'Abuja APA')).toBe('A');
    expect(zoneLetter('pickup', null, 'Lekki LPL')).toBe('L');
    expect(ORDER_NUMBER_PATTERN.test('ABL1042W')).toBe(true);
    expect(normaliseOrderNumber(' #abl 1042w ')).toBe('ABL1042W');
  });
});

describe('checkout payload', () => {
  const future = '2031-06-10';
  const now = lagos('2031-05-20', '10:00');
  const ctx = { deliverySettings: settings, now, loggedIn: false };
  const valid = () => ({
    currency: 'NGN',
    shouldCreateAccount: false,
    shouldSaveAddress: false,
    userData: { name: 'Ada Obi', email: 'Ada@Example.com', phone: '+2348031234567', phoneCountryCode: '+234' },
    orderData: {
      deliveryDate: future,
      deliveryZone: 'Lekki / Ajah',
      deliveryMessage: 'Happy birthday!',
      recipient: { name: 'Tolu', phone: '08098765432', phoneCountryCode: '+234', address: '5 Admiralty Way', state: 'lagos', residenceType: 'Home', method: 'delivery' },
    },
  });

  it('reads a valid delivery payload, normalising email, phones and names from the settings', () => {
    const result = readCheckout(valid(), ctx);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      method: 'delivery',
      deliveryDate: future,
      client: { name: 'Ada Obi', email: 'ada@example.com', phone: '+2348031234567', phoneCountryCode: '+234' },
      recipient: { name: 'Tolu', phone: '+2348098765432', address: '5 Admiralty Way', residenceType: 'Home', phoneAlt: null, altPhoneCountryCode: null },
      state: 'lagos',
      zone: 'Lekki / Ajah',
      despatchLocation: 'Ikoyi LPI',
      pickupLocation: null,
      newAccountPassword: null,
    });
  });

  it('names every wrong field at once, with a summary', () => {
    const body = valid();
    body.userData.email = 'not-an-email';
    body.userData.phone = '12';
    body.orderData.recipient.name = '';
    body.orderData.recipient.state = 'kano';
    body.orderData.deliveryDate = '2031-02-30';
    const result = readCheckout({ ...body, currency: 'EUR', shouldCreateAccount: true }, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.fields).toEqual({
      currency: 'is unknown',
      'userData.email': 'is not a valid email address',
      'userData.phone': 'is not a valid phone number',
      'userData.password': 'is required',
      'orderData.deliveryDate': 'is not a real day',
      'orderData.recipient.name': 'is required',
      'orderData.recipient.state': 'is not a state we deliver to',
    });
    expect(result.problems.summary()).toBe(
      'Please correct 7 fields: Currency, Sender email, Sender phone number, Password, Delivery date, Recipient name and State',
    );
  });

  it('gives the one problem as the message when there is one', () => {
    const body = valid();
    body.orderData.deliveryZone = 'Atlantis';
    const result = readCheckout(body, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.fields).toEqual({ 'orderData.deliveryZone': 'is not a zone of this state' });
    expect(result.problems.summary()).toBe("'Atlantis' is not a delivery zone of lagos: choose one of Lagos Island, Lekki / Ajah, Mainland");
  });

  it('needs no recipient for pick-up, records the pick-up point, its state and despatch location', () => {
    const result = readCheckout(
      { currency: 'USD', userData: valid().userData, orderData: { deliveryDate: future, pickupLocation: 'Abuja APA', recipient: { method: 'pick-up' } } },
      ctx,
    );
    expect(result.ok && result.data).toMatchObject({ method: 'pickup', pickupLocation: 'Abuja APA', despatchLocation: 'Abuja APA', state: 'abuja', zone: null });
    const viaDespatch = readCheckout({ currency: 'USD', userData: valid().userData, orderData: { deliveryDate: future, despatchLocation: 'Lekki LPL', recipient: { method: 'pickup' } } }, ctx);
    expect(viaDespatch.ok && viaDespatch.data.pickupLocation).toBe('Lekki LPL');
    const unknown = readCheckout({ currency: 'USD', userData: valid().userData, orderData: { deliveryDate: future, pickupLocation: 'Kano KNO', recipient: { method: 'pick-up' } } }, ctx);
    expect(!unknown.ok && unknown.problems.fields).toEqual({ 'orderData.pickupLocation': 'is not a pick-up location' });
    const none = readCheckout({ currency: 'USD', userData: valid().userData, orderData: { deliveryDate: future, recipient: { method: 'pick-up' } } }, ctx);
    expect(!none.ok && none.problems.fields).toEqual({ 'orderData.pickupLocation': 'is required' });
  });

  it('applies the cutoff of the chosen method', () => {
    const late = { ...ctx, now: lagos('2031-05-20', '22:00') };
    const delivery = valid();
    delivery.orderData.deliveryDate = '2031-05-20';
    const refused = readCheckout(delivery, late);
    expect(!refused.ok && refused.problems.summary()).toBe('Same-day delivery closes at 9:00pm Lagos time: choose tomorrow or a later day');
    const pickup = readCheckout({ currency: 'NGN', userData: valid().userData, orderData: { deliveryDate: '2031-05-20', pickupLocation: 'Ikoyi LPI', recipient: { method: 'pick-up' } } }, late);
    expect(pickup.ok).toBe(true);
  });

  it('wants a password of 8+ characters for a free account, unless logged in', () => {
    const short = readCheckout({ ...valid(), shouldCreateAccount: true, userData: { ...valid().userData, password: 'short' } }, ctx);
    expect(!short.ok && short.problems.fields).toEqual({ 'userData.password': 'must be at least 8 characters long' });
    const good = readCheckout({ ...valid(), shouldCreateAccount: true, userData: { ...valid().userData, password: 'long-enough' } }, ctx);
    expect(good.ok && good.data.newAccountPassword).toBe('long-enough');
    const loggedIn = readCheckout({ ...valid(), shouldCreateAccount: true }, { ...ctx, loggedIn: true });
    expect(loggedIn.ok && loggedIn.data.newAccountPassword).toBeNull();
  });

  it('keeps the alternate country code only with an alternate number, and bounds text', () => {
    const body = valid();
    Object.assign(body.orderData.recipient, { altPhoneCountryCode: '+44' });
    const noAlt = readCheckout(body, ctx);
    expect(noAlt.ok && noAlt.data.recipient).toMatchObject({ phoneAlt: null, altPhoneCountryCode: null });
    Object.assign(body.orderData.recipient, { phoneAlt: '07700900123' });
    const alt = readCheckout(body, ctx);
    expect(alt.ok && alt.data.recipient).toMatchObject({ phoneAlt: '+447700900123', altPhoneCountryCode: '+44' });
    body.orderData.deliveryMessage = 'x'.repeat(1001);
    const long = readCheckout(body, ctx);
    expect(!long.ok && long.problems.fields).toEqual({ 'orderData.deliveryMessage': 'must be at most 1000 characters' });
  });

  it('survives any shape of body', () => {
    for (const body of [null, 42, 'x', [], { orderData: 'x', userData: [] }, { orderData: { recipient: 5 } }]) {
      const result = readCheckout(body, ctx);
      expect(result.ok).toBe(false);
    }
  });

  it('reads sender info field by field', () => {
    expect(readSenderInfo({ name: ' Ada ', email: 'ADA@example.com', phone: '0803 123 4567' })).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.com', phone: '+2348031234567', phoneCountryCode: '+234' },
    });
    const bad = readSenderInfo({ email: 'x@', phone: 'abc' });
    expect(!bad.ok && bad.problems.fields).toEqual({ email: 'is not a valid email address', phone: 'is not a valid phone number' });
    const empty = readSenderInfo({});
    expect(!empty.ok && empty.problems.summary()).toBe('Give at least the sender name, email or phone');
  });
});

describe('coupons', () => {
  const now = new Date('2031-05-20T10:00:00Z');
  const rule = (over: Partial<CouponRule>): CouponRule => ({
    code: 'BLOOM10', kind: 'percent', amount: 10, minOrderNgn: 20_000, expiresAt: null, usageLimit: null, usedCount: 0, active: true, ...over,
  });

  it('checks existence, expiry, minimum and usage, in that order', () => {
    expect(couponProblem(null, { code: 'NOPE', itemsNgn: 1, now })?.message).toBe("The coupon code 'NOPE' is not valid. Check the spelling and try again.");
    expect(couponProblem(rule({ active: false }), { code: 'BLOOM10', itemsNgn: 50_000, now })?.code).toBe('COUPON_UNKNOWN');
    expect(couponProblem(rule({ code: 'EXPIRED2025', expiresAt: '2025-12-31T22:59:59.000Z' }), { code: 'EXPIRED2025', itemsNgn: 50_000, now })?.message).toBe('Coupon EXPIRED2025 expired on 31 Dec 2025');
    expect(couponProblem(rule({}), { code: 'BLOOM10', itemsNgn: 19_999, now })?.message).toBe(
      'Coupon BLOOM10 needs an order of at least ₦20,000 before delivery; this order comes to ₦19,999',
    );
    expect(couponProblem(rule({}), { code: 'BLOOM10', itemsNgn: 20_000, now })).toBeNull();
    expect(couponProblem(rule({ usageLimit: 1, usedCount: 1 }), { code: 'BLOOM10', itemsNgn: 20_000, now, heldByOthers: 0 })?.code).toBe('COUPON_USED_UP');
    expect(couponProblem(rule({ usageLimit: 1, usedCount: 0 }), { code: 'BLOOM10', itemsNgn: 20_000, now, heldByOthers: 1 })?.code).toBe('COUPON_USED_UP');
    expect(couponProblem(rule({ usageLimit: 1, usedCount: 0 }), { code: 'BLOOM10', itemsNgn: 20_000, now, heldByOthers: 0 })).toBeNull();
    // Without the holds of others, the usage is left to the hold.
    expect(couponProblem(rule({ usageLimit: 1, usedCount: 1 }), { code: 'BLOOM10', itemsNgn: 20_000, now })).toBeNull();
  });

  it('holds a limited coupon for 30 minutes and counts a use when paid (issue 19, item 4)', () => {
    expect(COUPON_HOLD_MS).toBe(30 * 60_000);
    expect(couponHeldUntil(now)).toBe('2031-05-20T10:30:00.000Z');
    expect(holdIsLive('2031-05-20T10:30:00.000Z', new Date('2031-05-20T10:29:59.999Z'))).toBe(true);
    expect(holdIsLive('2031-05-20T10:30:00.000Z', new Date('2031-05-20T10:30:00.000Z'))).toBe(false);
    expect(holdIsLive(null, now)).toBe(false);
    // Free while the uses counted and the live holds of others leave room.
    expect(couponIsFree({ usageLimit: null, usedCount: 900 }, 50)).toBe(true);
    expect(couponIsFree({ usageLimit: 3, usedCount: 1 }, 1)).toBe(true);
    expect(couponIsFree({ usageLimit: 3, usedCount: 1 }, 2)).toBe(false);
    // A paid use is over the limit only when someone else was promised the room meanwhile.
    expect(paidUseOverLimit({ usageLimit: 1, usedCount: 0 }, 0)).toBe(false);
    expect(paidUseOverLimit({ usageLimit: 1, usedCount: 0 }, 1)).toBe(true);
    expect(paidUseOverLimit({ usageLimit: 1, usedCount: 1 }, 0)).toBe(true);
    expect(paidUseOverLimit({ usageLimit: null, usedCount: 5 }, 5)).toBe(false);
    expect(COUPON_MESSAGES.lapsed('ONEUSE', '₦45,000')).toBe(
      'The coupon ONEUSE was held for 30 minutes and has since been used up, so it was taken off this order: the total is now ₦45,000.',
    );
  });

  it('computes percentage and fixed discounts in naira and in the order currency', () => {
    expect(couponDiscount({ kind: 'percent', amount: 10 }, { itemsNgn: 45_000, items: 65, rate: 700 })).toEqual({ discountNgn: 4500, discount: 6 });
    expect(couponDiscount({ kind: 'fixed', amount: 5000 }, { itemsNgn: 45_000, items: 45_000, rate: 1 })).toEqual({ discountNgn: 5000, discount: 5000 });
    // Rounded down: ₦5,000 is £5.62, so £5 off (£6 would be worth ₦5,340); $7, not $8 worth ₦5,600.
    expect(couponDiscount({ kind: 'fixed', amount: 5000 }, { itemsNgn: 45_000, items: 51, rate: 890 })).toEqual({ discountNgn: 5000, discount: 5 });
    expect(couponDiscount({ kind: 'fixed', amount: 5000 }, { itemsNgn: 45_000, items: 65, rate: 700 })).toEqual({ discountNgn: 5000, discount: 7 });
    expect(couponDiscount({ kind: 'fixed', amount: 5000 }, { itemsNgn: 3000, items: 3000, rate: 1 })).toEqual({ discountNgn: 3000, discount: 3000 });
    expect(orderTotals({ itemsNgn: 45_000, items: 65, discountNgn: 4500, discount: 6, feeNgn: 4500, rate: 700 })).toEqual({ deliveryFee: 7, totalNgn: 45_000, total: 66 });
  });
});

describe('tracker timeline', () => {
  it('marks steps done from the delivery and payment statuses, with their times', () => {
    const { timeline, status } = buildTimeline({
      deliveryStatus: 'despatched',
      paymentStatus: 'paid - confirmed by transfer',
      checkedOutAt: '2031-05-20T09:00:00.000Z',
      events: [
        { step: 'paid', at: '2031-05-20T10:00:00.000Z' },
        { step: 'arranged', at: '2031-05-20T11:00:00.000Z' },
        { step: 'despatched', at: '2031-05-20T12:00:00.000Z' },
      ],
    });
    expect(status).toBe('despatched');
    expect(timeline).toEqual([
      { step: 'received', done: true, at: '2031-05-20T09:00:00.000Z' },
      { step: 'paid', done: true, at: '2031-05-20T10:00:00.000Z' },
      { step: 'arranged', done: true, at: '2031-05-20T11:00:00.000Z' },
      { step: 'despatched', done: true, at: '2031-05-20T12:00:00.000Z' },
      { step: 'delivered', done: false, at: null },
    ]);
    expect(buildTimeline({ deliveryStatus: 'received', paymentStatus: 'not paid', checkedOutAt: null, events: [] }).status).toBe('received');
  });

  it('matches the sender phone however it is typed', () => {
    for (const typed of ['+2348031234567', '08031234567', '803 123 4567', '234-803-123-4567']) expect(phoneMatches('+2348031234567', typed)).toBe(true);
    for (const typed of ['08031234568', '4567', '1234567', '']) expect(phoneMatches('+2348031234567', typed)).toBe(false);
  });
});

describe('saved recipients and reviews', () => {
  it('dedupes recipients by name, phone and address', () => {
    const tolu = { name: 'Tolu Ade', phone: '+2348098765432', address: '5 Admiralty Way' };
    expect(recipientKey(tolu)).toBe(recipientKey({ name: ' tolu  ade', phone: '+234 809 876 5432', address: '5 admiralty way ' }));
    const saved = withRecipient([tolu, { name: 'Kemi', phone: '+2348000000001', address: 'Ikeja' }], { ...tolu, state: 'lagos' });
    expect(saved).toHaveLength(2);
    expect(saved[1]).toEqual({ ...tolu, state: 'lagos' });
    const many = Array.from({ length: 60 }, (_, i) => ({ name: `R${i}`, phone: '+2348000000000', address: 'x' }));
    expect(many.reduce((list, r) => withRecipient(list, r), [] as typeof many)).toHaveLength(50);
  });

  it('reads a review: integer rating 1–5, comment up to 1000 characters', () => {
    expect(readReview({ rating: 5, comment: ' Lovely ' })).toEqual({ ok: true, review: { rating: 5, comment: 'Lovely' } });
    for (const rating of [0, 6, 4.5, '5', null]) expect(readReview({ rating }).ok).toBe(false);
    const long = readReview({ rating: 4, comment: 'x'.repeat(1001) });
    expect(!long.ok && long.problems.fields).toEqual({ comment: 'must be at most 1000 characters' });
    expect(reviewAuthor('Ada Chioma Obi')).toBe('Ada O.');
    expect(reviewAuthor(null)).toBe('Adire Blooms customer');
  });
});

describe('checkout notes, from the one note table', () => {
  // A note only this test declares: the rules come from the table, not from code written for a field.
  const GATE = {
    gateCode: { label: 'Gate code', key: 'gateCode', maxLength: 8, required: true, methods: ['delivery'], shownOn: ['sheet'] },
    tagLine: { label: 'Tag line', key: 'tagLine', maxLength: 20, required: false, methods: ['delivery', 'pickup'], shownOn: [] },
  } as const satisfies Record<string, CheckoutNoteSpec>;

  it('requires a required note, bounds its length, and names it by its label', () => {
    const missing = new FieldProblems(GATE);
    expect(readNotes(missing, { tagLine: 'Hi' }, 'delivery', GATE)).toEqual({ tagLine: 'Hi' });
    expect(missing.fields).toEqual({ 'orderData.gateCode': 'is required' });
    expect(missing.summary()).toBe('Gate code is required');

    const long = new FieldProblems(GATE);
    readNotes(long, { gateCode: '123456789', tagLine: 'x'.repeat(21) }, 'delivery', GATE);
    expect(long.fields).toEqual({ 'orderData.gateCode': 'must be at most 8 characters', 'orderData.tagLine': 'must be at most 20 characters' });
    expect(long.summary()).toBe('Please correct 2 fields: Gate code and Tag line');

    const wrongType = new FieldProblems(GATE);
    readNotes(wrongType, { gateCode: 1234 }, 'delivery', GATE);
    expect(wrongType.summary()).toBe('Gate code must be text');
  });

  it('asks a note only for its methods, trims it, and drops what the table does not know', () => {
    const p = new FieldProblems(GATE);
    // Pick-up: the gate code is not asked for, so neither required nor kept.
    expect(readNotes(p, { gateCode: 'A1', tagLine: '  With   love ', coupon: 'FREE' }, 'pickup', GATE)).toEqual({ tagLine: 'With love' });
    expect(p.count).toBe(0);
    expect(readNotes(p, { gateCode: ' 4321 ', tagLine: '   ' }, 'delivery', GATE)).toEqual({ gateCode: '4321' });
  });

  it('reads the shop table in the checkout: notes kept trimmed, too long a 400 sentence with the label', () => {
    const ctx = { deliverySettings: settings, now: lagos('2031-05-20', '10:00'), loggedIn: false };
    const body = {
      currency: 'NGN',
      userData: { name: 'Ada Obi', email: 'ada@example.com', phone: '+2348031234567' },
      orderData: {
        deliveryDate: '2031-06-10',
        deliveryMessage: ' With   love ',
        purpose: 'Birthday',
        somethingElse: 'ignored',
        recipient: { method: 'pick-up' },
        pickupLocation: 'Lekki LPL',
      },
    };
    const ok = readCheckout(body, ctx);
    expect(ok.ok && ok.data.notes).toEqual({ deliveryMessage: 'With love', purpose: 'Birthday' });
    body.orderData.purpose = 'x'.repeat(CHECKOUT_NOTES.purpose.maxLength + 1);
    const long = readCheckout(body, ctx);
    expect(!long.ok && long.problems.fields).toEqual({ 'orderData.purpose': 'must be at most 120 characters' });
    expect(!long.ok && long.problems.summary()).toBe('Purpose must be at most 120 characters');
  });

  it('stores the SPEC notes in their columns and every other note in checkout_notes, and reads them back', () => {
    const table = { ...CHECKOUT_NOTES, ...GATE };
    const columns = noteColumns({ deliveryMessage: 'Happy birthday', gateCode: '4321', adminNotes: '', unknown: 'x' }, table);
    expect(columns).toEqual({
      delivery_message: 'Happy birthday',
      purpose: null,
      delivery_instruction: null,
      admin_notes: null,
      checkout_notes: '{"gateCode":"4321"}',
    });
    const row = { ...columns, checkout_notes: '{"gateCode":"4321","retired":"x"}' } as unknown as OrderRow;
    expect(orderNotes(row, table)).toEqual({ deliveryMessage: 'Happy birthday', gateCode: '4321' });
    expect(orderNotes({ ...row, checkout_notes: 'not json' } as OrderRow, table)).toEqual({ deliveryMessage: 'Happy birthday' });
    // The shop's own table: a note it no longer declares is not answered.
    expect(orderNotes(row)).toEqual({ deliveryMessage: 'Happy birthday' });
  });

  it('shows each note where the table says', () => {
    const order = { deliveryMessage: 'Happy birthday', purpose: 'Birthday', deliveryInstruction: 'Call at the gate', adminNotes: '' };
    expect(orderNotesFor(order, 'card')).toEqual([{ name: 'message', label: 'Message for the card', text: 'Happy birthday' }]);
    expect(orderNotesFor(order, 'mail').map((n) => n.name)).toEqual(['message']);
    expect(orderNotesFor(order, 'sheet').map((n) => n.label)).toEqual(['Purpose', 'Delivery instruction']);
  });
});
